// The live channel's connection: a fresh ws-token before every attempt, the socket, `subscribe`
// to user:{id} once the server says ready, and retries after 500 ms doubling to 8 s (back to
// 500 ms after a ready). No retry when the user must log in or is forbidden. It remembers the id
// of the last message and subscribes again with it, so a reconnection misses nothing (issue 15).
//
// Decision (4401): the server closes with 4401 when a token is bad, expired or already used. A
// token is fresh for each attempt, so one 4401 may be a race (a slow network, a sleeping tab):
// it is retried once with a new token; a second 4401 in a row means the session is gone and the
// machine stops as login-required. A 401 from POST /v1/auth/ws-token stops at once, as do a 403
// from it, a 4403 close, and a 4401 close with the reason session_ended (the server closes an
// open socket so when its login session ends: logout, password reset; no race to retry).
import { and, assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { issueWsToken } from '../../api/copilot';
import type { LiveProblem, LiveStatus } from '../../atoms/copilot/live.atoms';
import type { RoutedMessage } from '../../realtime/command-router';
import { openLiveSocket, liveSocketUrl, type LiveSocketOptions } from '../../realtime/live-socket';
import { afterMessage, afterReset, isRepeat, subscribeFrame, type LastIds } from '../../realtime/message-cursor';
import {
  CLOSE_CODES,
  SESSION_ENDED_REASON,
  parseServerMessage,
  userChannel,
  type ServerMessage,
} from '../../realtime/protocol';
import { failedWithStatus, failureOf } from '../failure';

export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 8000;
/** How long the Connected badge stays after connecting. */
export const CONNECTED_BADGE_MS = 5000;

export interface LiveConnectionContext {
  token?: string;
  /** From the server's ready message. */
  userId?: string;
  /** The wait before the next attempt. */
  retryDelay: number;
  /** 4401 closes since the last ready. */
  unauthorizedCloses: number;
  problem: LiveProblem | null;
  /** The last message id per channel: kept across reconnections, forgotten on live.close. */
  lastIds: LastIds;
}

/** What the socket actor sends its parent. */
export type SocketEvent =
  | { type: 'socket.open' }
  | { type: 'socket.message'; text: string; message: ServerMessage | null }
  | { type: 'socket.closed'; code: number; reason: string };

export type LiveConnectionEvent = { type: 'live.open' } | { type: 'live.close' } | { type: 'live.retry' } | SocketEvent;

/** What the parent sends the socket actor. */
export type SocketCommand = { type: 'socket.send'; text: string };

/** The real socket actor; tests in Node pass `ws` as WebSocket and the server's address as base. */
export function liveSocketActor(options: LiveSocketOptions & { base?: string } = {}) {
  return fromCallback<SocketCommand, { token: string }, SocketEvent>(({ input, sendBack, receive }) => {
    const socket = openLiveSocket(
      liveSocketUrl(input.token, options.base),
      {
        open: () => sendBack({ type: 'socket.open' }),
        message: (text) => sendBack({ type: 'socket.message', text, message: parseServerMessage(text) }),
        close: (code, reason) => sendBack({ type: 'socket.closed', code, reason }),
      },
      options,
    );
    receive((command) => socket.send(command.text));
    return () => socket.close();
  });
}

/** The one subscription: the user's own channel, from the last message seen on it. */
const subscribeText = (context: LiveConnectionContext) =>
  subscribeFrame(userChannel(context.userId ?? ''), context.lastIds);

/** The frame of a socket.message, when it is of that type (the socket edge parsed it already). */
const frameOf = <T extends ServerMessage['type']>(event: LiveConnectionEvent, type: T) =>
  event.type === 'socket.message' && event.message?.type === type
    ? (event.message as Extract<ServerMessage, { type: T }>)
    : null;
const readyOf = (event: LiveConnectionEvent) => frameOf(event, 'ready');
const commandOf = (event: LiveConnectionEvent) => frameOf(event, 'command');
const resetOf = (event: LiveConnectionEvent) => frameOf(event, 'reset');
const closeCode = (event: LiveConnectionEvent) => (event.type === 'socket.closed' ? event.code : 0);

export const liveConnectionMachine = setup({
  types: {
    context: {} as LiveConnectionContext,
    events: {} as LiveConnectionEvent,
  },
  actors: {
    issueWsToken: fromPromise<{ token: string; expires_in: number }>(({ signal }) => issueWsToken({ signal })),
    liveSocket: liveSocketActor(),
  },
  actions: {
    /** Provided by the runner: the WS Demo's traffic log. */
    recordTraffic: (_, _params: { direction: 'in' | 'out'; text: string }) => {},
    /** Provided by the runner: the command router. */
    routeCommand: (_, _params: { message: RoutedMessage }) => {},
    sendSubscribe: sendTo('socket', ({ context }): SocketCommand => ({
      type: 'socket.send',
      text: subscribeText(context),
    })),
    growBackoff: assign({ retryDelay: ({ context }) => Math.min(context.retryDelay * 2, MAX_RETRY_MS) }),
    resetBackoff: assign({ retryDelay: FIRST_RETRY_MS, unauthorizedCloses: 0, problem: null }),
    reset: assign({
      token: undefined,
      userId: undefined,
      retryDelay: FIRST_RETRY_MS,
      unauthorizedCloses: 0,
      problem: null,
      lastIds: {},
    }),
  },
  delays: {
    retry: ({ context }) => context.retryDelay,
    connectedBadge: CONNECTED_BADGE_MS,
  },
  guards: {
    tokenLoginRequired: failedWithStatus(401),
    tokenForbidden: failedWithStatus(403),
    isReady: ({ event }) => readyOf(event) !== null,
    isCommand: ({ event }) => commandOf(event) !== null,
    isRepeat: ({ context, event }) => {
      const command = commandOf(event);
      return command !== null && isRepeat(context.lastIds, command);
    },
    isReset: ({ event }) => resetOf(event) !== null,
    closedForbidden: ({ event }) => closeCode(event) === CLOSE_CODES.forbidden,
    closedUnauthorized: ({ event }) => closeCode(event) === CLOSE_CODES.unauthorized,
    closedSessionEnded: ({ event }) =>
      event.type === 'socket.closed' &&
      event.code === CLOSE_CODES.unauthorized &&
      event.reason === SESSION_ENDED_REASON,
    unauthorizedBefore: ({ context }) => context.unauthorizedCloses >= 1,
  },
}).createMachine({
  id: 'liveConnection',
  initial: 'idle',
  context: { retryDelay: FIRST_RETRY_MS, unauthorizedCloses: 0, problem: null, lastIds: {} },
  states: {
    idle: {
      entry: 'reset',
      on: { 'live.open': 'active' },
    },
    active: {
      initial: 'token',
      on: { 'live.close': 'idle' },
      states: {
        token: {
          invoke: {
            src: 'issueWsToken',
            onDone: { target: 'online', actions: assign({ token: ({ event }) => event.output.token }) },
            onError: [
              { guard: 'tokenLoginRequired', target: 'loginRequired' },
              {
                guard: 'tokenForbidden',
                target: 'forbidden',
                actions: assign({ problem: ({ event }) => ({ kind: 'wsToken', error: failureOf({ event }) }) }),
              },
              {
                target: 'waiting',
                actions: assign({ problem: ({ event }) => ({ kind: 'wsToken', error: failureOf({ event }) }) }),
              },
            ],
          },
        },
        online: {
          invoke: { id: 'socket', src: 'liveSocket', input: ({ context }) => ({ token: context.token ?? '' }) },
          initial: 'opening',
          on: {
            'socket.message': [
              {
                guard: 'isRepeat',
                actions: {
                  type: 'recordTraffic',
                  params: ({ event }) => ({ direction: 'in' as const, text: event.text }),
                },
              },
              {
                guard: 'isCommand',
                actions: [
                  { type: 'recordTraffic', params: ({ event }) => ({ direction: 'in' as const, text: event.text }) },
                  assign({ lastIds: ({ context, event }) => afterMessage(context.lastIds, commandOf(event)!) }),
                  { type: 'routeCommand', params: ({ event }) => ({ message: commandOf(event)! }) },
                ],
              },
              {
                guard: 'isReset',
                actions: [
                  { type: 'recordTraffic', params: ({ event }) => ({ direction: 'in' as const, text: event.text }) },
                  assign({ lastIds: ({ context, event }) => afterReset(context.lastIds, resetOf(event)!.channel) }),
                  { type: 'routeCommand', params: ({ event }) => ({ message: resetOf(event)! }) },
                ],
              },
              {
                actions: {
                  type: 'recordTraffic',
                  params: ({ event }) => ({ direction: 'in' as const, text: event.text }),
                },
              },
            ],
            'socket.closed': [
              { guard: 'closedForbidden', target: 'forbidden', actions: assign({ problem: { kind: 'forbidden' } }) },
              { guard: 'closedSessionEnded', target: 'loginRequired' },
              { guard: and(['closedUnauthorized', 'unauthorizedBefore']), target: 'loginRequired' },
              {
                guard: 'closedUnauthorized',
                target: 'waiting',
                actions: assign({
                  unauthorizedCloses: ({ context }) => context.unauthorizedCloses + 1,
                  problem: ({ event }) => ({ kind: 'closed', code: event.code, reason: event.reason }),
                }),
              },
              {
                target: 'waiting',
                actions: assign({
                  problem: ({ event }) => ({ kind: 'closed', code: event.code, reason: event.reason }),
                }),
              },
            ],
          },
          states: {
            opening: {
              on: {
                'socket.message': [
                  {
                    guard: 'isReady',
                    target: 'connected',
                    actions: [
                      {
                        type: 'recordTraffic',
                        params: ({ event }) => ({ direction: 'in' as const, text: event.text }),
                      },
                      assign({ userId: ({ event }) => readyOf(event)?.user_id }),
                      'resetBackoff',
                      'sendSubscribe',
                      {
                        type: 'recordTraffic',
                        params: ({ context }) => ({ direction: 'out' as const, text: subscribeText(context) }),
                      },
                    ],
                  },
                ],
              },
            },
            connected: {
              initial: 'fresh',
              states: {
                fresh: { after: { connectedBadge: 'settled' } },
                settled: {},
              },
            },
          },
        },
        waiting: {
          after: { retry: { target: 'token', actions: 'growBackoff' } },
        },
        loginRequired: {
          entry: assign({ problem: { kind: 'loginRequired' } }),
          on: { 'live.retry': { target: 'token', actions: 'resetBackoff' } },
        },
        forbidden: {
          on: { 'live.retry': { target: 'token', actions: 'resetBackoff' } },
        },
      },
    },
  },
});

type LiveConnectionSnapshot = SnapshotFrom<typeof liveConnectionMachine>;

export function selectLiveStatus(snapshot: LiveConnectionSnapshot): LiveStatus {
  if (snapshot.matches('idle')) return 'idle';
  if (snapshot.matches({ active: { online: 'connected' } })) return 'connected';
  if (snapshot.matches({ active: 'token' }) || snapshot.matches({ active: { online: 'opening' } })) return 'connecting';
  return 'disconnected';
}

/** The badge: while connecting or disconnected, and for CONNECTED_BADGE_MS after connecting. */
export const selectBadgeVisible = (snapshot: LiveConnectionSnapshot) =>
  !snapshot.matches('idle') && !snapshot.matches({ active: { online: { connected: 'settled' } } });

export const selectLiveProblem = (snapshot: LiveConnectionSnapshot) => snapshot.context.problem;
export const selectLiveChannel = (snapshot: LiveConnectionSnapshot) =>
  snapshot.matches({ active: { online: 'connected' } }) && snapshot.context.userId
    ? userChannel(snapshot.context.userId)
    : null;
