// Runs an auth-form machine in a test: the call replaced by `send` (it gets the request the form
// built), the emitted events and navigations recorded, fields set by name.
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AuthFormEmitted, AuthFormMachine } from '../machines/accounts/auth-form.machine';

export function startAuthForm<O>(
  machine: AuthFormMachine<O>,
  send: (request: unknown) => Promise<NoInfer<O>>,
  input?: Record<string, string>,
) {
  const calls = { send: vi.fn(send), navigate: vi.fn() };
  const emitted: AuthFormEmitted<O>[] = [];
  const actor = createActor(
    machine.provide({
      actors: { submit: fromPromise(({ input: { request } }) => calls.send(request)) },
      actions: { navigate: (_, { to }) => calls.navigate(to) },
    }),
    { input },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const set = (field: string, value: string) => actor.send({ type: 'field.change', field, value });
  const can = () => actor.getSnapshot().can({ type: 'form.submit' });
  return { actor, calls, emitted, set, can };
}
