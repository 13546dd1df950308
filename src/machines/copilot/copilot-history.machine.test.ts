// @vitest-environment jsdom
// The History tab's flow against a mocked API: the first page and the next, opening one to read
// it back, deleting after a confirmation (and not on cancel), and a failed load kept as an error.
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createActor, waitFor } from 'xstate';
import { mockApi } from '../../testing/mock-api';
import { copilotHistoryMachine, selectHistoryHasMore } from './copilot-history.machine';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const summary = (n: number) => ({
  id: id(n),
  title: `Otázka ${n}`,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
});

let conversations = [1, 2, 3].map(summary);
let listFails = false;
const deleted: string[] = [];
mockApi(
  http.get('*/v1/copilot/conversations', ({ request }) => {
    if (listFails) return HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    const url = new URL(request.url);
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    return HttpResponse.json({
      items: conversations.slice(offset, offset + Math.min(limit, 2)),
      total: conversations.length,
    });
  }),
  http.get('*/v1/copilot/conversations/:id', ({ params }) => {
    const found = conversations.find((item) => item.id === params.id);
    if (!found) return HttpResponse.json({ detail: 'not_found' }, { status: 404 });
    return HttpResponse.json({
      ...found,
      messages: [
        { id: id(100), role: 'user', text: found.title, created_at: found.created_at },
        { id: id(101), role: 'assistant', text: 'Odpověď', created_at: found.created_at },
      ],
    });
  }),
  http.delete('*/v1/copilot/conversations/:id', ({ params }) => {
    deleted.push(String(params.id));
    conversations = conversations.filter((item) => item.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
);
afterEach(() => {
  conversations = [1, 2, 3].map(summary);
  listFails = false;
  deleted.length = 0;
});

async function loaded() {
  const actor = createActor(copilotHistoryMachine).start();
  actor.send({ type: 'history.load' });
  await waitFor(actor, (snapshot) => snapshot.matches('listed'));
  return actor;
}

describe('copilotHistoryMachine', () => {
  it('lists the first page, then the next one, until all are there', async () => {
    const actor = await loaded();
    expect(actor.getSnapshot().context.items.map((item) => item.title)).toEqual(['Otázka 1', 'Otázka 2']);
    expect(selectHistoryHasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'history.more' });
    await waitFor(actor, (snapshot) => snapshot.matches('listed') && snapshot.context.items.length === 3);
    expect(selectHistoryHasMore(actor.getSnapshot())).toBe(false);
  });

  it('opens a conversation to read it back, and closes it', async () => {
    const actor = await loaded();
    actor.send({ type: 'history.open', id: id(2) });
    await waitFor(actor, (snapshot) => snapshot.matches('reading'));
    expect(actor.getSnapshot().context.open?.messages.map((message) => message.text)).toEqual(['Otázka 2', 'Odpověď']);
    actor.send({ type: 'history.close' });
    expect(actor.getSnapshot().matches('listed')).toBe(true);
    expect(actor.getSnapshot().context.open).toBeUndefined();
  });

  it('deletes only after the confirmation, and leaves the reading view', async () => {
    const actor = await loaded();
    actor.send({ type: 'history.delete', id: id(1) });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'history.cancel' });
    expect(actor.getSnapshot().matches('listed')).toBe(true);
    expect(deleted).toEqual([]);

    actor.send({ type: 'history.open', id: id(1) });
    await waitFor(actor, (snapshot) => snapshot.matches('reading'));
    actor.send({ type: 'history.delete', id: id(1) });
    actor.send({ type: 'history.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('listed'));
    expect(deleted).toEqual([id(1)]);
    expect(actor.getSnapshot().context.items.map((item) => item.id)).toEqual([id(2)]);
    expect(actor.getSnapshot().context.total).toBe(2);
    expect(actor.getSnapshot().context.open).toBeUndefined();
  });

  it('keeps a failed load as an error and loads again on request', async () => {
    listFails = true;
    const actor = createActor(copilotHistoryMachine).start();
    actor.send({ type: 'history.load' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error?.status).toBe(500);
    listFails = false;
    actor.send({ type: 'history.load' });
    await waitFor(actor, (snapshot) => snapshot.matches('listed'));
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});
