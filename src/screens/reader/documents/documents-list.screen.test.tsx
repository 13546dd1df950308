// The documents list against a mocked API (msw): cards with links, cited numbers and type names,
// search by law number, facets and pages from the address, a 401 as an empty list, and other
// failures as an error callout.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { IntlProvider } from 'react-intl';
import { Theme } from '@radix-ui/themes';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { MESSAGES } from '../../../i18n/messages';
import { mockApi } from '../../../testing/mock-api';
import { installDomShims } from '../../../testing/dom-shims';
import { DocumentsListScreen } from './documents-list.screen';

const ID = '8661f9e7-8cb5-5c16-8ba5-202fe87e8806';
const constitution = {
  id: ID,
  external_id: '1/1993 Sb.',
  title: 'Ústava České republiky',
  metadata: { title: 'Ústava České republiky', kind: 'ústavní zákon', source_system: 'czech-law-md' },
  published_date: '1992-12-16',
  effective_date: '1993-01-01',
  expiry_date: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  counts: { nodes: 380, fragments: 392 },
  languages: ['cs'],
  branch: null,
};

const directive = {
  ...constitution,
  id: '8661f9e7-8cb5-5c16-8ba5-202fe87e8807',
  external_id: '32014L0092',
  title: 'SMĚRNICE EVROPSKÉHO PARLAMENTU A RADY 2014/92/EU',
  metadata: { title: 'SMĚRNICE', kind: 'directive', source_system: 'akn' },
  published_date: null,
  effective_date: null,
};

let answer: () => Response = () => HttpResponse.json({ items: [constitution] });
let total = 1;
const queries: string[] = [];
const facetQueries: string[] = [];
mockApi(
  http.get('*/v1/legal/documents', ({ request }) => {
    queries.push(new URL(request.url).search);
    return answer();
  }),
  http.get('*/v1/legal/documents/facets', ({ request }) => {
    facetQueries.push(new URL(request.url).search);
    return HttpResponse.json({
      total,
      jurisdiction: [{ value: 'cz', count: total }],
      type: [{ value: 'constitutional-act', count: total }],
      year: [{ value: '1992', count: total }],
      in_force: [{ value: 'true', count: total }],
    });
  }),
);

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  queries.length = 0;
  facetQueries.length = 0;
  total = 1;
  answer = () => HttpResponse.json({ items: [constitution] });
});

function renderList(path = '/documents') {
  const location = memoryLocation({ path, record: true });
  render(
    <IntlProvider locale="cs" messages={MESSAGES.cs}>
      <Theme>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <DocumentsListScreen />
        </Router>
      </Theme>
    </IntlProvider>,
  );
  return location;
}

describe('DocumentsListScreen', () => {
  it('shows cards that link to /documents/{id}-{slug} with number and dates', async () => {
    renderList();
    const link = await screen.findByRole('link', { name: /Ústava České republiky/ });
    expect(link.getAttribute('href')).toBe(`/documents/${ID}-ustava-ceske-republiky`);
    expect(link.textContent).toContain('1/1993 Sb.');
    expect(link.textContent).toContain('Vyhlášeno 16. 12. 1992');
    expect(link.textContent).toContain('Účinnost od 1. 1. 1993');
    expect(link.textContent).toContain('Ústavní zákon');
    expect(link.textContent).toContain('Česká republika');
    // Pages of 50, as the spec limits them.
    expect(queries[0]).toContain('limit=50');
  });

  it('cites EU acts as lawyers do and sets all-caps titles in sentence case', async () => {
    answer = () => HttpResponse.json({ items: [directive] });
    renderList();
    const link = await screen.findByRole('link', { name: /Směrnice evropského parlamentu/ });
    expect(link.textContent).toContain('směrnice 2014/92/EU');
    expect(link.textContent).toContain('Směrnice');
    expect(link.textContent).not.toContain('SMĚRNICE');
  });

  it('reads facets, sort and page from the address and asks the server for that page', async () => {
    total = 120;
    renderList('/documents?jurisdiction=cz&in_force=true&sort=number&page=2');
    await screen.findByRole('link', { name: /Ústava/ });
    const asked = new URLSearchParams(queries[0]);
    expect(Object.fromEntries(asked)).toEqual({
      jurisdiction: 'cz',
      in_force: 'true',
      sort: 'number',
      limit: '50',
      offset: '50',
    });
    expect(Object.fromEntries(new URLSearchParams(facetQueries[0]))).toEqual({ jurisdiction: 'cz', in_force: 'true' });
    expect(screen.getByText('Strana 2 z 3')).toBeTruthy();
  });

  it('goes to the next page and writes it into the address', async () => {
    total = 120;
    const location = renderList('/documents?type=act');
    await screen.findByRole('link', { name: /Ústava/ });
    fireEvent.click(screen.getByRole('button', { name: 'Další strana' }));
    await screen.findByText('Strana 2 z 3');
    expect(location.history.at(-1)).toBe('/documents?type=act&page=2');
    expect(queries.at(-1)).toContain('offset=50');
  });

  it('searches by law number on Enter and keeps it in the address', async () => {
    const location = renderList();
    await screen.findByRole('link', { name: /Ústava/ });
    const input = screen.getByLabelText('Číslo předpisu');
    fireEvent.change(input, { target: { value: '1/1993' } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByRole('link', { name: /Ústava/ });
    expect(queries.at(-1)).toContain('external_id=1%2F1993');
    expect(location.history.at(-1)).toBe('/documents?external_id=1%2F1993');
  });

  it('shows a 401 as an empty list without an error', async () => {
    answer = () => HttpResponse.json({ detail: 'login_required' }, { status: 401 });
    renderList();
    expect(await screen.findByText('Hledání neodpovídá žádný dokument.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other failures with their message from the catalogue', async () => {
    answer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    renderList();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Dokumenty se nepodařilo načíst: Na serveru došlo k chybě. Zkuste to později.',
    );
  });
});
