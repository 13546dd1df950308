// The live connection on fake timers: a token per attempt, subscribe after ready, the backoff
// 500 ms doubling to 8 s and back to 500 ms after a ready, the stops (401, 403, 4403, 4401 twice, 4401 session_ended)
// and the Connected badge that hides after 5 s.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { RoutedMessage } from '../../realtime/command-router';
import { parseServerMessage } from '../../realtime/protocol';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  CONNECTED_BADGE_MS,
  liveConnectionMachine,
  selectBadgeVisible,
  selectLiveChannel,
  selectLiveProblem,
  selectLiveStatus,
  type SocketCommand,
  type SocketEvent,
} from './live-connection.machine';

const USER_ID = '7f1d8a3e-2b4c-4d5e-8f60-718293a4b5c6';
const READY = JSON.stringify({ type: 'ready', user_id: USER_ID });

interface FakeSocket {
  token: string;
  sent: string[];
  closed: boolean;
  emit: (event: SocketEvent) => void;
}

function start(
  issue: () => Promise<{ token: string; expires_in: number }> = async () => ({
    token: `t${Math.random()}`,
    expires_in: 60,
  }),
) {
  const sockets: FakeSocket[] = [];
  const traffic: { direction: string; text: string }[] = [];
  const commands: RoutedMessage[] = [];
  const tokenCalls = vi.fn(issue);
  const actor = createActor(
    liveConnectionMachine.provide({
      actors: {
        issueWsToken: fromPromise(() => tokenCalls()),
        liveSocket: fromCallback<SocketCommand, { token: string }, SocketEvent>(({ input, sendBack, receive }) => {
          const socket: FakeSocket = { token: input.token, sent: [], closed: false, emit: sendBack };
          sockets.push(socket);
          receive((command) => socket.sent.push(command.text));
          return () => {
            socket.closed = true;
          };
        }),
      },
      actions: {
        recordTraffic: (_, entry) => traffic.push(entry),
        routeCommand: (_, { message }) => commands.push(message),
      },
    }),
  ).start();
  const last = () => sockets[sockets.length - 1]!;
  const status = () => selectLiveStatus(actor.getSnapshot());
  const ready = async (socket = last()) => {
    socket.emit({ type: 'socket.open' });
    socket.emit({ type: 'socket.message', text: READY, message: JSON.parse(READY) });
    await vi.advanceTimersByTimeAsync(0);
  };
  const drop = async (code = 1006, reason = '') => {
    last().emit({ type: 'socket.closed', code, reason });
    await vi.advanceTimersByTimeAsync(0);
  };
  const open = async () => {
    actor.send({ type: 'live.open' });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, sockets, traffic, commands, tokenCalls, last, status, ready, drop, open };
}

/** Asserts the next attempt starts exactly `ms` after now (not a millisecond earlier). */
async function expectRetryAfter(harness: ReturnType<typeof start>, ms: number) {
  const before = harness.sockets.length;
  expect(harness.status()).toBe('disconnected');
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(harness.sockets.length, `no attempt before ${ms} ms`).toBe(before);
  await vi.advanceTimersByTimeAsync(1);
  expect(harness.sockets.length, `an attempt at ${ms} ms`).toBe(before + 1);
  expect(harness.status()).toBe('connecting');
}

fakeTimersInEachTest();

describe('liveConnectionMachine', () => {
  it('stays idle until the panel opens, then gets a token and opens the socket with it', async () => {
    const h = start(async () => ({ token: 'token-1', expires_in: 60 }));
    expect(h.status()).toBe('idle');
    expect(h.tokenCalls).not.toHaveBeenCalled();
    await h.open();
    expect(h.tokenCalls).toHaveBeenCalledTimes(1);
    expect(h.sockets.map((socket) => socket.token)).toEqual(['token-1']);
    expect(h.status()).toBe('connecting');
  });

  it('subscribes to user:{id} only after the ready message, and counts as connected then', async () => {
    const h = await (async () => {
      const harness = start();
      await harness.open();
      return harness;
    })();
    h.last().emit({ type: 'socket.open' });
    expect(h.last().sent).toEqual([]);
    expect(h.status()).toBe('connecting');
    await h.ready();
    expect(h.status()).toBe('connected');
    expect(h.last().sent.map((text) => JSON.parse(text))).toEqual([
      { cmd: 'subscribe', channels: [`user:${USER_ID}`] },
    ]);
    expect(selectLiveChannel(h.actor.getSnapshot())).toBe(`user:${USER_ID}`);
    expect(h.traffic).toEqual([
      { direction: 'in', text: READY },
      { direction: 'out', text: JSON.stringify({ cmd: 'subscribe', channels: [`user:${USER_ID}`] }) },
    ]);
  });

  it('resubscribes with the last id seen, drops repeats, and forgets the id after reset', async () => {
    const h = start();
    await h.open();
    await h.ready();
    const channel = `user:${USER_ID}`;
    const receive = (frame: Record<string, unknown>) => {
      const text = JSON.stringify(frame);
      h.last().emit({ type: 'socket.message', text, message: parseServerMessage(text) });
    };
    const command = (id: number) => ({
      type: 'command',
      cmd: 'search.query',
      channel,
      payload: { q: `q${id}` },
      ts: 1,
      id,
    });
    receive(command(7));
    receive(command(9));
    await h.drop();
    await vi.advanceTimersByTimeAsync(500);
    await h.ready();
    expect(JSON.parse(h.last().sent[0]!)).toEqual({ cmd: 'subscribe', channels: [channel], last_id: 9 });
    // The replay overlaps what was delivered: not routed twice.
    receive(command(9));
    receive(command(12));
    expect(h.commands.map((message) => (message.type === 'command' ? message.id : message.type))).toEqual([7, 9, 12]);

    receive({ type: 'reset', channel });
    expect(h.commands.at(-1)).toEqual({ type: 'reset', channel });
    await h.drop();
    await vi.advanceTimersByTimeAsync(500);
    await h.ready();
    expect(JSON.parse(h.last().sent[0]!)).toEqual({ cmd: 'subscribe', channels: [channel] });
  });

  it('retries after 500 ms doubling to a cap of 8 s, with a new token each time', async () => {
    const h = start();
    await h.open();
    for (const delay of [500, 1000, 2000, 4000, 8000, 8000, 8000]) {
      await h.drop();
      await expectRetryAfter(h, delay);
    }
    const tokens = h.sockets.map((socket) => socket.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(h.tokenCalls).toHaveBeenCalledTimes(h.sockets.length);
  });

  it('goes back to 500 ms after a successful open (ready)', async () => {
    const h = start();
    await h.open();
    await h.drop();
    await expectRetryAfter(h, 500);
    await h.drop();
    await expectRetryAfter(h, 1000);
    await h.drop();
    await expectRetryAfter(h, 2000);
    await h.ready();
    expect(selectLiveProblem(h.actor.getSnapshot())).toBeNull();
    await h.drop(1001, 'server shutting down');
    expect(selectLiveProblem(h.actor.getSnapshot())).toEqual({
      kind: 'closed',
      code: 1001,
      reason: 'server shutting down',
    });
    await expectRetryAfter(h, 500);
  });

  it('retries a failed ws-token request (5xx, network) and keeps its status for the panel', async () => {
    let calls = 0;
    const h = start(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(503, 'internal_error');
      return { token: 'ok', expires_in: 60 };
    });
    await h.open();
    expect(h.sockets).toHaveLength(0);
    expect(h.status()).toBe('disconnected');
    expect(selectLiveProblem(h.actor.getSnapshot())).toMatchObject({ kind: 'wsToken', error: { status: 503 } });
    await vi.advanceTimersByTimeAsync(500);
    expect(h.sockets.map((socket) => socket.token)).toEqual(['ok']);
  });

  it('does not retry after a 401 from ws-token (login required)', async () => {
    const h = start(async () => {
      throw new ApiError(401, 'not_authenticated');
    });
    await h.open();
    expect(h.status()).toBe('disconnected');
    expect(selectLiveProblem(h.actor.getSnapshot())).toEqual({ kind: 'loginRequired' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.tokenCalls).toHaveBeenCalledTimes(1);
    expect(h.actor.getSnapshot().matches({ active: 'loginRequired' })).toBe(true);
  });

  it('does not retry after a 403 from ws-token', async () => {
    const h = start(async () => {
      throw new ApiError(403, 'csrf_failed');
    });
    await h.open();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.tokenCalls).toHaveBeenCalledTimes(1);
    expect(selectLiveProblem(h.actor.getSnapshot())).toMatchObject({ kind: 'wsToken', error: { status: 403 } });
    expect(h.actor.getSnapshot().matches({ active: 'forbidden' })).toBe(true);
  });

  it('does not retry after a 4403 close', async () => {
    const h = start();
    await h.open();
    await h.ready();
    await h.drop(4403, 'forbidden');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sockets).toHaveLength(1);
    expect(h.status()).toBe('disconnected');
    expect(selectLiveProblem(h.actor.getSnapshot())).toEqual({ kind: 'forbidden' });
  });

  it('retries one 4401 with a fresh token and stops at the second in a row', async () => {
    const h = start();
    await h.open();
    await h.drop(4401, 'token expired');
    await expectRetryAfter(h, 500);
    expect(h.sockets[1]!.token).not.toBe(h.sockets[0]!.token);
    await h.drop(4401, 'token already used');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sockets).toHaveLength(2);
    expect(selectLiveProblem(h.actor.getSnapshot())).toEqual({ kind: 'loginRequired' });
  });

  it('does not retry a 4401 session_ended close (logout or password reset elsewhere)', async () => {
    const h = start();
    await h.open();
    await h.ready();
    await h.drop(4401, 'session_ended');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sockets).toHaveLength(1);
    expect(h.tokenCalls).toHaveBeenCalledTimes(1);
    expect(h.status()).toBe('disconnected');
    expect(selectLiveProblem(h.actor.getSnapshot())).toEqual({ kind: 'loginRequired' });
  });

  it('forgets an earlier 4401 once a connection got ready', async () => {
    const h = start();
    await h.open();
    await h.drop(4401);
    await expectRetryAfter(h, 500);
    await h.ready();
    await h.drop(4401);
    await expectRetryAfter(h, 500);
  });

  it('shows the Connected badge for 5 s after connecting, then hides it', async () => {
    const h = start();
    expect(selectBadgeVisible(h.actor.getSnapshot())).toBe(false);
    await h.open();
    expect(selectBadgeVisible(h.actor.getSnapshot())).toBe(true);
    await h.ready();
    expect(selectBadgeVisible(h.actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(CONNECTED_BADGE_MS - 1);
    expect(selectBadgeVisible(h.actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectBadgeVisible(h.actor.getSnapshot())).toBe(false);
    expect(h.status()).toBe('connected');
    await h.drop();
    expect(selectBadgeVisible(h.actor.getSnapshot())).toBe(true);
  });

  it('routes commands, records every frame, ignores malformed ones', async () => {
    const h = start();
    await h.open();
    await h.ready();
    const command = {
      type: 'command' as const,
      cmd: 'tool.navigate' as const,
      channel: `user:${USER_ID}`,
      payload: { path: '/documents' },
      ts: 1,
    };
    h.last().emit({ type: 'socket.message', text: JSON.stringify(command), message: command });
    h.last().emit({ type: 'socket.message', text: '{oops', message: null });
    expect(h.commands).toEqual([command]);
    expect(h.traffic.map((entry) => entry.text).slice(-2)).toEqual([JSON.stringify(command), '{oops']);
    expect(h.status()).toBe('connected');
  });

  it('closes the socket and stops retrying when the panel closes', async () => {
    const h = start();
    await h.open();
    await h.ready();
    h.actor.send({ type: 'live.close' });
    expect(h.status()).toBe('idle');
    expect(h.last().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sockets).toHaveLength(1);
    // Opening again starts afresh.
    await h.open();
    expect(h.sockets).toHaveLength(2);
  });

  it('stops a pending retry when the panel closes', async () => {
    const h = start();
    await h.open();
    await h.drop();
    h.actor.send({ type: 'live.close' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sockets).toHaveLength(1);
    expect(h.tokenCalls).toHaveBeenCalledTimes(1);
  });
});
