// Open invitations to maintain collections, for a logged-in user on /collections: load them, accept
// or decline one at a time. An answered invitation leaves the list and the machine emits it, so the
// screen can say so and refresh the collections. Loading is never in the way of the page: a 401
// shows nothing, another failure a retry.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { CollectionInvitation } from '../../api/contract/collections';
import { routes } from '../../api/contract/routes';
import { failedWith, failedWithStatus, failureOf } from '../failure';

export type InvitationAnswer = 'accept' | 'decline';

/** One invitation among the caller's: a collection can invite the caller and one of their organizations. */
export const invitationKey = (invitation: CollectionInvitation) =>
  `${invitation.collection_id}:${invitation.maintainer_type}:${invitation.maintainer_id}`;

export interface CollectionInvitationsContext {
  signedIn: boolean;
  invitations: CollectionInvitation[];
  /** The invitation on its way, with the answer. */
  answering?: { invitation: CollectionInvitation; answer: InvitationAnswer };
  /** Why the list could not be loaded. */
  loadError?: ApiError;
  /** Why the last answer failed, and to which invitation. */
  error?: { invitation: CollectionInvitation; error: ApiError };
}

export type CollectionInvitationsEvent =
  | { type: 'invitations.reload' }
  | { type: 'invitation.accept'; key: string }
  | { type: 'invitation.decline'; key: string };

export type CollectionInvitationsEmitted =
  | { type: 'invitation.accepted'; invitation: CollectionInvitation }
  | { type: 'invitation.declined'; invitation: CollectionInvitation };

const without = (invitations: readonly CollectionInvitation[], gone: CollectionInvitation) =>
  invitations.filter((invitation) => invitationKey(invitation) !== invitationKey(gone));

export const collectionInvitationsMachine = setup({
  types: {
    context: {} as CollectionInvitationsContext,
    events: {} as CollectionInvitationsEvent,
    emitted: {} as CollectionInvitationsEmitted,
    input: {} as { signedIn: boolean },
  },
  actors: {
    loadInvitations: fromPromise(
      async ({ signal }: { signal: AbortSignal }) => (await call(routes.listCollectionInvitations, { signal })).items,
    ),
    answerInvitation: fromPromise(
      ({
        input,
        signal,
      }: {
        input: { invitation: CollectionInvitation; answer: InvitationAnswer };
        signal: AbortSignal;
      }) => {
        const { invitation, answer } = input;
        const options = {
          params: { id: invitation.collection_id, maintainerId: invitation.maintainer_id },
          query: { maintainer_type: invitation.maintainer_type },
          signal,
        };
        return answer === 'accept'
          ? call(routes.acceptCollectionMaintainer, options)
          : call(routes.removeCollectionMaintainer, options);
      },
    ),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    known: ({ context, event }) =>
      'key' in event && context.invitations.some((invitation) => invitationKey(invitation) === event.key),
    unauthorized: failedWithStatus(401),
    /** The invitation was withdrawn or the collection deleted meanwhile. */
    gone: failedWith('not_found'),
    /** Declining what is already gone is what was asked for. */
    alreadyDeclined: ({ context, event }) =>
      context.answering?.answer === 'decline' && failedWith('not_found')({ event }),
  },
  actions: {
    startAnswer: assign(({ context, event }) => {
      const key = 'key' in event ? event.key : '';
      const invitation = context.invitations.find((candidate) => invitationKey(candidate) === key)!;
      return {
        answering: { invitation, answer: event.type === 'invitation.accept' ? 'accept' : 'decline' },
        error: undefined,
      } as const;
    }),
    dropAnswered: assign(({ context }) => ({
      invitations: context.answering ? without(context.invitations, context.answering.invitation) : context.invitations,
      answering: undefined,
    })),
    emitAnswered: emit(({ context }) => {
      const { invitation, answer } = context.answering!;
      return answer === 'accept'
        ? { type: 'invitation.accepted' as const, invitation }
        : { type: 'invitation.declined' as const, invitation };
    }),
    keepFailure: assign(({ context, event }) => ({
      error: context.answering && { invitation: context.answering.invitation, error: failureOf({ event }) },
    })),
  },
}).createMachine({
  id: 'collectionInvitations',
  context: ({ input }) => ({ signedIn: input.signedIn, invitations: [] }),
  initial: 'starting',
  states: {
    // A visitor without login has no invitations: nothing is asked.
    starting: { always: [{ guard: 'signedIn', target: 'loading' }, { target: 'off' }] },
    loading: {
      entry: assign({ loadError: undefined, error: undefined }),
      invoke: {
        src: 'loadInvitations',
        onDone: { target: 'ready', actions: assign({ invitations: ({ event }) => event.output }) },
        onError: [
          // The session ended: the list next door says so; nothing to offer here.
          { guard: 'unauthorized', target: 'off', actions: assign({ invitations: [] }) },
          { target: 'failed', actions: assign({ invitations: [], loadError: failureOf }) },
        ],
      },
    },
    failed: { on: { 'invitations.reload': 'loading' } },
    off: { on: { 'invitations.reload': { guard: 'signedIn', target: 'loading' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invitations.reload': '#collectionInvitations.loading',
            'invitation.accept': { guard: 'known', target: 'answering', actions: 'startAnswer' },
            'invitation.decline': { guard: 'known', target: 'answering', actions: 'startAnswer' },
          },
        },
        answering: {
          invoke: {
            src: 'answerInvitation',
            input: ({ context }) => context.answering!,
            onDone: { target: 'idle', actions: ['emitAnswered', 'dropAnswered'] },
            onError: [
              { guard: 'alreadyDeclined', target: 'idle', actions: ['emitAnswered', 'dropAnswered'] },
              // Accepting what is gone: it leaves the list, with the reason.
              { guard: 'gone', target: 'idle', actions: ['keepFailure', 'dropAnswered'] },
              { target: 'idle', actions: ['keepFailure', assign({ answering: undefined })] },
            ],
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof collectionInvitationsMachine>;
export const selectInvitations = (s: Snapshot) => s.context.invitations;
export const selectInvitationsLoadError = (s: Snapshot) => (s.matches('failed') ? s.context.loadError : undefined);
export const selectInvitationsLoading = (s: Snapshot) => s.matches('loading');
export const selectAnswering = (s: Snapshot) => s.context.answering;
export const selectAnswerError = (s: Snapshot) => s.context.error;
