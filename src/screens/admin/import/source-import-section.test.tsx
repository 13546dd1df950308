// The "By number" section against a mocked API: the keyboard finds GDPR, the languages are
// ticked, Import shows progress until the job ends with a link to the stored document and the
// problem in words (dates and languages too, never ISO codes); an offline server is said
// plainly; axe clean.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { GDPR, gdprJob, STORED_DOCUMENT_ID } from '../../../machines/sources/fixtures';
import { sourceImportMachine } from '../../../machines/sources/source-import.machine';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { testUser } from '../../../testing/users';
import { SourceImportSection } from './source-import-section';

const started: unknown[] = [];
let polls = 0;

/** The section as the page holds it: the page owns the flow. */
function Section() {
  return <SourceImportSection flow={useActorRef(sourceImportMachine)} />;
}

setUpComponentTests();
const server = mockApi(
  http.post('*/v1/admin/sources/resolve', () => HttpResponse.json(GDPR)),
  http.post('*/v1/admin/sources/imports', async ({ request }) => {
    started.push(await request.json());
    return HttpResponse.json(gdprJob(0), { status: 202 });
  }),
  http.get('*/v1/admin/sources/imports/:id', () => HttpResponse.json(gdprJob(polls++ === 0 ? 1 : 2))),
  http.get('*/v1/admin/sources/imports', () => HttpResponse.json({ items: polls > 1 ? [gdprJob(2)] : [] })),
);

describe('SourceImportSection', () => {
  beforeEach(() => {
    started.length = 0;
    polls = 0;
  });

  it('finds an act by CELEX with the keyboard and imports it with progress', async () => {
    renderScreen(<Section />, { user: testUser({ operator: true }) });
    const user = userEvent.setup();
    expect(await screen.findByText('Nothing imported from the services yet.')).toBeTruthy();
    const field = screen.getByLabelText('CELEX number or ELI');
    await user.type(field, '1/1993{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(/CELEX/);
    await user.clear(field);
    await user.type(field, '32016R0679{Enter}');
    const act = await screen.findByTestId('source-act');
    expect(within(act).getByText(/General Data Protection Regulation/)).toBeTruthy();
    expect((within(act).getByRole('checkbox', { name: 'Czech' }) as HTMLElement).getAttribute('data-state')).toBe(
      'checked',
    );
    expect(within(act).getByRole('checkbox', { name: 'German' }).getAttribute('data-state')).toBe('unchecked');
    // Dates as the reader writes them, not ISO.
    expect(within(act).getByText('original, 4 May 2016')).toBeTruthy();
    expect(within(act).getByText('consolidated, in force from 4 May 2016')).toBeTruthy();

    await user.click(within(act).getByRole('button', { name: 'Import in 2 languages' }));
    const job = await screen.findByTestId('source-job', {}, { timeout: 3000 });
    expect(started).toEqual([{ source: 'cellar', id: '32016R0679', languages: ['cs', 'en'] }]);
    // While the job runs the form waits.
    expect((field as HTMLInputElement).disabled).toBe(true);
    expect(await within(job).findByText(/Finished: 1 of 2/, {}, { timeout: 4000 })).toBeTruthy();
    const link = within(job).getByRole('link', { name: /General Data Protection Regulation/ });
    expect(link.getAttribute('href')).toContain(STORED_DOCUMENT_ID);
    expect(
      within(job).getByText(/no text of this version in this language; details: no EN manifestation/),
    ).toBeTruthy();
    // The problem names its language, and the table its version's date, in words.
    expect(within(job).getByText('32016R0679 · English')).toBeTruthy();
    expect(within(job).getAllByText('original, 4 May 2016').length).toBeGreaterThan(0);
    expect(await screen.findByText('1 of 2 stored')).toBeTruthy();

    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });

  it('says plainly that the server has no network access and files still import', async () => {
    server.use(
      http.post('*/v1/admin/sources/resolve', () =>
        HttpResponse.json({ detail: 'source_offline', message: 'no network' }, { status: 503 }),
      ),
    );
    renderScreen(<Section />, { user: testUser({ operator: true }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Czech law/ }));
    await user.type(screen.getByLabelText('Number/year'), '1/1993{Enter}');
    expect((await screen.findByTestId('source-offline')).textContent).toMatch(
      /no network access .* Importing from files below still works/,
    );
  });

  it('says once that the server lost its network access during the import', async () => {
    const stopped = {
      ...gdprJob(1),
      status: 'failed' as const,
      error: { detail: 'source_offline' as const, message: 'x' },
    };
    server.use(http.get('*/v1/admin/sources/imports/:id', () => HttpResponse.json(stopped)));
    renderScreen(<Section />, { user: testUser({ operator: true }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('CELEX number or ELI'), '32016R0679{Enter}');
    const act = await screen.findByTestId('source-act');
    await user.click(within(act).getByRole('button', { name: 'Import in 2 languages' }));
    expect((await screen.findByTestId('source-offline', {}, { timeout: 3000 })).textContent).toMatch(
      /no network access/,
    );
    expect(screen.getByTestId('source-job')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
