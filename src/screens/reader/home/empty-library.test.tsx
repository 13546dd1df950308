// The empty library names the steps that work on the server's engine: on the embedded database
// the import page (operators) or `npm run import` through the running server; on PostgreSQL the
// command, with or without the server.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
});
