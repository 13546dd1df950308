// The 'Create key' form of /settings/api-keys: scopes (memory.read checked), description, expiry
// date, owner type and organization ID. An organization without an ID is refused here, before
// anything is sent; the created key (with its one-time secret) is emitted for the secret dialog.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { ApiKeyScope, ApiKeyWithSecret, CreateApiKeyRequest } from '../../api/contract/api-keys';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export interface ApiKeyForm {
  scopes: ApiKeyScope[];
  description: string;
  /** YYYY-MM-DD from the date field, '' for never. */
  expiresOn: string;
  ownerType: 'user' | 'organization';
  organizationId: string;
}
export const EMPTY_API_KEY_FORM: ApiKeyForm = {
  scopes: ['memory.read'],
  description: '',
  expiresOn: '',
  ownerType: 'user',
  organizationId: '',
};

/** The ISO timestamp of the day's last millisecond in local time ('2026-12-31' → its 23:59:59.999 here). */
export function endOfDayIso(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function createKeyRequestOf(form: ApiKeyForm): CreateApiKeyRequest {
  return {
    scopes: form.scopes,
    description: form.description.trim(),
    expires_at: form.expiresOn === '' ? null : (endOfDayIso(form.expiresOn) ?? form.expiresOn),
    owner_type: form.ownerType,
    ...(form.ownerType === 'organization' ? { organization_id: form.organizationId.trim() } : {}),
  };
}

export type ApiKeyFormEvent =
  | { type: 'form.scope'; scope: ApiKeyScope; checked: boolean }
  | { type: 'form.description'; value: string }
  | { type: 'form.expiresOn'; value: string }
  | { type: 'form.ownerType'; value: 'user' | 'organization' }
  | { type: 'form.organizationId'; value: string }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

export interface ApiKeyCreateContext {
  form: ApiKeyForm;
  error?: ApiError;
  /** 'Provide an organization ID first': shown without asking the server. */
  missingOrganization: boolean;
}

export const apiKeyCreateMachine = setup({
  types: {
    context: {} as ApiKeyCreateContext,
    events: {} as ApiKeyFormEvent,
    emitted: {} as { type: 'key.created'; key: ApiKeyWithSecret },
  },
  actors: {
    createKey: fromPromise(({ input }: { input: CreateApiKeyRequest }) => call(routes.createApiKey, { body: input })),
  },
  guards: {
    organizationWithoutId: ({ context }) =>
      context.form.ownerType === 'organization' && context.form.organizationId.trim() === '',
  },
  actions: {
    edit: assign({
      form: ({ context, event }) => {
        switch (event.type) {
          case 'form.scope': {
            const others = context.form.scopes.filter((scope) => scope !== event.scope);
            return { ...context.form, scopes: event.checked ? [...others, event.scope] : others };
          }
          case 'form.description':
            return { ...context.form, description: event.value };
          case 'form.expiresOn':
            return { ...context.form, expiresOn: event.value };
          case 'form.ownerType':
            return { ...context.form, ownerType: event.value };
          case 'form.organizationId':
            return { ...context.form, organizationId: event.value };
          default:
            return context.form;
        }
      },
      missingOrganization: false,
    }),
  },
}).createMachine({
  id: 'apiKeyCreate',
  context: { form: EMPTY_API_KEY_FORM, missingOrganization: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.scope': { actions: 'edit' },
        'form.description': { actions: 'edit' },
        'form.expiresOn': { actions: 'edit' },
        'form.ownerType': { actions: 'edit' },
        'form.organizationId': { actions: 'edit' },
        'form.reset': { actions: assign({ form: EMPTY_API_KEY_FORM, error: undefined, missingOrganization: false }) },
        'form.submit': [
          { guard: 'organizationWithoutId', actions: assign({ missingOrganization: true, error: undefined }) },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'createKey',
        input: ({ context }) => createKeyRequestOf(context.form),
        onDone: {
          target: 'editing',
          actions: [
            emit(({ event }) => ({ type: 'key.created' as const, key: event.output })),
            // The form starts over; the owner stays as chosen.
            assign({
              form: ({ context }) => ({
                ...EMPTY_API_KEY_FORM,
                ownerType: context.form.ownerType,
                organizationId: context.form.organizationId,
              }),
            }),
          ],
        },
        onError: { target: 'editing', actions: assign({ error: failureOf }) },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof apiKeyCreateMachine>;
export const selectForm = (s: Snapshot) => s.context.form;
export const selectCreateError = (s: Snapshot) => s.context.error;
export const selectMissingOrganization = (s: Snapshot) => s.context.missingOrganization;
export const selectSubmitting = (s: Snapshot) => s.matches('submitting');
