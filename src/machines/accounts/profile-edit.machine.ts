// Editing one's profile (/settings/profile): load it, edit the fields as text, save with PATCH;
// a validation failure keeps the form and names the field the server refused.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { Profile } from '../../api/contract';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'photo_url',
  'bio',
  'languages',
  'public_email',
  'linkedin_url',
  'website_url',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
/** The form as typed: every field a string (languages comma-separated). */
export type ProfileForm = Record<ProfileField, string>;

export function formFromProfile(profile: Profile): ProfileForm {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    photo_url: profile.photo_url ?? '',
    bio: profile.bio ?? '',
    languages: profile.languages.join(', '),
    public_email: profile.public_email ?? '',
    linkedin_url: profile.linkedin_url ?? '',
    website_url: profile.website_url ?? '',
  };
}

/** 'cs, EN de' → ['cs', 'en', 'de']: commas or spaces separate, duplicates dropped. */
export function parseLanguages(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/u)
        .map((code) => code.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The PATCH body: every field sent, empty optional ones as '' (which clears them). */
export function patchFromForm(form: ProfileForm) {
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    photo_url: form.photo_url.trim(),
    bio: form.bio.trim() === '' ? null : form.bio,
    languages: parseLanguages(form.languages),
    public_email: form.public_email.trim(),
    linkedin_url: form.linkedin_url.trim(),
    website_url: form.website_url.trim(),
  };
}

export interface ProfileEditContext {
  userId: string;
  form: ProfileForm;
  error?: ApiError;
}

const EMPTY_FORM: ProfileForm = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, ''])) as ProfileForm;

export const profileEditMachine = setup({
  types: {
    context: {} as ProfileEditContext,
    events: {} as
      | { type: 'profile.field'; field: ProfileField; value: string }
      | { type: 'profile.submit' }
      | { type: 'profile.retry' },
    input: {} as { userId: string },
  },
  actors: {
    loadProfile: fromPromise(({ input, signal }: { input: { userId: string }; signal: AbortSignal }) =>
      call(routes.getProfile, { params: { id: input.userId }, signal }),
    ),
    saveProfile: fromPromise(
      ({ input, signal }: { input: { userId: string; form: ProfileForm }; signal: AbortSignal }) =>
        call(routes.patchProfile, { params: { id: input.userId }, body: patchFromForm(input.form), signal }),
    ),
  },
  actions: {
    /** Provided by the screen: the rest of the app follows the saved profile (the header's name). */
    profileSaved: (_, _params: { profile: Profile }) => {},
    setFailure: assign({ error: failureOf }),
  },
}).createMachine({
  id: 'profileEdit',
  context: ({ input }) => ({ userId: input.userId, form: { ...EMPTY_FORM } }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'editing', actions: assign({ form: ({ event }) => formFromProfile(event.output) }) },
        onError: {
          target: 'loadFailed',
          actions: 'setFailure',
        },
      },
    },
    loadFailed: { on: { 'profile.retry': 'loading' } },
    editing: {
      initial: 'idle',
      on: {
        'profile.field': {
          target: '.idle',
          actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }),
        },
        'profile.submit': 'saving',
      },
      states: {
        idle: {},
        saved: {},
        failed: {},
      },
    },
    saving: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ userId: context.userId, form: context.form }),
        // The server's normalized values (trimmed, lowercased codes) replace what was typed.
        onDone: {
          target: 'editing.saved',
          actions: [
            assign({ form: ({ event }) => formFromProfile(event.output) }),
            { type: 'profileSaved', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: {
          target: 'editing.failed',
          actions: 'setFailure',
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof profileEditMachine>;
export const selectLoading = (snapshot: Snapshot) => snapshot.matches('loading');
/** The form is shown once the profile is here (editing or saving). */
export const selectFormShown = (snapshot: Snapshot) => snapshot.matches('editing') || snapshot.matches('saving');
export const selectSaving = (snapshot: Snapshot) => snapshot.matches('saving');
export const selectSaved = (snapshot: Snapshot) => snapshot.matches({ editing: 'saved' });
export const selectForm = (snapshot: Snapshot) => snapshot.context.form;
/** Why the profile could not be loaded. */
export const selectLoadError = (snapshot: Snapshot) =>
  snapshot.matches('loadFailed') ? snapshot.context.error : undefined;
/** Why the last save failed, while that is the state shown. */
export const selectSaveError = (snapshot: Snapshot) =>
  snapshot.matches({ editing: 'failed' }) ? snapshot.context.error : undefined;
