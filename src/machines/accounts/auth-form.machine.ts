// The one skeleton of the four auth forms (login, register, forgot, reset): text fields, submit
// once the form says it is complete, one call, then success (leaving after a named delay when the
// form goes elsewhere) or failure with the ApiError. Screens raise the toasts from the emitted events.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import { failureOf } from '../failure';

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

// Inside the machine the fields are plain strings and the request unknown, so that the screens'
// shared parts take any auth form; the answer keeps its type O (what `send` resolves to).
export interface AuthFormContext<O> {
  fields: Record<string, string>;
  output?: O;
  error?: ApiError;
}

export type AuthFormEvent =
  { type: 'field.change'; field: string; value: string } | { type: 'form.submit'; language?: InterfaceLanguage };

/** What the screen hears, to raise its toasts. */
export type AuthFormEmitted<O = unknown> =
  { type: 'form.succeeded'; output: O } | { type: 'form.failed'; error: ApiError };

export function authFormMachine<F extends string, R, O>(config: AuthFormConfig<F, R, O>) {
  const fieldsOf = (fields: Record<string, string>) => fields as Record<F, string>;
  return setup({
    types: {
      context: {} as AuthFormContext<O>,
      events: {} as AuthFormEvent,
      emitted: {} as AuthFormEmitted<O>,
      /** Starting values that differ from the config's (a token from the link). */
      input: {} as Record<string, string> | undefined,
    },
    actors: {
      // The request typed loosely so that every auth form fits the screens' shared parts.
      submit: fromPromise<O, { request: unknown }>(({ input, signal }) => config.send(input.request as R, signal)),
    },
    actions: {
      // Provided by the screen: the address lives outside the machine.
      navigate: (_, _params: { to: string }) => {},
      changeField: assign({
        fields: ({ context, event }) =>
          event.type === 'field.change' ? { ...context.fields, [event.field]: event.value } : context.fields,
      }),
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
    states: {
      // Edits come only from idle and failure: while the call runs the inputs show what was sent,
      // and after success they are gone.
      idle: {
        on: { 'field.change': { actions: 'changeField' }, 'form.submit': { guard: 'canSubmit', target: 'submitting' } },
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
              assign({ error: failureOf }),
              emit(({ event }) => ({ type: 'form.failed' as const, error: failureOf({ event }) })),
            ],
          },
        },
      },
      success: config.leave
        ? { after: { leave: { target: 'done', actions: { type: 'navigate', params: { to: config.leave.to } } } } }
        : { type: 'final' },
      failure: {
        on: { 'field.change': { actions: 'changeField' }, 'form.submit': { guard: 'canSubmit', target: 'submitting' } },
      },
      done: { type: 'final' },
    },
  });
}

/** An auth form whose call answers O. */
export type AuthFormMachine<O = unknown> = ReturnType<typeof authFormMachine<string, unknown, O>>;
type Snapshot<O> = SnapshotFrom<AuthFormMachine<O>>;
/** One field's value, for the input that shows it. */
export const selectField =
  (name: string) =>
  <O>(snapshot: Snapshot<O>) =>
    snapshot.context.fields[name] ?? '';
export const selectCanSubmit = <O>(snapshot: Snapshot<O>) => snapshot.can({ type: 'form.submit' });
export const selectBusy = <O>(snapshot: Snapshot<O>) => snapshot.matches('submitting');
export const selectSucceeded = <O>(snapshot: Snapshot<O>) => snapshot.matches('success') || snapshot.matches('done');
export const selectError = <O>(snapshot: Snapshot<O>) => snapshot.context.error;
