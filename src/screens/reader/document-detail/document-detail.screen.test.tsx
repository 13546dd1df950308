// The document page as a reader sees it: the head React renders (title, canonical link to the
// public address, noindex outside it), a wrong slug corrected in place, the catalogue's failure
// text, and the invalid-address page.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DOCUMENT_ID, documentIn } from '../../../testing/reader-fixtures';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { DocumentDetailScreen } from './document-detail.screen';

const ID = DOCUMENT_ID;
const DOCUMENT = documentIn('main');

let documentAnswer = () => HttpResponse.json(DOCUMENT);
mockApi(
  http.get('*/v1/legal/documents/:id', () => documentAnswer()),
  http.get('*/v1/legal/documents/:id/nodes', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('*/v1/legal/documents/:id/languages', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('*/v1/legal/documents/:id/fragments', () => HttpResponse.json({ items: [], next_cursor: null })),
  http.get('*/v1/legal/branches', () => HttpResponse.json({ items: [], total: 0 })),
);
setUpComponentTests();

const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

describe('DocumentDetailScreen', () => {
  it('titles the tab, links the public address as canonical and corrects the slug in place', async () => {
    documentAnswer = () => HttpResponse.json(DOCUMENT);
    const { location } = renderScreen(<DocumentDetailScreen idSlug={`${ID}-wrong`} basePath="" context="public" />, {
      path: `/documents/${ID}-wrong?node=n1`,
    });
    expect(await screen.findByRole('heading', { name: 'Ústava České republiky', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ústava České republiky · Lexhub'));
    expect(canonical()).toBe(`${window.location.origin}/documents/${ID}-ustava-ceske-republiky`);
    expect(robots()).toBeUndefined();
    expect(location.history?.at(-1)).toBe(`/documents/${ID}-ustava-ceske-republiky?node=n1`);
  });

  it('keeps a collection copy out of search engines', async () => {
    documentAnswer = () => HttpResponse.json(DOCUMENT);
    renderScreen(<DocumentDetailScreen idSlug={`${ID}-ustava`} basePath="/u/jana/pravo" context="collection" />, {
      path: `/u/jana/pravo/documents/${ID}-ustava`,
    });
    await screen.findByRole('heading', { name: 'Ústava České republiky', level: 1 });
    await waitFor(() => expect(robots()).toBe('noindex'));
    expect(canonical()).toBe(`${window.location.origin}/documents/${ID}-ustava-ceske-republiky`);
  });

  it('says the document failed to load, with the catalogue text of the failure', async () => {
    documentAnswer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    renderScreen(<DocumentDetailScreen idSlug={`${ID}-ustava`} basePath="" context="public" />, {
      path: `/documents/${ID}-ustava`,
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load document: Something went wrong on the server. Try again later.',
    );
  });

  it('explains an address that holds no document id', () => {
    renderScreen(<DocumentDetailScreen idSlug="not-a-uuid" basePath="" context="public" />, {
      path: '/documents/not-a-uuid',
    });
    expect(screen.getByRole('heading', { name: 'Invalid document ID' })).toBeTruthy();
  });
});
