// The Copilot session on fake timers: issued once and reused, re-issued when it expires within
// 5 s or the templates' hash changed, dropped on request, failures answered to every requester.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { CopilotSession } from '../../api/contract/copilot';
import { copilotSessionMachine, SESSION_REUSE_MARGIN_MS, type SessionReply } from './copilot-session.machine';
import { copilotSession, SESSION_LIFETIME_MS } from './copilot-fixtures';

function start(issue?: (input: { templateHash: string }) => Promise<CopilotSession>) {
  let count = 0;
  const issued = vi.fn(issue ?? (async () => copilotSession(`s${++count}`)));
  const actor = createActor(
    copilotSessionMachine.provide({ actors: { issueSession: fromPromise(({ input }) => issued(input)) } }),
  ).start();
  const replies: SessionReply[] = [];
  const requester = createActor(
    fromCallback<SessionReply>(({ receive }) => receive((message) => replies.push(message))),
  ).start();
  const request = async (templateHash = 'h1') => {
    actor.send({ type: 'session.request', templateHash, replyTo: requester });
    await vi.advanceTimersByTimeAsync(0);
    return replies[replies.length - 1];
  };
  return { actor, issued, replies, request, requester };
}

const idOf = (reply: SessionReply | undefined) =>
  reply?.type === 'session.ready' ? reply.session.session_id : reply?.type;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('copilotSessionMachine', () => {
  it('issues a session for the templates hash and reuses it', async () => {
    const h = start();
    expect(idOf(await h.request('h1'))).toBe('s1');
    expect(h.issued).toHaveBeenCalledWith({ templateHash: 'h1' });
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(idOf(await h.request('h1'))).toBe('s1');
    expect(h.issued).toHaveBeenCalledTimes(1);
  });

  it('issues a new one when the session expires within 5 s', async () => {
    const h = start();
    await h.request();
    await vi.advanceTimersByTimeAsync(SESSION_LIFETIME_MS - SESSION_REUSE_MARGIN_MS - 1);
    expect(idOf(await h.request())).toBe('s1');
    await vi.advanceTimersByTimeAsync(1);
    expect(idOf(await h.request())).toBe('s2');
    expect(h.issued).toHaveBeenCalledTimes(2);
  });

  it('issues a new one when the templates hash changed', async () => {
    const h = start();
    await h.request('h1');
    expect(idOf(await h.request('h2'))).toBe('s2');
    expect(h.issued).toHaveBeenLastCalledWith({ templateHash: 'h2' });
    expect(idOf(await h.request('h2'))).toBe('s2');
  });

  it('drops the session (clearing the conversation) and issues a new one next time', async () => {
    const h = start();
    await h.request();
    h.actor.send({ type: 'session.drop' });
    expect(h.actor.getSnapshot().matches('empty')).toBe(true);
    expect(h.actor.getSnapshot().context.session).toBeUndefined();
    expect(idOf(await h.request())).toBe('s2');
  });

  it('answers every requester waiting for one issue', async () => {
    let resolve: (value: CopilotSession) => void = () => {};
    const h = start(() => new Promise((done) => (resolve = done)));
    const other: SessionReply[] = [];
    const second = createActor(
      fromCallback<SessionReply>(({ receive }) => receive((message) => other.push(message))),
    ).start();
    h.actor.send({ type: 'session.request', templateHash: 'h1', replyTo: h.requester });
    h.actor.send({ type: 'session.request', templateHash: 'h1', replyTo: second });
    resolve(copilotSession('only'));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.issued).toHaveBeenCalledTimes(1);
    expect(idOf(h.replies[0])).toBe('only');
    expect(idOf(other[0])).toBe('only');
  });

  it('answers a failure and tries again on the next request', async () => {
    let calls = 0;
    const h = start(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(401, 'not_authenticated');
      return copilotSession('later');
    });
    const failed = await h.request();
    expect(failed?.type).toBe('session.failed');
    expect(failed?.type === 'session.failed' && (failed.error as ApiError).status).toBe(401);
    expect(h.actor.getSnapshot().matches('empty')).toBe(true);
    expect(idOf(await h.request())).toBe('later');
  });
});
