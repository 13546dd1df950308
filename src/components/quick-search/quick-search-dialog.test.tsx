// The quick search dialog against a mocked autocomplete endpoint: shortcut, grouped results,
// keyboard selection, navigation, empty and error states, accessibility.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createStore } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { renderScreen } from '../../testing/render-screen';
import axe from 'axe-core';
import { quickSearchInitialQueryAtom, quickSearchOpenAtom } from '../../atoms/reader/quick-search.atoms';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { mockApi } from '../../testing/mock-api';
import { JANA as USER } from '../../testing/users';
import { ARTICLE_54, ARTICLE_56, CONSTITUTION_ID } from '../../testing/search-fixtures';
import { QuickSearchDialog } from './quick-search-dialog';

const CONSTITUTION = {
  document_id: '6f1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d9f',
  title: 'Ústava České republiky',
  external_id: '1/1993 Sb.',
  group: 'search',
};
const CHARTER = {
  document_id: '0b7f5a52-8d8e-5c43-8f0e-2a9d3c7b6e11',
  title: 'Listina základních práv a svobod',
  external_id: '2/1993 Sb.',
  group: 'search',
};

const requests: string[] = [];
const server = mockApi(
  http.get('*/v1/search/autocomplete', ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams.get('q') ?? '';
    requests.push(`${q}|${url.searchParams.get('limit')}`);
    if (q === 'boom') return HttpResponse.json({ detail: 'internal' }, { status: 500 });
    return HttpResponse.json({ items: q.startsWith('ustava') ? [CONSTITUTION, CHARTER] : [] });
  }),
  // The app's providers keep a logged-in user's interface language.
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
);
afterEach(() => {
  cleanup();
  requests.length = 0;
});

function renderDialog(locale: 'en' | 'cs' = 'en', store = createStore()) {
  store.set(localeAtom, locale);
  const { location } = renderScreen(<QuickSearchDialog />, { store });
  return { store, location, user: userEvent.setup() };
}

const pressCtrlK = () => fireEvent.keyDown(window, { key: 'k', ctrlKey: true });

const doc = (n: number, group: string) => ({
  document_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Zákon ${n}`,
  external_id: `${n}/2000 Sb.`,
  group,
});

describe('QuickSearchDialog for a logged-in user', () => {
  it('shows pinned, recent, frequent and search groups with counts, in that order, and the arrows cross them', async () => {
    const recorded: unknown[] = [];
    server.use(
      http.get('*/v1/search/autocomplete', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        requests.push(`${q}|personal`);
        // The server's order is not the display order.
        return HttpResponse.json({
          items: [
            doc(1, 'search'),
            doc(2, 'frequent'),
            doc(3, 'recent'),
            doc(4, 'pinned'),
            doc(5, 'recent'),
            doc(6, 'pinned'),
          ],
        });
      }),
      http.post('*/v1/user/document-access', async ({ request }) => {
        recorded.push(await request.json());
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    const store = createStore();
    store.set(currentUserAtom, USER);
    const { location, user } = renderDialog('en', store);
    pressCtrlK();
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    // Opened with an empty box: the personal groups are asked for at once.
    expect(requests).toEqual(['|personal']);
    const groups = within(listbox).getAllByRole('group');
    expect(
      groups.map(
        (group) =>
          group.getAttribute('aria-labelledby') &&
          document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent,
      ),
    ).toEqual(['Pinned (2)', 'Recently opened (2)', 'Frequently opened (1)', 'Documents (1)']);
    expect(within(listbox).getByRole('group', { name: 'Pinned (2)' })).toBe(groups[0]);
    const titles = within(listbox)
      .getAllByRole('option')
      .map((option) => option.querySelector('.quick-search-title')!.textContent);
    expect(titles).toEqual(['Zákon 4', 'Zákon 6', 'Zákon 3', 'Zákon 5', 'Zákon 2', 'Zákon 1']);

    // ArrowUp from nothing wraps to the last group's option; three more ArrowDowns cross into the second group.
    const input = screen.getByRole('combobox');
    await user.keyboard('{ArrowUp}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)!.textContent).toContain('Zákon 1');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!)!;
    expect(active.textContent).toContain('Zákon 3');
    expect(active.closest('[role="group"]')).toBe(groups[1]);
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe(`/documents/${doc(3, 'recent').document_id}-zakon-3`);
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({ document_id: doc(3, 'recent').document_id, context: 'autocomplete' });
    expect(typeof (recorded[0] as { session_id: string }).session_id).toBe('string');
  });

  it('records nothing for an anonymous reader', async () => {
    const recorded: unknown[] = [];
    server.use(
      http.post('*/v1/user/document-access', async ({ request }) => {
        recorded.push(await request.json());
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    const store = createStore();
    store.set(currentUserAtom, null);
    const { location, user } = renderDialog('en', store);
    pressCtrlK();
    await user.type(await screen.findByRole('combobox'), 'ustava');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(location.history.at(-1)).toContain(CONSTITUTION.document_id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorded).toEqual([]);
  });
});

describe('QuickSearchDialog', () => {
  it('opens with Ctrl+K (and ⌘K) on the prompt, the input focused', async () => {
    const { store } = renderDialog();
    expect(screen.queryByRole('dialog')).toBeNull();
    const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, cancelable: true });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Search documents' });
    expect(store.get(quickSearchOpenAtom)).toBe(true);
    expect(within(dialog).getByText('Type a title or a number, e.g. Ústava or 1/1993')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox')));
    expect(requests).toEqual([]);

    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(quickSearchOpenAtom)).toBe(false);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'K', metaKey: true })));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('gives the focus back to where it was when it closes', async () => {
    const { user } = renderDialog();
    const outside = document.createElement('button');
    outside.textContent = 'outside';
    document.body.append(outside);
    outside.focus();
    pressCtrlK();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it("typing 'ustava' shows the group with its count; ArrowDown + Enter opens the document and closes", async () => {
    const { store, location, user } = renderDialog();
    pressCtrlK();
    const input = await screen.findByRole('combobox');
    await user.type(input, 'ustava');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    const group = within(listbox).getByRole('group', { name: 'Documents (2)' });
    const options = within(group).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]!.textContent).toContain('Ústava České republiky');
    expect(options[0]!.textContent).toContain('1/1993 Sb.');
    expect(options[0]!.textContent).toContain('Match');
    expect(requests).toEqual(['ustava|20']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getByRole('status').textContent).toBe('2 results');

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');

    expect(location.history.at(-1)).toBe(`/documents/${CONSTITUTION.document_id}-ustava-ceske-republiky`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(quickSearchOpenAtom)).toBe(false);

    // Opening again starts clean.
    pressCtrlK();
    expect(((await screen.findByRole('combobox')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('opens the clicked result', async () => {
    const { location, user } = renderDialog();
    pressCtrlK();
    await user.type(await screen.findByRole('combobox'), 'ustava');
    await user.click(await screen.findByRole('option', { name: /Listina/ }));
    expect(location.history.at(-1)).toBe(`/documents/${CHARTER.document_id}-listina-zakladnich-prav-a-svobod`);
  });

  it('starts with the query the header box set, and searches it', async () => {
    const { store } = renderDialog();
    act(() => {
      store.set(quickSearchInitialQueryAtom, 'ustava ceske');
      store.set(quickSearchOpenAtom, true);
    });
    expect(((await screen.findByRole('combobox')) as HTMLInputElement).value).toBe('ustava ceske');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(requests).toEqual(['ustava ceske|20']);
    expect(store.get(quickSearchInitialQueryAtom)).toBe('');
  });

  it('says when nothing is found, and when the search fails', async () => {
    const { user } = renderDialog();
    pressCtrlK();
    const input = await screen.findByRole('combobox');
    await user.type(input, 'qqqq');
    expect(await screen.findByText('Nothing found for “qqqq”', { selector: 'p' })).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'boom');
    expect(await screen.findByText('Search failed: API 500: internal')).toBeTruthy();
  });

  it('adds the "in the text" group, opens a hit at its provision, and shows all results on the search screen', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/v1/search/autocomplete', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('q')}|${params.get('text')}`);
        return HttpResponse.json({ items: [CONSTITUTION], text_hits: [ARTICLE_54, ARTICLE_56] });
      }),
    );
    const { location, user } = renderDialog();
    pressCtrlK();
    const input = await screen.findByRole('combobox');
    await user.type(input, 'prezident');
    const group = await screen.findByRole('group', { name: 'In the text (2)' });
    expect(asked).toEqual(['prezident|true']);
    const hits = within(group).getAllByRole('option');
    expect(hits[0]!.textContent).toContain('čl. 54 odst. 1, 1/1993 Sb.');
    expect([...hits[0]!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Prezident', 'republiky']);
    expect(screen.getByRole('status').textContent).toBe('3 results');
    // The documents come first; the second ArrowDown reaches the first hit.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(hits[0]!.id);
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe(`/documents/${CONSTITUTION_ID}-ustava-ceske-republiky?p=cl-54/odst-1&lang=cs`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // "Show all results": reached with Tab, and with Ctrl+Enter.
    pressCtrlK();
    await user.type(await screen.findByRole('combobox'), 'prezident');
    await screen.findByRole('group', { name: 'In the text (2)' });
    await user.tab();
    const all = screen.getByRole('button', { name: 'Show all results for “prezident”' });
    expect(document.activeElement).toBe(all);
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe('/search?q=prezident');
    pressCtrlK();
    await user.type(await screen.findByRole('combobox'), 'hlavou státu');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(location.history.at(-1)).toBe('/search?q=hlavou+st%C3%A1tu');
  });

  it('speaks Czech', async () => {
    const { user } = renderDialog('cs');
    pressCtrlK();
    expect(await screen.findByRole('dialog', { name: 'Hledat dokumenty' })).toBeTruthy();
    await user.type(screen.getByRole('combobox'), 'ustava');
    expect(await screen.findByRole('group', { name: 'Dokumenty (2)' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 výsledky');
  });

  it('has no serious or critical axe violations with results shown', async () => {
    const { user } = renderDialog();
    pressCtrlK();
    await user.type(await screen.findByRole('combobox'), 'ustava');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`),
    ).toEqual([]);
  });
});
