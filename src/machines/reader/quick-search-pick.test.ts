// @vitest-environment jsdom
// The quick search's pick actor against a mocked API: a logged-in user's pick is recorded as an
// 'autocomplete' visit whose session id the opened page takes over, and a failing record changes
// nothing the reader sees.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createActor, fromPromise } from 'xstate';
import { mockApi } from '../../testing/mock-api';
import { takeVisitSessionId } from '../accounts/document-visit.machine';
import { quickSearchMachine, type QuickSearchAnswer, type QuickSearchResult } from './quick-search.machine';

const RESULT: QuickSearchResult = {
  document_id: '00000000-0000-4000-8000-000000000007',
  title: 'Document 7',
  external_id: '7/1993 Sb.',
  group: 'recent',
};

let recorded: unknown[] = [];
let answer = () => HttpResponse.json({ status: 'ok' });
const server = mockApi(
  http.post('*/v1/user/document-access', async ({ request }) => {
    recorded.push(await request.json());
    return answer();
  }),
);

function pickAs(personal: boolean) {
  const openResult = vi.fn();
  const actor = createActor(
    quickSearchMachine.provide({
      actors: { search: fromPromise(async (): Promise<QuickSearchAnswer> => ({ items: [RESULT], textHits: [] })) },
      actions: { openResult: (_, params) => openResult(params.result) },
    }),
  );
  actor.start();
  actor.send({ type: 'search.open', query: 'doc', personal });
  return { actor, openResult };
}

/** Lets the debounce pass and the answers (the search's and the record's) arrive. */
async function settle() {
  await vi.advanceTimersByTimeAsync(300);
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('quick search pick', () => {
  beforeEach(() => {
    recorded = [];
    answer = () => HttpResponse.json({ status: 'ok' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('records a logged-in pick as an autocomplete visit the opened page takes over', async () => {
    const { actor, openResult } = pickAs(true);
    await settle();
    actor.send({ type: 'search.select' });
    expect(openResult).toHaveBeenCalledWith(RESULT);
    await vi.waitFor(() => expect(recorded).toHaveLength(1));
    const body = recorded[0] as { document_id: string; context: string; session_id: string };
    expect(body).toMatchObject({ document_id: RESULT.document_id, context: 'autocomplete' });
    expect(takeVisitSessionId(RESULT.document_id)).toBe(body.session_id);
  });

  it('records nothing for an anonymous pick', async () => {
    const { actor, openResult } = pickAs(false);
    await settle();
    actor.send({ type: 'search.select' });
    expect(openResult).toHaveBeenCalledWith(RESULT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorded).toEqual([]);
  });

  it('opens the result and stays closed without an error when recording fails', async () => {
    answer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    const { actor, openResult } = pickAs(true);
    await settle();
    actor.send({ type: 'search.select' });
    await vi.waitFor(() => expect(recorded).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(openResult).toHaveBeenCalledWith(RESULT);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(actor.getSnapshot().status).toBe('active');
  });
  void server;
});
