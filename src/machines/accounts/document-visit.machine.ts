// Reading history: a document on screen for 2 s counts as one visit of a logged-in user, recorded
// once per page view (one actor per view; stopping it earlier records nothing).
import { assign, fromPromise, setup } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { DOCUMENT_ACCESS_CONTEXTS } from '../../api/contract';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export type AccessContext = (typeof DOCUMENT_ACCESS_CONTEXTS)[number];

/** A random id for one page view (the server ignores a second record with the same id). */
export function newVisitSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

// A quick-search pick records the visit at once (context 'autocomplete') and hands its page-view
// id to the page it opens, so the 2 s rule there does not count the same visit a second time.
// Not consumed on reading (React's StrictMode renders twice); it is good for a few seconds only.
const PICK_HANDOVER_MS = 5000;
let pickedVisit: { documentId: string; sessionId: string; at: number } | undefined;
export function rememberPickedVisit(documentId: string, sessionId: string) {
  pickedVisit = { documentId, sessionId, at: Date.now() };
}
/** The page-view id for a document page: the pick's when it just opened this document, a new one otherwise. */
export function takeVisitSessionId(documentId: string): string {
  const picked = pickedVisit;
  if (picked?.documentId === documentId && Date.now() - picked.at < PICK_HANDOVER_MS) return picked.sessionId;
  return newVisitSessionId();
}

export interface DocumentVisitContext {
  documentId: string;
  sessionId: string;
  /** undefined while the session is being asked for, then whether someone is logged in. */
  loggedIn: boolean | undefined;
  error?: ApiError;
}

export const documentVisitMachine = setup({
  types: {
    context: {} as DocumentVisitContext,
    events: {} as { type: 'visit.session'; loggedIn: boolean | undefined },
    input: {} as { documentId: string; sessionId: string; loggedIn: boolean | undefined },
  },
  actors: {
    recordVisit: fromPromise(({ input }: { input: { documentId: string; sessionId: string } }) =>
      call(routes.recordDocumentAccess, {
        body: { document_id: input.documentId, context: 'view', session_id: input.sessionId },
      }),
    ),
  },
  delays: { visitThreshold: 2000 },
  guards: {
    loggedIn: ({ context }) => context.loggedIn === true,
  },
}).createMachine({
  id: 'documentVisit',
  context: ({ input }) => ({ documentId: input.documentId, sessionId: input.sessionId, loggedIn: input.loggedIn }),
  initial: 'viewing',
  on: {
    'visit.session': { actions: assign({ loggedIn: ({ event }) => event.loggedIn }) },
  },
  states: {
    viewing: {
      after: { visitThreshold: 'due' },
    },
    /** Seen long enough: recorded as soon as (and only if) someone is logged in. */
    due: {
      always: { guard: 'loggedIn', target: 'recording' },
    },
    recording: {
      invoke: {
        src: 'recordVisit',
        input: ({ context }) => ({ documentId: context.documentId, sessionId: context.sessionId }),
        onDone: 'recorded',
        // History is a convenience: a failed record is not retried and not shown.
        onError: {
          target: 'failed',
          actions: assign({ error: failureOf }),
        },
      },
    },
    // Not final: the page keeps sending session changes to this actor while it stays open.
    recorded: {},
    failed: {},
  },
});
