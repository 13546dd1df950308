// The teams page (/teams): the caller's organizations and the form that creates one (name, a slug
// suggested from the name until edited, abbreviation, website, locations).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { call, type ApiError } from '../../api/client';
import type { Org, OrgSummary } from '../../api/contract';
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
  const { members, ...rest } = org;
  return { ...rest, member_count: members.length };
};

export interface TeamsContext {
  orgs: OrgListItem[];
  form: OrgForm;
  error?: ApiError;
  /** The slug of the organization created last, for the success message. */
  created?: string;
}

export type TeamsEvent =
  | { type: 'teams.retry' }
  | { type: 'create.field'; field: OrgFormField; value: string }
  | { type: 'create.addLocation' }
  | { type: 'create.removeLocation'; index: number }
  | { type: 'create.location'; index: number; field: 'city' | 'country'; value: string }
  | { type: 'create.submit' }
  /** An organization changed elsewhere on the page (members managed): refresh its row. */
  | { type: 'teams.orgChanged'; org: Org };

export const teamsMachine = setup({
  types: { context: {} as TeamsContext, events: {} as TeamsEvent },
  actors: {
    loadOrgs: fromPromise(
      async ({ signal }: { signal: AbortSignal }) => (await call(routes.listMyOrgs, { signal })).items,
    ),
    createOrg: fromPromise(({ input, signal }: { input: { form: OrgForm }; signal: AbortSignal }) =>
      call(routes.createOrg, { body: requestFromForm(input.form), signal }),
    ),
  },
  actions: {
    setFailure: assign({ error: failureOf }),
    editField: assign(({ context }, params: { field: OrgFormField; value: string }) => {
      const form = { ...context.form, [params.field]: params.value };
      if (params.field === 'slug') form.slugEdited = params.value !== '';
      if (params.field === 'name' && !context.form.slugEdited) form.slug = suggestSlug(params.value);
      return { form };
    }),
  },
  guards: {
    canCreate: ({ context }) => context.form.name.trim() !== '' && context.form.slug.trim() !== '',
  },
}).createMachine({
  id: 'teams',
  context: { orgs: [], form: EMPTY_ORG_FORM },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadOrgs',
        onDone: { target: 'ready', actions: assign({ orgs: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: 'setFailure',
        },
      },
    },
    loadFailed: { on: { 'teams.retry': 'loading' } },
    ready: {
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
        'teams.orgChanged': {
          actions: assign({
            orgs: ({ context, event }) =>
              context.orgs.map((org) => (org.slug === event.org.slug ? summaryOf(event.org) : org)),
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
  },
});

type Snapshot = SnapshotFrom<typeof teamsMachine>;
export const selectOrgsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectOrgsReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectCreating = (snapshot: Snapshot) => snapshot.matches({ ready: 'creating' });
export const selectCanCreate = (snapshot: Snapshot) => snapshot.can({ type: 'create.submit' });
/** Why the list could not be loaded. */
export const selectLoadError = (snapshot: Snapshot) =>
  snapshot.matches('loadFailed') ? snapshot.context.error : undefined;
/** Why the last creation failed, while that is the state shown. */
export const selectCreateError = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'failed' }) ? snapshot.context.error : undefined;
export const selectOrgs = (snapshot: Snapshot) => snapshot.context.orgs;
export const selectOrgForm = (snapshot: Snapshot) => snapshot.context.form;
/** The slug of the organization just created, while that is the state shown. */
export const selectCreated = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'created' }) ? snapshot.context.created : undefined;
