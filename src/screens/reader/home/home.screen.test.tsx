// Home: title, subtitle, the two buttons, the search box, the entry points with counts, and the
// import instructions for an empty library.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LibrarySummary } from '../../../api/contract';
import { HomeScreen } from './home.screen';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';

const EMPTY: LibrarySummary = { documents: 0, jurisdictions: [], recently_updated: 0, public_collections: 0 };
const FILLED: LibrarySummary = {
  documents: 12,
  jurisdictions: [
    { value: 'cz', count: 6 },
    { value: 'eu', count: 4 },
    { value: 'de', count: 2 },
  ],
  recently_updated: 3,
  public_collections: 1,
};
const asked: string[] = [];
const summaryOf = (summary: LibrarySummary) =>
  http.get('*/v1/legal/library/summary', ({ request }) => {
    asked.push(new URL(request.url).pathname);
    return HttpResponse.json(summary);
  });
setUpComponentTests();
const server = mockApi(
  summaryOf(EMPTY),
  // The empty library's steps depend on the engine (empty-library.test.tsx tests them).
  http.get('*/v1/admin/imports/options', () =>
    HttpResponse.json({
      engine: 'postgres',
      operator: false,
      limits: { max_files: 1, max_file_bytes: 1, max_total_bytes: 1 },
    }),
  ),
);

afterEach(() => {
  asked.length = 0;
});

describe('HomeScreen', () => {
  it('shows the title, the subtitle and the two buttons', async () => {
    renderScreen(<HomeScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Lexhub' })).toBeTruthy();
    expect(screen.getByText('Legal operating system with search, editor, and Copilot.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Collections' }).getAttribute('href')).toBe('/collections');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
    await screen.findByTestId('empty-library');
  });

  it('explains how to import documents when the library is empty', async () => {
    renderScreen(<HomeScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'The library is empty' })).toBeTruthy();
    expect(screen.getByText('npm run import -- <file or folder>')).toBeTruthy();
    expect(asked).toEqual(['/v1/legal/library/summary']);
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('offers the entry points with their counts when the library has documents', async () => {
    server.use(summaryOf(FILLED));
    renderScreen(<HomeScreen />);
    const czech = await screen.findByRole('link', { name: 'Czech law 6 documents' });
    expect(czech.getAttribute('href')).toBe('/documents?jurisdiction=cz');
    expect(screen.getByRole('link', { name: 'EU law 4 documents' }).getAttribute('href')).toBe(
      '/documents?jurisdiction=eu',
    );
    // Every legal order but Czech and EU law.
    expect(screen.getByRole('link', { name: 'Other jurisdictions 2 documents' }).getAttribute('href')).toBe(
      '/documents?jurisdiction_not=cz,eu',
    );
    expect(screen.getByRole('link', { name: 'Recently updated 3 documents' }).getAttribute('href')).toBe(
      '/documents?sort=updated',
    );
    expect(screen.getByRole('link', { name: 'Public collections 1 collection' }).getAttribute('href')).toBe(
      '/collections',
    );
    expect(screen.queryByTestId('empty-library')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches the library through the search screen', async () => {
    server.use(summaryOf(FILLED));
    const { location } = renderScreen(<HomeScreen />);
    const box = await screen.findByRole('searchbox', { name: 'Search the library' });
    const user = userEvent.setup();
    await user.type(box, 'ústava{Enter}');
    expect(location.history.at(-1)).toBe('/search?q=%C3%BAstava');
  });

  it('reports a failure and tries again on request', async () => {
    server.use(
      http.get('*/v1/legal/library/summary', () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 })),
    );
    renderScreen(<HomeScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The library could not be loaded: Something went wrong on the server. Try again later.',
    );

    server.resetHandlers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('empty-library')).toBeTruthy();
  });
});
