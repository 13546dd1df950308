// The teams page (/teams): the caller's organizations (pages of them), the invitations waiting for
// their answer (accept: they become a member; decline: the invitation is gone), renaming and
// deleting (after a confirmation) an organization they own, and the form that creates one (name,
// a slug suggested from the name until edited, abbreviation, website, locations).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { call, type ApiError } from '../../api/client';
import type { MyOrgInvitation, Org, OrgSummary } from '../../api/contract';
import { routes } from '../../api/contract/routes';
import { slugify } from '../../shared/document-path';
import { failureOf } from '../failure';

export type OrgListItem = z.infer<typeof OrgSummary>;

export interface OrgForm {
  name: string;
  slug: string;
  /** True once the user typed a slug: the name no longer suggests one. */
  slugEdited: boolean;
  abbreviation: string;
  website: string;
  locations: { city: string; country: string }[];
}
export type OrgFormField = 'name' | 'slug' | 'abbreviation' | 'website';

export const EMPTY_ORG_FORM: OrgForm = {
  name: '',
  slug: '',
  slugEdited: false,
  abbreviation: '',
  website: '',
  locations: [],
};

/** A slug the server accepts for a name: 'Advokátní komora' → 'advokatni-komora'. */
export const suggestSlug = slugify;

/** The create request: blank location rows are left out, country codes upper-cased. */
export function requestFromForm(form: OrgForm) {
  return {
    name: form.name.trim(),
    slug: form.slug.trim().toLowerCase(),
    abbreviation: form.abbreviation.trim() || null,
    website: form.website.trim(),
    locations: form.locations
      .map((location) => ({ city: location.city.trim(), country: location.country.trim().toUpperCase() }))
      .filter((location) => location.city !== '' || location.country !== ''),
  };
}

const summaryOf = (org: Org): OrgListItem => {
  const { members, invitations: _invitations, ...rest } = org;
  return { ...rest, member_count: members.length };
};

/** The rename form of one organization: `slug` is its address now, `nextSlug` the one typed. */
export interface RenameForm {
  slug: string;
  name: string;
  nextSlug: string;
}

/** The rename request: only what changed (an unchanged field is left out). */
export function renameRequest(form: RenameForm, org: Pick<OrgListItem, 'name' | 'slug'>) {
  const name = form.name.trim();
  const slug = form.nextSlug.trim().toLowerCase();
  return { ...(name !== org.name ? { name } : {}), ...(slug !== org.slug ? { slug } : {}) };
}

export type InvitationAnswer = 'accept' | 'decline';

export interface TeamsContext {
  /** The caller's handle: the invitations answered are theirs. */
  username: string;
  orgs: OrgListItem[];
  /** The next page of organizations, or null when all are listed. */
  nextCursor: string | null;
  invitations: MyOrgInvitation[];
  form: OrgForm;
  error?: ApiError;
  /** The slug of the organization created last, for the success message. */
  created?: string;
  /** Why the last answer, rename, deletion or page failed. */
  actionError?: ApiError;
  /** The invitation being answered. */
  answering?: { slug: string; answer: InvitationAnswer };
  /** The name of the organization joined last, for the success message. */
  joined?: string;
  rename?: RenameForm;
  /** The organization asked to be deleted (the confirmation dialog), then being deleted. */
  deleting?: { slug: string; name: string };
  /** The name of the organization deleted last, for the message. */
  deleted?: string;
}

export type TeamsEvent =
  | { type: 'teams.retry' }
  | { type: 'teams.more' }
  | { type: 'create.field'; field: OrgFormField; value: string }
  | { type: 'create.addLocation' }
  | { type: 'create.removeLocation'; index: number }
  | { type: 'create.location'; index: number; field: 'city' | 'country'; value: string }
  | { type: 'create.submit' }
  | { type: 'invitation.accept'; slug: string }
  | { type: 'invitation.decline'; slug: string }
  | { type: 'rename.open'; slug: string }
  | { type: 'rename.field'; field: 'name' | 'slug'; value: string }
  | { type: 'rename.submit' }
  | { type: 'rename.cancel' }
  | { type: 'delete.ask'; slug: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** An organization changed elsewhere on the page (members managed): refresh its row. */
  | { type: 'teams.orgChanged'; org: Org };

type AnswerOutput = { answer: 'accept'; org: Org } | { answer: 'decline'; slug: string };

export const teamsMachine = setup({
  types: {
    context: {} as TeamsContext,
    events: {} as TeamsEvent,
    input: {} as { username: string },
  },
  actors: {
    loadTeams: fromPromise(async ({ signal }: { signal: AbortSignal }) => {
      const [page, invitations] = await Promise.all([
        call(routes.listMyOrgs, { signal }),
        call(routes.listMyOrgInvitations, { signal }),
      ]);
      return { orgs: page.items, nextCursor: page.next_cursor, invitations: invitations.items };
    }),
    loadMoreOrgs: fromPromise(({ input, signal }: { input: { cursor: string }; signal: AbortSignal }) =>
      call(routes.listMyOrgs, { query: { cursor: input.cursor }, signal }),
    ),
    createOrg: fromPromise(({ input, signal }: { input: { form: OrgForm }; signal: AbortSignal }) =>
      call(routes.createOrg, { body: requestFromForm(input.form), signal }),
    ),
    answerInvitation: fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { slug: string; username: string; answer: InvitationAnswer };
        signal: AbortSignal;
      }): Promise<AnswerOutput> => {
        const params = { slug: input.slug, username: input.username };
        if (input.answer === 'accept') {
          return { answer: 'accept', org: await call(routes.acceptOrgInvitation, { params, signal }) };
        }
        await call(routes.declineOrgInvitation, { params, signal });
        return { answer: 'decline', slug: input.slug };
      },
    ),
    renameOrg: fromPromise(
      ({ input, signal }: { input: { slug: string; body: { name?: string; slug?: string } }; signal: AbortSignal }) =>
        call(routes.updateOrg, { params: { slug: input.slug }, body: input.body, signal }),
    ),
    deleteOrg: fromPromise(({ input, signal }: { input: { slug: string }; signal: AbortSignal }) =>
      call(routes.deleteOrg, { params: { slug: input.slug }, signal }),
    ),
  },
  actions: {
    setFailure: assign({ error: failureOf }),
    setActionFailure: assign({ actionError: failureOf }),
    editField: assign(({ context }, params: { field: OrgFormField; value: string }) => {
      const form = { ...context.form, [params.field]: params.value };
      if (params.field === 'slug') form.slugEdited = params.value !== '';
      if (params.field === 'name' && !context.form.slugEdited) form.slug = suggestSlug(params.value);
      return { form };
    }),
  },
  guards: {
    canCreate: ({ context }) => context.form.name.trim() !== '' && context.form.slug.trim() !== '',
    hasMore: ({ context }) => context.nextCursor !== null,
    isInvited: ({ context, event }) =>
      'slug' in event && context.invitations.some((invitation) => invitation.org.slug === event.slug),
    ownsOrg: ({ context, event }) =>
      'slug' in event && context.orgs.some((org) => org.slug === event.slug && org.role === 'owner'),
    canRename: ({ context }) => {
      const form = context.rename;
      const org = form && context.orgs.find((item) => item.slug === form.slug);
      if (!form || !org || form.name.trim() === '' || form.nextSlug.trim() === '') return false;
      return Object.keys(renameRequest(form, org)).length > 0;
    },
  },
}).createMachine({
  id: 'teams',
  context: ({ input }) => ({
    username: input.username,
    orgs: [],
    nextCursor: null,
    invitations: [],
    form: EMPTY_ORG_FORM,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadTeams',
        onDone: {
          target: 'ready',
          actions: assign({
            orgs: ({ event }) => event.output.orgs,
            nextCursor: ({ event }) => event.output.nextCursor,
            invitations: ({ event }) => event.output.invitations,
          }),
        },
        onError: {
          target: 'loadFailed',
          actions: 'setFailure',
        },
      },
    },
    loadFailed: { on: { 'teams.retry': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'teams.orgChanged': {
          actions: assign({
            orgs: ({ context, event }) =>
              context.orgs.map((org) => (org.id === event.org.id ? summaryOf(event.org) : org)),
          }),
        },
      },
      states: {
        create: {
          initial: 'idle',
          on: {
            'create.field': {
              target: '.idle',
              actions: { type: 'editField', params: ({ event }) => ({ field: event.field, value: event.value }) },
            },
            'create.addLocation': {
              actions: assign({
                form: ({ context }) => ({
                  ...context.form,
                  locations: [...context.form.locations, { city: '', country: '' }],
                }),
              }),
            },
            'create.removeLocation': {
              actions: assign({
                form: ({ context, event }) => ({
                  ...context.form,
                  locations: context.form.locations.filter((_, index) => index !== event.index),
                }),
              }),
            },
            'create.location': {
              actions: assign({
                form: ({ context, event }) => ({
                  ...context.form,
                  locations: context.form.locations.map((location, index) =>
                    index === event.index ? { ...location, [event.field]: event.value } : location,
                  ),
                }),
              }),
            },
          },
          states: {
            idle: { on: { 'create.submit': { guard: 'canCreate', target: 'creating' } } },
            creating: {
              entry: assign({ error: undefined, created: undefined }),
              on: { 'create.field': {}, 'create.submit': {} },
              invoke: {
                src: 'createOrg',
                input: ({ context }) => ({ form: context.form }),
                onDone: {
                  target: 'created',
                  actions: assign({
                    orgs: ({ context, event }) => [...context.orgs, summaryOf(event.output)],
                    form: EMPTY_ORG_FORM,
                    created: ({ event }) => event.output.slug,
                  }),
                },
                onError: {
                  target: 'failed',
                  actions: 'setFailure',
                },
              },
            },
            created: { on: { 'create.submit': { guard: 'canCreate', target: 'creating' } } },
            failed: { on: { 'create.submit': { guard: 'canCreate', target: 'creating' } } },
          },
        },
        pages: {
          initial: 'idle',
          states: {
            idle: { on: { 'teams.more': { guard: 'hasMore', target: 'loadingMore' } } },
            loadingMore: {
              entry: assign({ actionError: undefined }),
              invoke: {
                src: 'loadMoreOrgs',
                input: ({ context }) => ({ cursor: context.nextCursor! }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    // A row already listed (created or joined meanwhile) is not listed twice.
                    orgs: ({ context, event }) => [
                      ...context.orgs,
                      ...event.output.items.filter((item) => !context.orgs.some((org) => org.id === item.id)),
                    ],
                    nextCursor: ({ event }) => event.output.next_cursor,
                  }),
                },
                onError: { target: 'idle', actions: 'setActionFailure' },
              },
            },
          },
        },
        /** One answer, rename or deletion at a time. */
        action: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'invitation.accept': {
                  guard: 'isInvited',
                  target: 'answering',
                  actions: assign({ answering: ({ event }) => ({ slug: event.slug, answer: 'accept' as const }) }),
                },
                'invitation.decline': {
                  guard: 'isInvited',
                  target: 'answering',
                  actions: assign({ answering: ({ event }) => ({ slug: event.slug, answer: 'decline' as const }) }),
                },
                'rename.open': {
                  guard: 'ownsOrg',
                  target: 'renaming',
                  actions: assign({
                    rename: ({ context, event }) => {
                      const org = context.orgs.find((item) => item.slug === event.slug)!;
                      return { slug: org.slug, name: org.name, nextSlug: org.slug };
                    },
                  }),
                },
                'delete.ask': {
                  guard: 'ownsOrg',
                  target: 'confirmingDelete',
                  actions: assign({
                    actionError: undefined,
                    joined: undefined,
                    deleted: undefined,
                    deleting: ({ context, event }) => {
                      const org = context.orgs.find((item) => item.slug === event.slug)!;
                      return { slug: org.slug, name: org.name };
                    },
                  }),
                },
              },
            },
            answering: {
              entry: assign({ actionError: undefined, joined: undefined, deleted: undefined }),
              invoke: {
                src: 'answerInvitation',
                input: ({ context }) => ({ ...context.answering!, username: context.username }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    const slug = event.output.answer === 'accept' ? event.output.org.slug : event.output.slug;
                    const invitations = context.invitations.filter((invitation) => invitation.org.slug !== slug);
                    if (event.output.answer === 'decline') return { invitations, answering: undefined };
                    const org = event.output.org;
                    return {
                      invitations,
                      answering: undefined,
                      joined: org.name,
                      orgs: [...context.orgs.filter((item) => item.id !== org.id), summaryOf(org)],
                    };
                  }),
                },
                onError: { target: 'idle', actions: ['setActionFailure', assign({ answering: undefined })] },
              },
            },
            renaming: {
              initial: 'editing',
              entry: assign({ actionError: undefined, joined: undefined, deleted: undefined }),
              exit: assign({ rename: undefined }),
              on: { 'rename.cancel': { target: 'idle', actions: assign({ actionError: undefined }) } },
              states: {
                editing: {
                  on: {
                    'rename.field': {
                      actions: assign({
                        rename: ({ context, event }) => ({
                          ...context.rename!,
                          ...(event.field === 'name' ? { name: event.value } : { nextSlug: event.value }),
                        }),
                      }),
                    },
                    'rename.submit': { guard: 'canRename', target: 'saving' },
                  },
                },
                saving: {
                  entry: assign({ actionError: undefined }),
                  on: { 'rename.cancel': {} },
                  invoke: {
                    src: 'renameOrg',
                    input: ({ context }) => {
                      const form = context.rename!;
                      const org = context.orgs.find((item) => item.slug === form.slug)!;
                      return { slug: form.slug, body: renameRequest(form, org) };
                    },
                    onDone: {
                      target: '#teams.ready.action.idle',
                      actions: assign({
                        orgs: ({ context, event }) =>
                          context.orgs.map((org) => (org.id === event.output.id ? summaryOf(event.output) : org)),
                      }),
                    },
                    onError: { target: 'editing', actions: 'setActionFailure' },
                  },
                },
              },
            },
            // Entered again after a refusal, which stays shown: the question clears old messages.
            confirmingDelete: {
              on: {
                'delete.confirm': 'deleting',
                'delete.cancel': { target: 'idle', actions: assign({ deleting: undefined, actionError: undefined }) },
              },
            },
            deleting: {
              entry: assign({ actionError: undefined }),
              invoke: {
                src: 'deleteOrg',
                input: ({ context }) => ({ slug: context.deleting!.slug }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    orgs: ({ context, event }) => context.orgs.filter((org) => org.id !== event.output.id),
                    deleted: ({ event }) => event.output.name,
                    deleting: undefined,
                  }),
                },
                // The dialog stays open with the reason (e.g. the organization still owns collections).
                onError: { target: 'confirmingDelete', actions: 'setActionFailure' },
              },
            },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof teamsMachine>;
export const selectOrgsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectOrgsReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectCreating = (snapshot: Snapshot) => snapshot.matches({ ready: { create: 'creating' } });
export const selectCanCreate = (snapshot: Snapshot) => snapshot.can({ type: 'create.submit' });
/** Why the list could not be loaded. */
export const selectLoadError = (snapshot: Snapshot) =>
  snapshot.matches('loadFailed') ? snapshot.context.error : undefined;
/** Why the last creation failed, while that is the state shown. */
export const selectCreateError = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { create: 'failed' } }) ? snapshot.context.error : undefined;
export const selectOrgs = (snapshot: Snapshot) => snapshot.context.orgs;
export const selectOrgForm = (snapshot: Snapshot) => snapshot.context.form;
/** The slug of the organization just created, while that is the state shown. */
export const selectCreated = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { create: 'created' } }) ? snapshot.context.created : undefined;
export const selectHasMore = (snapshot: Snapshot) => snapshot.context.nextCursor !== null;
export const selectLoadingMore = (snapshot: Snapshot) => snapshot.matches({ ready: { pages: 'loadingMore' } });
export const selectInvitations = (snapshot: Snapshot) => snapshot.context.invitations;
export const selectAnswering = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { action: 'answering' } }) ? snapshot.context.answering : undefined;
/** Whether another answer, rename or deletion may start now. */
export const selectActionIdle = (snapshot: Snapshot) => snapshot.matches({ ready: { action: 'idle' } });
export const selectActionError = (snapshot: Snapshot) => snapshot.context.actionError;
export const selectJoined = (snapshot: Snapshot) => snapshot.context.joined;
export const selectDeleted = (snapshot: Snapshot) => snapshot.context.deleted;
export const selectRenameForm = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { action: 'renaming' } }) ? snapshot.context.rename : undefined;
export const selectRenameSaving = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { action: { renaming: 'saving' } } });
export const selectCanRename = (snapshot: Snapshot) => snapshot.can({ type: 'rename.submit' });
/** The organization in the delete confirmation, and whether it is being deleted. */
export const selectDeleteAsked = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { action: 'confirmingDelete' } }) || snapshot.matches({ ready: { action: 'deleting' } })
    ? snapshot.context.deleting
    : undefined;
export const selectDeleting = (snapshot: Snapshot) => snapshot.matches({ ready: { action: 'deleting' } });
