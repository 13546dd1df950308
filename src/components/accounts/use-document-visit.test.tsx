// @vitest-environment jsdom
// The document page's visit recorder with the real machine and a mocked server: one POST after
// 2 s for a logged-in reader, none for an anonymous one, none when the page closes earlier.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createStore } from 'jotai';
import { currentUserAtom } from '../../atoms/session.atoms';
import { installDomShims, renderWithProviders } from '../shell/testing';
import { useDocumentVisit } from './use-document-visit';

const DOC = '6f1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d9f';
const USER = {
  id: '7d3f2c1a-0b9e-4f5d-8c7a-6e5d4c3b2a10',
  username: 'jana',
  email: 'jana@example.com',
  first_name: 'Jana',
  last_name: 'Nováková',
  language: null,
  email_verified: true,
};

const recorded: { document_id: string; context: string; session_id: string }[] = [];
const server = setupServer(
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
  http.post('*/v1/user/document-access', async ({ request }) => {
    recorded.push((await request.json()) as (typeof recorded)[number]);
    return HttpResponse.json({ status: 'ok' });
  }),
);

function Page({ id }: { id: string }) {
  useDocumentVisit(id);
  return <p>document</p>;
}

beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  recorded.length = 0;
});
afterAll(() => server.close());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Gives a record on its way time to arrive (or shows that none comes). */
const waitForRecord = async () => {
  for (let i = 0; i < 50 && recorded.length === 0; i += 1) await act(() => vi.advanceTimersByTimeAsync(10));
};

describe('useDocumentVisit', () => {
  it('records one view after 2 s for a logged-in reader', async () => {
    const store = createStore();
    store.set(currentUserAtom, USER);
    const page = renderWithProviders(<Page id={DOC} />, { store });
    await advance(1900);
    expect(recorded).toEqual([]);
    await advance(100);
    await waitForRecord();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ document_id: DOC, context: 'view' });
    expect(recorded[0]!.session_id.length).toBeGreaterThan(8);
    // Staying longer, or re-rendering, records nothing more.
    page.rerender(<Page id={DOC} />);
    await advance(5000);
    expect(recorded).toHaveLength(1);
  });

  it('records nothing when the page is left before 2 s, or for an anonymous reader', async () => {
    const store = createStore();
    store.set(currentUserAtom, USER);
    const page = renderWithProviders(<Page id={DOC} />, { store });
    await advance(1500);
    page.unmount();
    await advance(3000);
    await waitForRecord();
    expect(recorded).toEqual([]);

    const anonymous = createStore();
    anonymous.set(currentUserAtom, null);
    renderWithProviders(<Page id={DOC} />, { store: anonymous });
    await advance(5000);
    await waitForRecord();
    expect(recorded).toEqual([]);
  });
});
