// The one skeleton of the four auth forms (login, register, forgot, reset): text fields, submit
// once the form says it is complete, one call, then success (leaving after a named delay when the
// form goes elsewhere) or failure with the ApiError. Screens raise the toasts from the emitted events.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toApiError, type ApiError } from '../../api/client';

export type InterfaceLanguage = 'en' | 'cs';

export interface AuthFormConfig<F extends string, R, O> {
  id: string;
  /** The fields and their starting values. */
  fields: Record<F, string>;
  /** Whether the form may be sent (the submit button's state). */
  canSubmit: (fields: Record<F, string>) => boolean;
  /** The request the call sends; `language`: the interface language at submit. */
  request: (fields: Record<F, string>, language?: InterfaceLanguage) => R;
  /** The call itself. */
  send: (request: R, signal: AbortSignal) => Promise<O>;
  /** Where to go after success, and after how long (a named delay); none: success stays. */
  leave?: { to: string; after: number };
}

// Inside the machine the fields are plain strings and the answer unknown: the config's types
// stay at its edge (XState's setup does not carry type parameters through).
export interface AuthFormContext {
  fields: Record<string, string>;
  output?: unknown;
  error?: ApiError;
}

export type AuthFormEvent =
  { type: 'field.change'; field: string; value: string } | { type: 'form.submit'; language?: InterfaceLanguage };

/** What the screen hears, to raise its toasts. */
export type AuthFormEmitted = { type: 'form.succeeded'; output: unknown } | { type: 'form.failed'; error: ApiError };

export function authFormMachine<F extends string, R, O>(config: AuthFormConfig<F, R, O>) {
  const fieldsOf = (fields: Record<string, string>) => fields as Record<F, string>;
  return setup({
    types: {
      context: {} as AuthFormContext,
      events: {} as AuthFormEvent,
      emitted: {} as AuthFormEmitted,
      /** Starting values that differ from the config's (a token from the link). */
      input: {} as Record<string, string> | undefined,
    },
    actors: {
      // Typed loosely so that every auth form is the same machine type to the screens.
      submit: fromPromise<unknown, { request: unknown }>(({ input, signal }) =>
        config.send(input.request as R, signal),
      ),
    },
    actions: {
      // Provided by the screen: the address lives outside the machine.
      navigate: (_, _params: { to: string }) => {},
    },
    delays: {
      leave: config.leave?.after ?? 0,
    },
    guards: {
      canSubmit: ({ context }) => config.canSubmit(fieldsOf(context.fields)),
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({ fields: { ...config.fields, ...input } as Record<string, string> }),
    initial: 'idle',
    // The inputs are read-only while the call runs and gone after success, so edits come only
    // from idle and failure.
    on: {
      'field.change': {
        actions: assign({ fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }) }),
      },
    },
    states: {
      idle: {
        on: { 'form.submit': { guard: 'canSubmit', target: 'submitting' } },
      },
      submitting: {
        entry: assign({ error: undefined }),
        invoke: {
          src: 'submit',
          input: ({ context, event }) => ({
            request: config.request(
              fieldsOf(context.fields),
              event.type === 'form.submit' ? event.language : undefined,
            ),
          }),
          onDone: {
            target: 'success',
            actions: [
              assign({ output: ({ event }) => event.output }),
              emit(({ event }) => ({ type: 'form.succeeded' as const, output: event.output })),
            ],
          },
          onError: {
            target: 'failure',
            actions: [
              assign({ error: ({ event }) => toApiError(event.error) }),
              emit(({ event }) => ({ type: 'form.failed' as const, error: toApiError(event.error) })),
            ],
          },
        },
      },
      success: config.leave
        ? { after: { leave: { target: 'done', actions: { type: 'navigate', params: { to: config.leave.to } } } } }
        : { type: 'final' },
      failure: {
        on: { 'form.submit': { guard: 'canSubmit', target: 'submitting' } },
      },
      done: { type: 'final' },
    },
  });
}

export type AuthFormMachine = ReturnType<typeof authFormMachine>;
type Snapshot = SnapshotFrom<AuthFormMachine>;
/** One field's value, for the input that shows it. */
export const selectField = (name: string) => (snapshot: Snapshot) => snapshot.context.fields[name] ?? '';
export const selectCanSubmit = (snapshot: Snapshot) => snapshot.can({ type: 'form.submit' });
export const selectBusy = (snapshot: Snapshot) => snapshot.matches('submitting');
export const selectSucceeded = (snapshot: Snapshot) => snapshot.matches('success') || snapshot.matches('done');
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
