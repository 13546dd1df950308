// The operators' import page with the API mocked: a folder pick keeps its paths, the upload
// shows each file, the summary names what was stored, skipped and failed (the reasons' codes in the
// reader's language); keyboard only, axe clean.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import type { ImportOptions, ImportResult } from '../../../api/contract';
import { createStore } from '../../../atoms/store';
import { serverLocaleAtom } from '../../../atoms/shell/locale.atoms';
import { IMPORT_RESULT, IMPORTED_DOCUMENT_ID } from '../../../machines/admin/fixtures';
import { gdprJob } from '../../../machines/sources/fixtures';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { testUser } from '../../../testing/users';
import { AdminImportScreen } from './admin-import.screen';

const OPTIONS: ImportOptions = {
  engine: 'pglite',
  operator: true,
  limits: { max_files: 10, max_file_bytes: 1000, max_total_bytes: 2000 },
};
const DOCUMENT_ID = IMPORTED_DOCUMENT_ID;
const RESULT = IMPORT_RESULT;
const uploaded: string[][] = [];

setUpComponentTests();
const server = mockApi(
  http.get('*/v1/admin/imports/options', () => HttpResponse.json(OPTIONS)),
  // The by-number section above the files asks for its history.
  http.get('*/v1/admin/sources/imports', () => HttpResponse.json({ items: [] })),
  http.post('*/v1/admin/imports', async ({ request }) => {
    const form = await request.formData();
    uploaded.push(form.getAll('path').map(String));
    expect(form.getAll('file')).toHaveLength(form.getAll('path').length);
    return HttpResponse.json(RESULT);
  }),
);

/** A file as a folder pick gives it: its path inside the folder in webkitRelativePath. */
function folderFile(path: string, text: string): File {
  const file = new File([text], path.split('/').pop()!);
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('AdminImportScreen', () => {
  it('uploads a folder with the keyboard and shows the summary', async () => {
    renderScreen(<AdminImportScreen />, { user: testUser({ operator: true }) });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Choose a folder' });
    await user.upload(screen.getByTestId('import-folder-input'), [
      folderFile('ropr/README.txt', 'notes'),
      folderFile('ropr/2014-09-03.md', '# law'),
    ]);
    const files = screen.getByRole('table', { name: 'Files to import' });
    expect(within(files).getByText('ropr/2014-09-03.md')).toBeTruthy();
    expect(within(files).getByRole('progressbar', { name: 'Upload of ropr/README.txt' })).toBeTruthy();

    // Keyboard only: Tab reaches the import button, Enter starts it.
    const start = screen.getByRole('button', { name: 'Import 2 files' });
    while (document.activeElement !== start) await user.tab();
    await user.keyboard('{Enter}');

    const summary = await screen.findByTestId('import-summary');
    expect(uploaded.at(-1)).toEqual(['ropr/2014-09-03.md', 'ropr/README.txt']);
    expect(
      within(summary).getByText(/New versions: 1; replaced: 0; unchanged: 0; files skipped: 1; failed: 0/),
    ).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'pirati/ropr' }).getAttribute('href')).toBe(
      `/documents/${DOCUMENT_ID}-pirati-ropr`,
    );
    expect(within(summary).getByText('ropr/README.txt')).toBeTruthy();
    expect(within(summary).getByText(': format not recognised')).toBeTruthy();

    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });

  it('says in Czech why files were skipped or failed, with the details the server sent', async () => {
    const result: ImportResult = {
      ...RESULT,
      files: 5,
      counts: { created: 1, replaced: 0, unchanged: 0, skipped: 2, failed: 3 },
      skipped: [
        { file: 'ropr/.notes.md', reason: 'hidden' },
        { file: 'ropr/README.txt', reason: 'format_not_recognized' },
      ],
      failed: [
        { file: 'ropr/broken.json', reason: 'parse_failed', message: 'line 3: unexpected end of input' },
        { file: 'ropr/2015-05-28.md', reason: 'conflict' },
        { file: 'ropr/2017-02-01.md', reason: 'conflict' },
      ],
      conflicts: [
        { external_id: 'pirati/ropr', valid_from: '2015-05-28', files: ['ropr/2015-05-28.md', 'ropr/2017-02-01.md'] },
      ],
    };
    server.use(http.post('*/v1/admin/imports', () => HttpResponse.json(result)));
    const store = createStore();
    store.set(serverLocaleAtom, 'cs');
    renderScreen(<AdminImportScreen />, { store, user: testUser({ operator: true }) });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Vybrat soubory' });
    await user.upload(screen.getByTestId('import-files-input'), [new File(['x'], 'law.json')]);
    await user.click(screen.getByRole('button', { name: 'Importovat 1 soubor' }));

    const summary = await screen.findByTestId('import-summary');
    const lineOf = (file: string) => within(summary).getByText(file).closest('li')!.textContent;
    expect(lineOf('ropr/README.txt')).toBe('ropr/README.txt: formát nebyl rozpoznán');
    expect(lineOf('ropr/.notes.md')).toBe('ropr/.notes.md: skrytý soubor (název začíná tečkou)');
    expect(lineOf('ropr/broken.json')).toBe(
      'ropr/broken.json: soubor se nepodařilo načíst; podrobnosti: line 3: unexpected end of input',
    );
    expect(lineOf('ropr/2015-05-28.md')).toBe(
      'ropr/2015-05-28.md: konflikt: verzi pirati/ropr (2015-05-28) obsahuje s odlišným obsahem také soubor ' +
        'ropr/2017-02-01.md; žádný z těchto souborů nebyl importován',
    );
    expect(summary.textContent).not.toMatch(/format not recogni[sz]ed|hidden|conflict/);
  });

  it('names the deepest folder a walk reads', async () => {
    const result: ImportResult = {
      ...RESULT,
      counts: { ...RESULT.counts, skipped: 1 },
      skipped: [{ file: 'a/b', reason: 'too_deep' }],
    };
    server.use(http.post('*/v1/admin/imports', () => HttpResponse.json(result)));
    renderScreen(<AdminImportScreen />, { user: testUser({ operator: true }) });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Choose files' });
    await user.upload(screen.getByTestId('import-files-input'), [new File(['x'], 'law.json')]);
    await user.click(screen.getByRole('button', { name: 'Import 1 file' }));
    const summary = await screen.findByTestId('import-summary');
    // MAX_PATH_DEPTH 16 segments: 15 folders and the file.
    expect(within(summary).getByText('a/b').closest('li')!.textContent).toBe(
      'a/b: a folder nested more than 15 levels deep (not read)',
    );
  });

  it('reloads the history of imports from the services when the starter set ends', async () => {
    let lists = 0;
    const ended = { ...gdprJob(2), kind: 'starter_set' as const };
    server.use(
      http.get('*/v1/admin/sources/imports', () => {
        lists += 1;
        return HttpResponse.json({ items: lists > 1 ? [ended] : [] });
      }),
      http.post('*/v1/admin/sources/starter-set', () => HttpResponse.json(ended, { status: 202 })),
    );
    renderScreen(<AdminImportScreen />, { user: testUser({ operator: true }) });
    const user = userEvent.setup();
    expect(await screen.findByText('Nothing imported from the services yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import the starter set' }));
    expect(await screen.findByText('Starter set', { selector: 'th' })).toBeTruthy();
    expect(lists).toBe(2);
  });

  it('says why the server refused, keeping the pick', async () => {
    server.use(
      http.post('*/v1/admin/imports', () =>
        HttpResponse.json({ detail: 'import_running', message: 'busy' }, { status: 409 }),
      ),
    );
    renderScreen(<AdminImportScreen />, { user: testUser({ operator: true }) });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Choose files' });
    await user.upload(screen.getByTestId('import-files-input'), [new File(['x'], 'law.json')]);
    await user.click(screen.getByRole('button', { name: 'Import 1 file' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Another import is running on this server');
    expect(screen.getByRole('button', { name: 'Import 1 file' })).toBeTruthy();
  });

  it('tells someone who is no operator that the page is not theirs', async () => {
    server.use(http.get('*/v1/admin/imports/options', () => HttpResponse.json({ ...OPTIONS, operator: false })));
    renderScreen(<AdminImportScreen />, { user: testUser() });
    expect((await screen.findByRole('alert')).textContent).toContain('Only the operators of this Lexhub instance');
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
  });

  it('refuses a pick over the limits before sending it', async () => {
    renderScreen(<AdminImportScreen />, { user: testUser({ operator: true }) });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Choose files' });
    await user.upload(screen.getByTestId('import-files-input'), [new File(['x'.repeat(1001)], 'big.json')]);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('larger than one import allows'));
    expect((screen.getByRole('button', { name: 'Import 1 file' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
