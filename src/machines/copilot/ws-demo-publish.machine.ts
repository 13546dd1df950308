// The WS Demo's publish form: checks the command and its JSON payload as PublishRequest would take
// them (idle -> validating), sends them through POST /v1/realtime/publish (publishing), and ends
// published (with the server's time) or failed (why, from the check or the server).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import { publishRealtime } from '../../api/copilot';
import { CommandName, KNOWN_PAYLOADS } from '../../realtime/protocol';
import { failureOf } from '../failure';

/** A catalogue message saying why the form's input cannot be published. */
export type DemoProblem = { id: string; values?: Record<string, string | number> };
export type DemoBody = { cmd: string; payload: Record<string, unknown> };
type Checked = { ok: true; body: DemoBody } | { ok: false; problem: DemoProblem };

/** The form's input as PublishRequest would take it, or the first problem to show. */
export function checkDemoCommand(cmd: string, payloadText: string): Checked {
  const name = CommandName.safeParse(cmd.trim());
  if (!name.success)
    return {
      ok: false,
      problem: { id: 'wsDemo.error.invalid', values: { name: 'cmd', message: name.error.issues[0]!.message } },
    };
  let payload: unknown;
  try {
    payload = payloadText.trim() === '' ? {} : JSON.parse(payloadText);
  } catch (error) {
    return {
      ok: false,
      problem: { id: 'wsDemo.error.json', values: { message: error instanceof Error ? error.message : String(error) } },
    };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { ok: false, problem: { id: 'wsDemo.error.object' } };
  const known = Object.hasOwn(KNOWN_PAYLOADS, name.data)
    ? KNOWN_PAYLOADS[name.data as keyof typeof KNOWN_PAYLOADS].safeParse(payload)
    : undefined;
  if (known && !known.success) {
    const issue = known.error.issues[0]!;
    return {
      ok: false,
      problem: {
        id: 'wsDemo.error.invalid',
        values: { name: ['payload', ...issue.path.map(String)].join('.'), message: issue.message },
      },
    };
  }
  return { ok: true, body: { cmd: name.data, payload: payload as Record<string, unknown> } };
}

export interface WsDemoPublishContext {
  checked?: Checked;
  /** Why the input was not sent. */
  problem?: DemoProblem;
  /** Why the server refused it. */
  error?: ApiError;
  /** The server's time of the last publish. */
  publishedAt?: number;
}

export type WsDemoPublishEvent = { type: 'demo.publish'; cmd: string; payload: string };

/** Idle, published and failed take a new publish; publishing does not (the button is off). */
const publishOn = { 'demo.publish': { target: 'validating', actions: 'check' } } as const;

export const wsDemoPublishMachine = setup({
  types: {
    context: {} as WsDemoPublishContext,
    events: {} as WsDemoPublishEvent,
  },
  actors: {
    publish: fromPromise<{ ts: number }, DemoBody>(({ input, signal }) => publishRealtime(input, { signal })),
  },
  actions: {
    check: assign(({ event }) => ({
      checked: checkDemoCommand(event.cmd, event.payload),
      problem: undefined,
      error: undefined,
      publishedAt: undefined,
    })),
  },
  guards: {
    invalid: ({ context }) => context.checked?.ok === false,
  },
}).createMachine({
  id: 'wsDemoPublish',
  initial: 'idle',
  context: {},
  states: {
    idle: { on: publishOn },
    validating: {
      always: [
        {
          guard: 'invalid',
          target: 'failed',
          actions: assign({
            problem: ({ context }) => (context.checked?.ok === false ? context.checked.problem : undefined),
          }),
        },
        { target: 'publishing' },
      ],
    },
    publishing: {
      invoke: {
        src: 'publish',
        input: ({ context }) => (context.checked?.ok ? context.checked.body : { cmd: '', payload: {} }),
        onDone: { target: 'published', actions: assign({ publishedAt: ({ event }) => event.output.ts }) },
        onError: { target: 'failed', actions: assign({ error: failureOf }) },
      },
    },
    published: { on: publishOn },
    failed: { on: publishOn },
  },
});

type WsDemoPublishSnapshot = SnapshotFrom<typeof wsDemoPublishMachine>;
export const selectPublishing = (snapshot: WsDemoPublishSnapshot) => snapshot.matches('publishing');
export const selectCanPublish = (snapshot: WsDemoPublishSnapshot) =>
  snapshot.can({ type: 'demo.publish', cmd: '', payload: '' });
export const selectPublishedAt = (snapshot: WsDemoPublishSnapshot) =>
  snapshot.matches('published') ? (snapshot.context.publishedAt ?? null) : null;
export const selectProblem = (snapshot: WsDemoPublishSnapshot) => snapshot.context.problem ?? null;
export const selectServerError = (snapshot: WsDemoPublishSnapshot) => snapshot.context.error ?? null;
