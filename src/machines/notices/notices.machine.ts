// The notices banner's flow (issue 16): signedOut -> loading (on sign-in, and again when the live
// channel brings a `tool.notice`) -> ready. Marking read is optimistic: the notice leaves the list
// at once and comes back where it was if the server refuses. A failed load keeps the list as it is
// (notices are a courtesy).
import { assign, fromCallback, fromPromise, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { call } from '../../api/client';
import type { Notice } from '../../api/contract/notices';
import { routes } from '../../api/contract/routes';

export interface NoticesContext {
  userId?: string;
  unread: Notice[];
}

export type NoticesEvent =
  | { type: 'notices.signedIn'; userId: string }
  | { type: 'notices.signedOut' }
  | { type: 'notices.arrived' }
  | { type: 'notices.markRead'; id: string }
  | { type: 'notices.readFailed'; notice: Notice; index: number };

/** The user's unread notices. */
export const loadUnread = fromPromise<Notice[], { userId: string }>(async ({ signal }) => {
  const list = await call(routes.listNotices, { signal });
  return list.items.filter((notice) => notice.read_at === null);
});

/** Marks one notice read; tells the machine only when the server refused. */
export const markNoticeRead = fromCallback<NoticesEvent, { notice: Notice; index: number }>(({ input, sendBack }) => {
  call(routes.readNotice, { params: { id: input.notice.id } }).catch(() =>
    sendBack({ type: 'notices.readFailed', notice: input.notice, index: input.index }),
  );
});

export const noticesMachine = setup({
  types: { context: {} as NoticesContext, events: {} as NoticesEvent },
  actors: { load: loadUnread, markRead: markNoticeRead },
}).createMachine({
  id: 'notices',
  context: { unread: [] },
  initial: 'signedOut',
  on: {
    'notices.signedIn': { target: '.loading', actions: assign({ userId: ({ event }) => event.userId, unread: [] }) },
    'notices.signedOut': { target: '.signedOut' },
  },
  states: {
    signedOut: { entry: assign({ userId: undefined, unread: [] }) },
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ userId: context.userId! }),
        onDone: { target: 'ready', actions: assign({ unread: ({ event }) => event.output }) },
        onError: 'ready',
      },
      on: { 'notices.arrived': { target: 'loading', reenter: true } },
    },
    ready: {
      on: {
        'notices.arrived': 'loading',
        'notices.markRead': {
          guard: ({ context, event }) => context.unread.some((notice) => notice.id === event.id),
          actions: [
            // Before the list changes: the child needs the notice and its place to restore it.
            spawnChild('markRead', {
              input: ({ context, event }) => {
                const id = (event as Extract<NoticesEvent, { type: 'notices.markRead' }>).id;
                const index = context.unread.findIndex((notice) => notice.id === id);
                return { notice: context.unread[index]!, index };
              },
            }),
            assign({ unread: ({ context, event }) => context.unread.filter((notice) => notice.id !== event.id) }),
          ],
        },
        'notices.readFailed': {
          actions: assign({
            unread: ({ context, event }) => {
              const unread = [...context.unread];
              unread.splice(Math.min(event.index, unread.length), 0, event.notice);
              return unread;
            },
          }),
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof noticesMachine>;
export const selectUnread = (snapshot: Snapshot) => snapshot.context.unread;
