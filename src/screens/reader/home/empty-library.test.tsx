// The empty library names the steps that work on the server's engine: on the embedded database
// the import page (operators) or `npm run import` through the running server; on PostgreSQL the
// command, with or without the server.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gdprJob } from '../../../machines/sources/fixtures';
import { http, HttpResponse } from 'msw';
import type { ImportOptions } from '../../../api/contract';
import { EmptyLibrary } from './empty-library';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';

const LIMITS = { max_files: 5000, max_file_bytes: 1, max_total_bytes: 1 };
const optionsOf = (options: ImportOptions) => http.get('*/v1/admin/imports/options', () => HttpResponse.json(options));

setUpComponentTests();
const server = mockApi(optionsOf({ engine: 'pglite', operator: true, limits: LIMITS }));

describe('EmptyLibrary', () => {
  it('on the embedded database, sends operators to the import page and names the command through the server', async () => {
    renderScreen(<EmptyLibrary />);
    expect(await screen.findByText(/one process opens at a time/)).toBeTruthy();
    expect(screen.getByText('npm run import -- <file or folder>')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the import page' }).getAttribute('href')).toBe('/admin/import');
  });

  it('on PostgreSQL, names the command and no import page for someone who is no operator', async () => {
    server.use(optionsOf({ engine: 'postgres', operator: false, limits: LIMITS }));
    renderScreen(<EmptyLibrary />);
    expect(await screen.findByText(/runs on PostgreSQL/)).toBeTruthy();
    expect(screen.getByText('npm run import -- <file or folder>')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the import page' })).toBeNull();
  });

  it('keeps the general steps when the engine cannot be asked', async () => {
    server.use(
      http.get('*/v1/admin/imports/options', () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 })),
    );
    renderScreen(<EmptyLibrary />);
    expect(await screen.findByText(/In the project folder, run/)).toBeTruthy();
  });

  it('imports the starter set for an operator with progress, then asks for the library again', async () => {
    const done = { ...gdprJob(2), kind: 'starter_set' as const };
    server.use(
      http.post('*/v1/admin/sources/starter-set', () => HttpResponse.json(gdprJob(0), { status: 202 })),
      http.get('*/v1/admin/sources/imports/:id', () => HttpResponse.json(done)),
    );
    const onImported = vi.fn();
    renderScreen(<EmptyLibrary onImported={onImported} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Import the starter set' }));
    expect(await screen.findByText(/Finished: 1 of 2/, {}, { timeout: 4000 })).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('falls back to the file steps when the server is offline, and tells others who can import', async () => {
    server.use(
      http.post('*/v1/admin/sources/starter-set', () =>
        HttpResponse.json({ detail: 'source_offline', message: 'no network' }, { status: 503 }),
      ),
    );
    const first = renderScreen(<EmptyLibrary />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Import the starter set' }));
    expect((await screen.findByTestId('source-offline')).textContent).toMatch(/no network access.*from files/);
    expect(screen.getByText('npm run import -- <file or folder>')).toBeTruthy();
    first.unmount();

    server.use(optionsOf({ engine: 'pglite', operator: false, limits: LIMITS }));
    renderScreen(<EmptyLibrary />);
    expect(await screen.findByText(/can be imported by this site's administrator/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import the starter set' })).toBeNull();
  });
});
