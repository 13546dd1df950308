// The History tab: the user's past Copilot conversations (newest first, paged), one opened to be
// read back, and deleting one after a confirmation.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, toApiError, type ApiError } from '../../api/client';
import type { CopilotConversation, CopilotConversationSummary } from '../../api/contract/copilot';
import { routes } from '../../api/contract/routes';

export const HISTORY_PAGE = 20;

export interface CopilotHistoryContext {
  items: CopilotConversationSummary[];
  total: number;
  /** The conversation being read. */
  open?: CopilotConversation;
  /** The conversation the user asked to delete, until they confirm or cancel. */
  pendingDelete?: string;
  error?: ApiError;
}

export type CopilotHistoryEvent =
  | { type: 'history.load' }
  | { type: 'history.more' }
  | { type: 'history.open'; id: string }
  | { type: 'history.close' }
  | { type: 'history.delete'; id: string }
  | { type: 'history.confirm' }
  | { type: 'history.cancel' };

export const copilotHistoryMachine = setup({
  types: { context: {} as CopilotHistoryContext, events: {} as CopilotHistoryEvent },
  actors: {
    listConversations: fromPromise(({ input, signal }: { input: { offset: number }; signal: AbortSignal }) =>
      call(routes.listCopilotConversations, { query: { limit: HISTORY_PAGE, offset: input.offset }, signal }),
    ),
    readConversation: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
      call(routes.getCopilotConversation, { params: { id: input.id }, signal }),
    ),
    deleteConversation: fromPromise(({ input }: { input: { id: string } }) =>
      call(routes.deleteCopilotConversation, { params: { id: input.id } }),
    ),
  },
  actions: {
    failed: assign({ error: ({ event }) => toApiError((event as { error?: unknown }).error) }),
    clearError: assign({ error: undefined }),
  },
  guards: {
    hasMore: ({ context }) => context.items.length < context.total,
    reading: ({ context }) => context.open !== undefined,
  },
}).createMachine({
  id: 'copilotHistory',
  context: { items: [], total: 0 },
  initial: 'idle',
  states: {
    /** Nothing asked until the tab is first shown. */
    idle: { on: { 'history.load': 'loading' } },
    loading: {
      entry: 'clearError',
      invoke: {
        src: 'listConversations',
        input: { offset: 0 },
        onDone: {
          target: 'listed',
          actions: assign(({ event }) => ({ items: event.output.items, total: event.output.total })),
        },
        onError: { target: 'failed', actions: 'failed' },
      },
    },
    failed: { on: { 'history.load': 'loading' } },
    listed: {
      on: {
        'history.load': 'loading',
        'history.more': { guard: 'hasMore', target: 'loadingMore' },
        'history.open': 'opening',
        'history.delete': { target: 'confirming', actions: assign({ pendingDelete: ({ event }) => event.id }) },
      },
    },
    loadingMore: {
      invoke: {
        src: 'listConversations',
        input: ({ context }) => ({ offset: context.items.length }),
        onDone: {
          target: 'listed',
          actions: assign(({ context, event }) => ({
            // A conversation may have moved up between pages: keep each once.
            items: [
              ...context.items,
              ...event.output.items.filter((item) => !context.items.some((known) => known.id === item.id)),
            ],
            total: event.output.total,
          })),
        },
        onError: { target: 'listed', actions: 'failed' },
      },
    },
    opening: {
      entry: 'clearError',
      invoke: {
        src: 'readConversation',
        input: ({ event }) => ({ id: event.type === 'history.open' ? event.id : '' }),
        onDone: { target: 'reading', actions: assign({ open: ({ event }) => event.output }) },
        onError: { target: 'listed', actions: 'failed' },
      },
    },
    reading: {
      on: {
        'history.close': { target: 'listed', actions: assign({ open: undefined }) },
        'history.delete': { target: 'confirming', actions: assign({ pendingDelete: ({ event }) => event.id }) },
      },
    },
    confirming: {
      on: {
        'history.confirm': 'deleting',
        'history.cancel': [
          { guard: 'reading', target: 'reading', actions: assign({ pendingDelete: undefined }) },
          { target: 'listed', actions: assign({ pendingDelete: undefined }) },
        ],
      },
    },
    deleting: {
      entry: 'clearError',
      invoke: {
        src: 'deleteConversation',
        input: ({ context }) => ({ id: context.pendingDelete ?? '' }),
        onDone: {
          target: 'listed',
          actions: assign(({ context }) => ({
            items: context.items.filter((item) => item.id !== context.pendingDelete),
            total: Math.max(0, context.total - 1),
            open: context.open?.id === context.pendingDelete ? undefined : context.open,
            pendingDelete: undefined,
          })),
        },
        onError: {
          target: 'listed',
          actions: ['failed', assign({ pendingDelete: undefined, open: undefined })],
        },
      },
    },
  },
});

type HistorySnapshot = SnapshotFrom<typeof copilotHistoryMachine>;
export const selectHistoryItems = (snapshot: HistorySnapshot) => snapshot.context.items;
export const selectHistoryOpen = (snapshot: HistorySnapshot) => snapshot.context.open;
export const selectHistoryError = (snapshot: HistorySnapshot) => snapshot.context.error;
export const selectHistoryHasMore = (snapshot: HistorySnapshot) =>
  snapshot.context.items.length < snapshot.context.total;
export const selectHistoryLoading = (snapshot: HistorySnapshot) =>
  snapshot.matches('loading') || snapshot.matches('opening') || snapshot.matches('loadingMore');
export const selectHistoryConfirming = (snapshot: HistorySnapshot) =>
  snapshot.matches('confirming') || snapshot.matches('deleting');
export const selectHistoryLoaded = (snapshot: HistorySnapshot) => !snapshot.matches('idle');
