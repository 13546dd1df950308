// The Copilot session for the chat service (POST /v1/copilot/session): issued on the first
// request, reused while it has more than 5 s to live and the templates' hash is the same, dropped
// when the conversation is cleared or the chat service refused it. Requesters get the answer as
// `session.ready` / `session.failed`, sent to the `replyTo` actor of their request.
import { assign, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { ApiError } from '../../api/client';
import type { CopilotSession } from '../../api/contract/copilot';
import { issueCopilotSession } from '../../api/copilot';
import { failureOf } from '../failure';

/** A session that expires within this margin is not reused (a request still has to reach the service). */
export const SESSION_REUSE_MARGIN_MS = 5000;

export type SessionReply =
  { type: 'session.ready'; session: CopilotSession } | { type: 'session.failed'; error: ApiError };

export type CopilotSessionEvent =
  { type: 'session.request'; templateHash: string; replyTo: AnyActorRef } | { type: 'session.drop' };

export interface CopilotSessionContext {
  session?: CopilotSession;
  /** The hash the session was issued for (or is being issued for). */
  templateHash?: string;
  /** Requesters waiting for the session being issued. */
  waiting: AnyActorRef[];
}

const reply = (targets: AnyActorRef[], message: SessionReply) => {
  for (const target of targets) target.send(message);
};

export const copilotSessionMachine = setup({
  types: {
    context: {} as CopilotSessionContext,
    events: {} as CopilotSessionEvent,
  },
  actors: {
    issueSession: fromPromise<CopilotSession, { templateHash: string }>(({ input, signal }) =>
      issueCopilotSession(input.templateHash, { signal }),
    ),
  },
  actions: {
    replyWithSession: ({ context, event }) => {
      if (event.type === 'session.request' && context.session)
        reply([event.replyTo], { type: 'session.ready', session: context.session });
    },
    startIssuing: assign(({ event }) =>
      event.type === 'session.request'
        ? { session: undefined, templateHash: event.templateHash, waiting: [event.replyTo] }
        : {},
    ),
    addWaiting: assign({
      waiting: ({ context, event }) =>
        event.type === 'session.request' && !context.waiting.includes(event.replyTo)
          ? [...context.waiting, event.replyTo]
          : context.waiting,
    }),
    drop: assign({ session: undefined, templateHash: undefined, waiting: [] }),
  },
  guards: {
    reusable: ({ context, event }) =>
      event.type === 'session.request' &&
      context.session !== undefined &&
      context.templateHash === event.templateHash &&
      Date.parse(context.session.expires_at) - Date.now() > SESSION_REUSE_MARGIN_MS,
    sameHash: ({ context, event }) => event.type === 'session.request' && context.templateHash === event.templateHash,
  },
}).createMachine({
  id: 'copilotSession',
  initial: 'empty',
  context: { waiting: [] },
  states: {
    empty: {
      on: { 'session.request': { target: 'issuing', actions: 'startIssuing' } },
    },
    issuing: {
      invoke: {
        src: 'issueSession',
        input: ({ context }) => ({ templateHash: context.templateHash ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ session: ({ event }) => event.output }),
            ({ context, event }) => reply(context.waiting, { type: 'session.ready', session: event.output }),
            assign({ waiting: [] }),
          ],
        },
        onError: {
          target: 'empty',
          actions: [
            ({ context, event }) => reply(context.waiting, { type: 'session.failed', error: failureOf({ event }) }),
            'drop',
          ],
        },
      },
      on: {
        'session.request': [
          { guard: 'sameHash', actions: 'addWaiting' },
          // Another hash while issuing: start over for the newest one.
          {
            target: 'issuing',
            reenter: true,
            actions: ['addWaiting', assign({ templateHash: ({ event }) => event.templateHash })],
          },
        ],
        'session.drop': { target: 'empty', actions: 'drop' },
      },
    },
    ready: {
      on: {
        'session.request': [
          { guard: 'reusable', actions: 'replyWithSession' },
          { target: 'issuing', actions: 'startIssuing' },
        ],
        'session.drop': { target: 'empty', actions: 'drop' },
      },
    },
  },
});
