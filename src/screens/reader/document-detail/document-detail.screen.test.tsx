// The document page as a reader sees it: the head React renders (title, canonical link to the
// public address, noindex outside it), a wrong slug corrected in place, the catalogue's failure
// text, and the invalid-address page. Publicly it names the public collections holding it; inside
// a collection it shows the collection's breadcrumbs and way back, opens at the pinned version
// (an explicit ?branch= wins) and never shows a document the collection does not hold.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { DOCUMENT_ID, branchOf, documentIn } from '../../../testing/reader-fixtures';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import type { DocumentCollections, PublicCollectionDocument } from '../../../api/contract/collections';
import { AKV, documentViewOf, itemOf, summaryOf } from '../../../machines/collections/public-collection.fixtures';
import type { DocumentScreenProps } from '../../screen-props';
import { createStore } from '../../../atoms/store';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { DocumentDetailScreen } from './document-detail.screen';

const ID = DOCUMENT_ID;
const DOCUMENT = documentIn('main');
const MAIN = '19033281-5b3e-59b6-8a64-bf85c5f47560';
const OLD = 'a0e21f26-47d6-54d7-b0a8-069c6f82b92f';
const PINNED_ITEM = itemOf(ID, 'Ústava České republiky', {
  as_of: '2000-01-01',
  branch_id: OLD,
  branch_name: 'snapshot-1993-01-01',
  note: 'Původní znění bez čl. 10a.',
});

let documentAnswer = () => HttpResponse.json(DOCUMENT);
let collectionsAnswer = (): Response => HttpResponse.json({ public_count: 0, items: [] } satisfies DocumentCollections);
let inCollectionAnswer = (): Response => HttpResponse.json(documentViewOf());
/** What the page asked for: documents by branch, public collection calls by path. */
const asked: string[] = [];
mockApi(
  http.get('*/v1/legal/documents/:id', ({ request }) => {
    asked.push(`document ${new URL(request.url).searchParams.get('branch') ?? 'main'}`);
    return documentAnswer();
  }),
  http.get('*/v1/legal/documents/:id/nodes', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('*/v1/legal/documents/:id/languages', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('*/v1/legal/documents/:id/fragments', () => HttpResponse.json({ items: [], next_cursor: null })),
  http.get('*/v1/legal/documents/:id/collections', () => collectionsAnswer()),
  http.get('*/v1/legal/branches', () =>
    HttpResponse.json({ items: [branchOf(MAIN, 'main'), branchOf(OLD, 'snapshot-1993-01-01')], total: 2 }),
  ),
  http.get('*/v1/public/collections/:ownerType/:handle/:slug/documents/:documentId', ({ request }) => {
    asked.push(new URL(request.url).pathname);
    return inCollectionAnswer();
  }),
  http.get('*/v1/public/collection-handles/:vanity/documents/:documentId', ({ request }) => {
    asked.push(new URL(request.url).pathname);
    return inCollectionAnswer();
  }),
);
setUpComponentTests();

const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');
const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).queryByRole('link');
      return link ? `${item.textContent} → ${link.getAttribute('href')}` : item.textContent;
    })
    .filter((text) => text !== '');

function open(props: Omit<DocumentScreenProps, 'idSlug'>, search = '', store = createStore()) {
  asked.length = 0;
  return renderScreen(<DocumentDetailScreen idSlug={`${ID}-ustava`} {...props} />, {
    path: `${props.basePath}/documents/${ID}-ustava${search}`,
    store,
  });
}
const heading = () => screen.findByRole('heading', { name: 'Ústava České republiky', level: 1 });

describe('DocumentDetailScreen', () => {
  it('titles the tab, links the public address as canonical and corrects the slug in place', async () => {
    documentAnswer = () => HttpResponse.json(DOCUMENT);
    const { location } = renderScreen(<DocumentDetailScreen idSlug={`${ID}-wrong`} basePath="" context="public" />, {
      path: `/documents/${ID}-wrong?node=n1`,
    });
    expect(await heading()).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ústava České republiky · Lexhub'));
    expect(canonical()).toBe(`${window.location.origin}/documents/${ID}-ustava-ceske-republiky`);
    expect(robots()).toBeUndefined();
    expect(location.history?.at(-1)).toBe(`/documents/${ID}-ustava-ceske-republiky?node=n1`);
    expect(crumbs()).toEqual(['Documents → /documents', 'Ústava České republiky']);
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe('/documents');
  });

  it('keeps a collection copy out of search engines', async () => {
    documentAnswer = () => HttpResponse.json(DOCUMENT);
    open({
      basePath: '/u/jana/ustavni-pravo',
      context: 'collection',
      collection: { kind: 'owner', ownerType: 'user', handle: 'jana', slug: 'ustavni-pravo' },
    });
    await heading();
    await waitFor(() => expect(robots()).toBe('noindex'));
    expect(canonical()).toBe(`${window.location.origin}/documents/${ID}-ustava-ceske-republiky`);
  });

  it('says the document failed to load, with the catalogue text of the failure', async () => {
    documentAnswer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    open({ basePath: '', context: 'public' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load document: Something went wrong on the server. Try again later.',
    );
    documentAnswer = () => HttpResponse.json(DOCUMENT);
  });

  it('opens on the Text tab; the Overview tab is in the address as ?tab=overview and keeps the query', async () => {
    const user = userEvent.setup();
    const { location } = open({ basePath: '', context: 'public' }, '?node=n1');
    await heading();
    const tabs = screen.getByRole('tablist', { name: 'Document views' });
    const [first, second] = within(tabs).getAllByRole('tab');
    expect([first, second]).toEqual([
      within(tabs).getByRole('tab', { name: /^Overview/ }),
      within(tabs).getByRole('tab', { name: /^Text/ }),
    ]);
    expect(within(tabs).getByRole('tab', { name: /^Text/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('region', { name: 'Text' })).toBeTruthy();
    await user.click(within(tabs).getByRole('tab', { name: /^Overview/ }));
    await waitFor(() => expect(location.history.at(-1)).toMatch(/\?node=n1&tab=overview$/));
    expect(await screen.findByRole('heading', { name: 'About the document', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Text' })).toBeNull();
  });

  it('explains an address that holds no document id', () => {
    renderScreen(<DocumentDetailScreen idSlug="not-a-uuid" basePath="" context="public" />, {
      path: '/documents/not-a-uuid',
    });
    expect(screen.getByRole('heading', { name: 'Invalid document ID' })).toBeTruthy();
  });
});

describe('the public collections holding a document', () => {
  const listed = (count: number): DocumentCollections => ({
    public_count: count,
    items: [
      summaryOf({ name: 'Ústavní právo' }),
      summaryOf({
        id: '9d0d4c52-7d1e-4b8e-9d6a-1c2b3a4d5e6f',
        name: 'Smlouvy',
        owner_type: 'org',
        owner_handle: 'akv',
        public_path: '/org/akv/smlouvy',
      }),
      // One the reader may read but is not public: not listed, not counted.
      summaryOf({ id: '7d0d4c52-7d1e-4b8e-9d6a-1c2b3a4d5e6f', name: 'Moje', visibility: 'private', public_path: null }),
    ],
  });

  it('says in how many public collections it is, with links to them', async () => {
    collectionsAnswer = () => HttpResponse.json(listed(2));
    open({ basePath: '', context: 'public' });
    const block = await screen.findByRole('region', { name: 'In 2 public collections' });
    expect(
      within(block)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Ústavní právo', '/u/jana/ustavni-pravo'],
      ['Smlouvy', '/org/akv/smlouvy'],
    ]);
  });

  it.each([
    [1, 'V 1 veřejné kolekci'],
    [3, 'Ve 3 veřejných kolekcích'],
    [12, 'V 12 veřejných kolekcích'],
  ])('counts %i in Czech with its plural form', async (count, name) => {
    collectionsAnswer = () => HttpResponse.json(listed(count));
    const store = createStore();
    store.set(localeAtom, 'cs');
    open({ basePath: '', context: 'public' }, '', store);
    expect(await screen.findByRole('region', { name })).toBeTruthy();
  });

  it('shows nothing when no public collection holds it', async () => {
    collectionsAnswer = () => HttpResponse.json({ public_count: 0, items: [] });
    open({ basePath: '', context: 'public' });
    await heading();
    await waitFor(() => expect(asked).toContain('document main'));
    expect(screen.queryByTestId('public-collections')).toBeNull();
  });

  it('keeps the page when the lookup fails', async () => {
    collectionsAnswer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    open({ basePath: '', context: 'public' });
    await heading();
    expect(screen.queryByTestId('public-collections')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    collectionsAnswer = () => HttpResponse.json({ public_count: 0, items: [] });
  });

  it('is not asked for inside a collection', async () => {
    collectionsAnswer = () => HttpResponse.json(listed(2));
    inCollectionAnswer = () => HttpResponse.json(documentViewOf());
    open({
      basePath: '/u/jana/ustavni-pravo',
      context: 'collection',
      collection: { kind: 'owner', ownerType: 'user', handle: 'jana', slug: 'ustavni-pravo' },
    });
    await heading();
    expect(screen.queryByTestId('public-collections')).toBeNull();
    collectionsAnswer = () => HttpResponse.json({ public_count: 0, items: [] });
  });
});

describe('a document inside a collection', () => {
  const USER_COLLECTION = { kind: 'owner', ownerType: 'user', handle: 'jana', slug: 'ustavni-pravo' } as const;

  it('leads back through the user, the collection and the document', async () => {
    inCollectionAnswer = () => HttpResponse.json(documentViewOf());
    open({ basePath: '/u/jana/collections/ustavni-pravo', context: 'collection', collection: USER_COLLECTION });
    await heading();
    expect(asked[0]).toBe(`/v1/public/collections/user/jana/ustavni-pravo/documents/${ID}`);
    expect(crumbs()).toEqual([
      'Users',
      '@jana → /u/jana',
      'Ústavní právo → /u/jana/collections/ustavni-pravo',
      'Ústava České republiky',
    ]);
    expect(screen.getByRole('link', { name: 'Back to the collection' }).getAttribute('href')).toBe(
      '/u/jana/collections/ustavni-pravo',
    );
    // Not pinned: the latest version, no notice.
    expect(asked).toContain('document main');
    expect(screen.queryByTestId('pin-notice')).toBeNull();
  });

  it('leads back through the organization', async () => {
    const view: PublicCollectionDocument = documentViewOf({
      collection: summaryOf({ name: 'Smlouvy', slug: 'smlouvy', owner_type: 'org', owner_handle: 'akv' }),
      owner: AKV,
      canonical_path: '/org/akv/smlouvy',
    });
    inCollectionAnswer = () => HttpResponse.json(view);
    open({
      basePath: '/org/akv/smlouvy',
      context: 'collection',
      collection: { kind: 'owner', ownerType: 'org', handle: 'akv', slug: 'smlouvy' },
    });
    await heading();
    expect(crumbs()).toEqual([
      'Organizations',
      'Advokátní kancelář Veselá → /org/akv',
      'Smlouvy → /org/akv/smlouvy',
      'Ústava České republiky',
    ]);
  });

  it('leads back by a short handle to the collection page', async () => {
    inCollectionAnswer = () => HttpResponse.json(documentViewOf());
    open({ basePath: '/ustava', context: 'collection', collection: { kind: 'handle', vanity: 'ustava' } });
    await heading();
    expect(asked[0]).toBe(`/v1/public/collection-handles/ustava/documents/${ID}`);
    expect(crumbs()).toEqual([
      'Collections → /collections',
      'ustava → /u/jana/ustavni-pravo',
      'Ústava České republiky',
    ]);
    expect(screen.getByRole('link', { name: 'Back to the collection' }).getAttribute('href')).toBe(
      '/u/jana/ustavni-pravo',
    );
    expect(robots()).toBe('noindex');
  });

  it('opens a pinned item at its version, with a link to the latest, and the note', async () => {
    inCollectionAnswer = () => HttpResponse.json(documentViewOf({ item: PINNED_ITEM }));
    const { location } = open({
      basePath: '/u/jana/ustavni-pravo',
      context: 'collection',
      collection: USER_COLLECTION,
    });
    await heading();
    expect(asked).toContain(`document ${OLD}`);
    expect(asked).not.toContain('document main');
    const notice = screen.getByTestId('pin-notice');
    expect(notice.textContent).toContain('As in force on 1 January 2000');
    const latest = within(notice).getByRole('link', { name: 'Show the latest version' });
    const corrected = `/u/jana/ustavni-pravo/documents/${ID}-ustava-ceske-republiky`;
    expect(latest.getAttribute('href')).toBe(`${corrected}?branch=main`);
    expect(screen.getByText('Původní znění bez čl. 10a.')).toBeTruthy();

    // Following it reads main, and offers the pinned version back.
    latest.click();
    await waitFor(() => expect(asked).toContain('document main'));
    expect(location.history.at(-1)).toBe(`${corrected}?branch=main`);
    expect(
      within(await screen.findByTestId('pin-notice')).getByRole('link', { name: 'Show that version' }),
    ).toBeTruthy();
  });

  it('lets ?branch= in the address win over the pin', async () => {
    inCollectionAnswer = () => HttpResponse.json(documentViewOf({ item: PINNED_ITEM }));
    open({ basePath: '/u/jana/ustavni-pravo', context: 'collection', collection: USER_COLLECTION }, '?branch=main');
    await heading();
    expect(asked).toContain('document main');
    expect(asked).not.toContain(`document ${OLD}`);
    expect(screen.getByTestId('pin-notice').textContent).toContain(
      'The collection refers to the version in force on 1 January 2000.',
    );
  });

  it('says the collection was not found, never showing the document', async () => {
    inCollectionAnswer = () => HttpResponse.json({ detail: 'not_found', message: 'Not found' }, { status: 404 });
    open({ basePath: '/u/jana/ustavni-pravo', context: 'collection', collection: USER_COLLECTION });
    expect(await screen.findByRole('heading', { name: 'Collection not found', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Collection not found · Lexhub'));
    expect(robots()).toBe('noindex');
    expect(asked.some((entry) => entry.startsWith('document'))).toBe(false);
    expect(screen.queryByText('Ústava České republiky')).toBeNull();
  });

  it('says the collection is invalid on 400', async () => {
    inCollectionAnswer = () => HttpResponse.json({ detail: 'validation_failed', field: 'slug' }, { status: 400 });
    open({ basePath: '/u/jana/ustavni-pravo', context: 'collection', collection: USER_COLLECTION });
    expect(await screen.findByRole('heading', { name: 'Invalid collection', level: 1 })).toBeTruthy();
  });

  it('tries again after a failure', async () => {
    inCollectionAnswer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    open({ basePath: '/u/jana/ustavni-pravo', context: 'collection', collection: USER_COLLECTION });
    expect(await screen.findByRole('heading', { name: 'Failed to load collection', level: 1 })).toBeTruthy();
    inCollectionAnswer = () => HttpResponse.json(documentViewOf());
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await heading()).toBeTruthy();
  });
});

describe('a document on a profile', () => {
  it('leads back to the profile', async () => {
    open({ basePath: '/u/jana', context: 'user', owner: { type: 'user', handle: 'jana' } });
    await heading();
    expect(crumbs()).toEqual(['Users', '@jana → /u/jana', 'Ústava České republiky']);
    expect(screen.getByRole('link', { name: 'Back to the profile' }).getAttribute('href')).toBe('/u/jana');
    expect(robots()).toBe('noindex');
  });
});
