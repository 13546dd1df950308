// The documents list against a mocked API (msw): cards with links, search by law number, a 401
// as an empty list, and other failures as an error callout.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { IntlProvider } from 'react-intl';
import { Theme } from '@radix-ui/themes';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { MESSAGES } from '../../../i18n/messages';
import { mockApi } from '../../../testing/mock-api';
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

let answer: () => Response = () => HttpResponse.json({ items: [constitution] });
const queries: string[] = [];
mockApi(
  http.get('*/v1/legal/documents', ({ request }) => {
    queries.push(new URL(request.url).search);
    return answer();
  }),
);

afterEach(() => {
  cleanup();
  queries.length = 0;
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
