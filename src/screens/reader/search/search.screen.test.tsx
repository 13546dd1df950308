// The search screen against a mocked GET /search (msw): results grouped by document with citations,
// snippets marked and links to the reader at the provision, the resolved citation first (Enter
// again opens it), the empty, nothing-found and failed states, Czech, and axe.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { createStore } from '../../../atoms/store';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { installDomShims } from '../../../testing/dom-shims';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { ARTICLE_54_RESULT, CONSTITUTION_ID, NOTHING_RESULT, PRESIDENT_RESULT } from '../../../testing/search-fixtures';
import { SearchScreen } from './search.screen';

const requests: URLSearchParams[] = [];
mockApi(
  http.get('*/v1/search', ({ request }) => {
    const params = new URL(request.url).searchParams;
    requests.push(params);
    const q = params.get('q') ?? '';
    if (q === 'boom') return HttpResponse.json({ detail: 'validation_failed', field: 'q' }, { status: 400 });
    if (q.startsWith('čl. 54')) return HttpResponse.json(ARTICLE_54_RESULT);
    if (q.startsWith('prezident')) return HttpResponse.json(PRESIDENT_RESULT);
    return HttpResponse.json({ ...NOTHING_RESULT, query: q });
  }),
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
);

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  requests.length = 0;
});

function renderSearch(path: string, locale: 'en' | 'cs' = 'en') {
  const store = createStore();
  store.set(localeAtom, locale);
  const rendered = renderScreen(<SearchScreen />, { path, store });
  return { ...rendered, user: userEvent.setup() };
}

const ARTICLE_54_PATH = `/documents/${CONSTITUTION_ID}-ustava-ceske-republiky?p=cl-54/odst-1&lang=cs`;

describe('SearchScreen', () => {
  it('shows the hits grouped by document, each with its citation, marked snippet and reader link', async () => {
    const { container } = renderSearch('/search?q=prezident+republiky&lang=cs');
    expect(await screen.findByText('1 document found')).toBeTruthy();
    expect(requests[0]!.get('q')).toBe('prezident republiky');
    expect(requests[0]!.get('lang')).toBe('cs');
    expect(requests[0]!.get('offset')).toBe('0');

    const group = screen.getByRole('heading', { level: 2, name: 'Ústava České republiky' });
    expect(group.querySelector('a')!.getAttribute('href')).toBe(`/documents/${CONSTITUTION_ID}-ustava-ceske-republiky`);
    expect(screen.getByText('1/1993 Sb.')).toBeTruthy();
    expect(screen.getByText('14 matching provisions')).toBeTruthy();
    const hit = screen.getByRole('link', { name: /čl\. 54 odst\. 1, 1\/1993 Sb\./ });
    expect(hit.getAttribute('href')).toBe(ARTICLE_54_PATH);
    expect([...hit.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Prezident', 'republiky']);
    expect(hit.textContent).toContain('Prezident republiky je hlavou státu.');
    expect(screen.getByRole('link', { name: /čl\. 56 odst\. 1/ }).getAttribute('href')).toContain('p=cl-56/odst-1');
    expect(screen.queryByRole('link', { name: /^Go to/ })).toBeNull();

    const report = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('offers a resolved citation first, and Enter again opens it', async () => {
    const { location, user } = renderSearch('/search?q=%C4%8Dl.+54+%C3%BAstavy');
    const go = await screen.findByRole('link', { name: 'Go to čl. 54, 1/1993 Sb.' });
    expect(go.getAttribute('href')).toBe(`/documents/${CONSTITUTION_ID}-ustava-ceske-republiky?p=cl-54`);
    // It comes before the results.
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(go.compareDocumentPosition(headings[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search the text of every provision' });
    await user.click(box);
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe(`/documents/${CONSTITUTION_ID}-ustava-ceske-republiky?p=cl-54`);
    expect(requests).toHaveLength(1);
  });

  it('prompts for words without asking, then searches and keeps the words in the address', async () => {
    const { location, user } = renderSearch('/search');
    expect(screen.getByText(/Type words from the text of a provision/)).toBeTruthy();
    expect(requests).toHaveLength(0);
    await user.type(screen.getByRole('searchbox'), 'prezident republiky{Enter}');
    expect(await screen.findByText('1 document found')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/search?q=prezident+republiky');
  });

  it('says when nothing is found, and shows the catalogue message of a failure with a retry', async () => {
    const { user } = renderSearch('/search?q=qqqq');
    expect(await screen.findByText('Nothing found for “qqqq”')).toBeTruthy();
    expect(screen.getByText(/Check the spelling/)).toBeTruthy();
    const box = screen.getByRole('searchbox');
    await user.clear(box);
    await user.type(box, 'boom{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The search failed: These words cannot be searched');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Czech', async () => {
    renderSearch('/search?q=prezident', 'cs');
    expect(await screen.findByText('Nalezen 1 předpis')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Vyhledávání' })).toBeTruthy();
    expect(screen.getByText('14 odpovídajících ustanovení')).toBeTruthy();
    expect(screen.getByText('Znění')).toBeTruthy();
  });
});
