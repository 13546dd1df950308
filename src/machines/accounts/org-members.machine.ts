// Managing the members of one organization (on /teams, for its owners and admins): load it with
// its members and pending invitations, invite someone by handle with a role (they become a member
// only once they accept), withdraw an invitation, change a role, remove one. One change at a time.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { Org, OrgRole } from '../../api/contract';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export type MemberChange =
  | { kind: 'add'; username: string; role: OrgRole }
  | { kind: 'role'; username: string; role: OrgRole }
  | { kind: 'remove'; username: string }
  | { kind: 'withdraw'; username: string };

export interface OrgMembersContext {
  slug: string;
  org?: Org;
  /** The add form. */
  handle: string;
  role: OrgRole;
  error?: ApiError;
  /** The change on its way, so the screen can disable the row it concerns. */
  pending?: MemberChange;
  /** The handle invited last, for the confirmation. */
  invited?: string;
}

export type OrgMembersEvent =
  | { type: 'members.retry' }
  | { type: 'add.handle'; value: string }
  | { type: 'add.role'; value: OrgRole }
  | { type: 'add.submit' }
  | { type: 'member.role'; username: string; role: OrgRole }
  | { type: 'member.remove'; username: string }
  | { type: 'invitation.withdraw'; username: string };

export const orgMembersMachine = setup({
  types: {
    context: {} as OrgMembersContext,
    events: {} as OrgMembersEvent,
    input: {} as { slug: string },
  },
  actors: {
    loadOrg: fromPromise(({ input, signal }: { input: { slug: string }; signal: AbortSignal }) =>
      call(routes.getOrg, { params: { slug: input.slug }, signal }),
    ),
    changeMembers: fromPromise(
      ({ input, signal }: { input: { slug: string; change: MemberChange }; signal: AbortSignal }) => {
        const { slug, change } = input;
        if (change.kind === 'add') {
          return call(routes.addOrgMember, {
            params: { slug },
            body: { username: change.username, role: change.role },
            signal,
          });
        }
        const params = { slug, username: change.username };
        if (change.kind === 'role')
          return call(routes.updateOrgMember, { params, body: { role: change.role }, signal });
        if (change.kind === 'withdraw') return call(routes.withdrawOrgInvitation, { params, signal });
        return call(routes.removeOrgMember, { params, signal });
      },
    ),
  },
  actions: {
    /** Provided by the screen: the organization's list row follows (its member count). */
    orgChanged: (_, _params: { org: Org }) => {},
    setFailure: assign({ error: failureOf }),
  },
  guards: {
    canAdd: ({ context }) => context.handle.trim() !== '',
  },
}).createMachine({
  id: 'orgMembers',
  context: ({ input }) => ({ slug: input.slug, handle: '', role: 'member' }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadOrg',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: { target: 'ready', actions: assign({ org: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: 'setFailure',
        },
      },
    },
    loadFailed: { on: { 'members.retry': 'loading' } },
    ready: {
      on: {
        'add.handle': { actions: assign({ handle: ({ event }) => event.value }) },
        'add.role': { actions: assign({ role: ({ event }) => event.value }) },
        'add.submit': {
          guard: 'canAdd',
          target: 'changing',
          actions: assign({
            pending: ({ context }) => ({
              kind: 'add' as const,
              username: context.handle.trim().toLowerCase(),
              role: context.role,
            }),
          }),
        },
        'member.role': {
          target: 'changing',
          actions: assign({
            pending: ({ event }) => ({ kind: 'role' as const, username: event.username, role: event.role }),
          }),
        },
        'member.remove': {
          target: 'changing',
          actions: assign({ pending: ({ event }) => ({ kind: 'remove' as const, username: event.username }) }),
        },
        'invitation.withdraw': {
          target: 'changing',
          actions: assign({ pending: ({ event }) => ({ kind: 'withdraw' as const, username: event.username }) }),
        },
      },
    },
    changing: {
      entry: assign({ error: undefined, invited: undefined }),
      on: { 'add.handle': { actions: assign({ handle: ({ event }) => event.value }) } },
      invoke: {
        src: 'changeMembers',
        input: ({ context }) => ({ slug: context.slug, change: context.pending! }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              org: ({ event }) => event.output,
              handle: ({ context }) => (context.pending?.kind === 'add' ? '' : context.handle),
              invited: ({ context }) => (context.pending?.kind === 'add' ? context.pending.username : undefined),
              pending: undefined,
            }),
            { type: 'orgChanged', params: ({ event }) => ({ org: event.output }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: ['setFailure', assign({ pending: undefined })],
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof orgMembersMachine>;
export const selectMembersLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectMembersLoadFailed = (snapshot: Snapshot) => snapshot.matches('loadFailed');
export const selectChanging = (snapshot: Snapshot) => snapshot.matches('changing');
export const selectCanAdd = (snapshot: Snapshot) => snapshot.can({ type: 'add.submit' });
export const selectManagedOrg = (snapshot: Snapshot) => snapshot.context.org;
export const selectAddHandle = (snapshot: Snapshot) => snapshot.context.handle;
export const selectAddRole = (snapshot: Snapshot) => snapshot.context.role;
export const selectMembersError = (snapshot: Snapshot) => snapshot.context.error;
export const selectPending = (snapshot: Snapshot) => snapshot.context.pending;
/** The handle just invited (until the next change). */
export const selectInvited = (snapshot: Snapshot) => snapshot.context.invited;
