// A published collection's page against a mocked API: every address shape reaches it (through the
// route table), what it shows (breadcrumb, name, description, whose, how many in en and cs, items
// with note and pin linking inside the collection), the head (title, canonical), 'Load more', and
// the three failures, and axe.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import type { PublicCollection } from '../../../api/contract/collections';
import { createStore } from '../../../atoms/store';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { AppRoutes } from '../../../routes';
import {
  AKV,
  USTAVA_ID,
  itemOf,
  numberedItem,
  pageOf,
  summaryOf,
} from '../../../machines/collections/public-collection.fixtures';

const FIRST: PublicCollection = pageOf({
  items: [
    itemOf(USTAVA_ID, 'Ústava České republiky', {
      as_of: '2000-01-01',
      branch_id: 'a0e21f26-47d6-54d7-b0a8-069c6f82b92f',
      note: 'Znění před euronovelou.',
    }),
    numberedItem(2),
  ],
  next_cursor: 'c2',
});
const SECOND: PublicCollection = pageOf({ items: [numberedItem(3)], next_cursor: null });

let answer = (_cursor: string | null): Response => HttpResponse.json(_cursor ? SECOND : FIRST);
const asked: string[] = [];
mockApi(
  http.get('*/v1/public/collections/:ownerType/:handle/:slug', ({ request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
    return answer(url.searchParams.get('cursor'));
  }),
);
setUpComponentTests();

function open(path: string, store = createStore()) {
  asked.length = 0;
  return renderScreen(<AppRoutes />, { path, store });
}
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');
const name = () => screen.findByRole('heading', { name: 'Ústavní právo', level: 1 });

describe('PublicCollectionScreen', () => {
  it.each([
    ['/u/jana/ustavni-pravo', '/v1/public/collections/user/jana/ustavni-pravo'],
    ['/u/jana/collections/ustavni-pravo', '/v1/public/collections/user/jana/ustavni-pravo'],
    ['/org/akv/smlouvy', '/v1/public/collections/org/akv/smlouvy'],
    ['/org/akv/collections/smlouvy', '/v1/public/collections/org/akv/smlouvy'],
  ])('%s asks for %s and shows the collection', async (path, call) => {
    answer = () => HttpResponse.json(FIRST);
    open(path);
    expect(await name()).toBeTruthy();
    expect(asked).toEqual([call]);
    // Documents open inside the collection, at the shape the reader came by.
    const links = within(screen.getByTestId('collection-items')).getAllByRole('link');
    expect(links[0]!.getAttribute('href')).toBe(`${path}/documents/${USTAVA_ID}-ustava-ceske-republiky`);
  });

  it('shows breadcrumb, name, description, owner kind, count, items with note and pin, and its head', async () => {
    answer = () => HttpResponse.json(FIRST);
    const { container } = open('/u/jana/collections/ustavni-pravo');
    await name();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Users')).toBeTruthy();
    expect(within(breadcrumb).getByRole('link', { name: '@jana' }).getAttribute('href')).toBe('/u/jana');
    expect(within(breadcrumb).getByText('Ústavní právo').closest('[aria-current="page"]')).toBeTruthy();
    expect(screen.getByTestId('collection-description').textContent).toBe('Základní ústavní předpisy.');
    expect(screen.getByText('Personal Collection')).toBeTruthy();
    expect(screen.getByTestId('collection-count').textContent).toBe('2 documents');
    const pins = screen.getAllByTestId('item-pin').map((pin) => pin.textContent);
    expect(pins).toEqual(['As in force on 1 January 2000', 'Latest']);
    expect(screen.getByText('Znění před euronovelou.')).toBeTruthy();

    await waitFor(() => expect(document.title).toBe('Ústavní právo · Lexhub'));
    expect(canonical()).toBe(`${window.location.origin}/u/jana/ustavni-pravo`);
    expect(robots()).toBeUndefined();

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('names an organization collection under Organizations', async () => {
    answer = () =>
      HttpResponse.json(
        pageOf({
          collection: summaryOf({ owner_type: 'org', owner_handle: 'akv', document_count: 1 }),
          owner: AKV,
          canonical_path: '/org/akv/ustavni-pravo',
        }),
      );
    open('/org/akv/ustavni-pravo');
    await name();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Organizations')).toBeTruthy();
    expect(within(breadcrumb).getByRole('link', { name: 'Advokátní kancelář Veselá' }).getAttribute('href')).toBe(
      '/org/akv',
    );
    expect(screen.getByText('Organization Collection')).toBeTruthy();
    expect(screen.getByTestId('collection-count').textContent).toBe('1 document');
    expect(screen.getByText('This collection holds no documents yet.')).toBeTruthy();
  });

  it.each([
    [1, '1 dokument'],
    [3, '3 dokumenty'],
    [5, '5 dokumentů'],
  ])('counts %i documents in Czech', async (count, text) => {
    answer = () => HttpResponse.json(pageOf({ collection: summaryOf({ document_count: count }) }));
    const store = createStore();
    store.set(localeAtom, 'cs');
    open('/u/jana/ustavni-pravo', store);
    await name();
    expect(screen.getByTestId('collection-count').textContent).toBe(text);
    expect(screen.getByText('Osobní kolekce')).toBeTruthy();
  });

  it('dates a pin as Czech lawyers write it in Czech', async () => {
    answer = () => HttpResponse.json(FIRST);
    const store = createStore();
    store.set(localeAtom, 'cs');
    open('/u/jana/ustavni-pravo', store);
    await name();
    const pins = screen.getAllByTestId('item-pin').map((pin) => pin.textContent?.replace(/\s+/g, ' '));
    expect(pins[0]).toBe('Znění účinné ke dni 1. 1. 2000');
  });

  it('loads more with next_cursor until there is no more', async () => {
    answer = (cursor) => HttpResponse.json(cursor ? SECOND : FIRST);
    open('/u/jana/ustavni-pravo');
    await name();
    expect(within(screen.getByTestId('collection-items')).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('collection-items')).getAllByRole('listitem')).toHaveLength(3),
    );
    expect(asked).toEqual([
      '/v1/public/collections/user/jana/ustavni-pravo',
      '/v1/public/collections/user/jana/ustavni-pravo?cursor=c2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('keeps the documents when loading more fails', async () => {
    answer = (cursor) =>
      cursor ? HttpResponse.json({ detail: 'internal_error' }, { status: 500 }) : HttpResponse.json(FIRST);
    open('/u/jana/ustavni-pravo');
    await name();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load more documents');
    expect(within(screen.getByTestId('collection-items')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it.each([
    [404, { detail: 'not_found' }, 'Collection not found'],
    [400, { detail: 'validation_failed', field: 'slug' }, 'Invalid collection'],
    [500, { detail: 'internal_error' }, 'Failed to load collection'],
  ])('answers %i with "%s"', async (status, body, title) => {
    answer = () => HttpResponse.json(body, { status });
    open('/u/jana/ustavni-pravo');
    expect(await screen.findByRole('heading', { name: title as string, level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title as string} · Lexhub`));
    expect(screen.getByRole('link', { name: 'Browse Collections' }).getAttribute('href')).toBe('/collections');
  });

  it('tries again after a failure', async () => {
    answer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    open('/u/jana/ustavni-pravo');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on the server');
    answer = () => HttpResponse.json(FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await name()).toBeTruthy();
  });

  it('keeps a collection that is not public out of search engines', async () => {
    answer = () => HttpResponse.json(pageOf({ collection: summaryOf({ visibility: 'team', public_path: null }) }));
    open('/u/jana/ustavni-pravo');
    await name();
    await waitFor(() => expect(robots()).toBe('noindex'));
  });
});
