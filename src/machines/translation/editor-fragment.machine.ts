// What the editor (/editor/{fragmentId}) shows of one fragment: its text and spans (one load;
// 'text {status}' or 'spans {status}' when either fails), its alignment group (reloaded after a
// translation is made or saved; with the group's current source text when this one is stale),
// its place (the document, the version and the provision's full cite, two more reads after the
// text; the heading falls back to the bare editor when they fail), and the review of a saved
// translation (mark reviewed, clear the stale flag).
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { call, toApiError, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import type { FragmentText, Span as SpanSchema } from '../../api/contract/documents';
import { listAllNodes } from '../../api/library';
import { provisionCite } from '../../lib/provision-cite';
import type {
  AlignmentMembers,
  FragmentTranslation,
  TranslationPatch,
  TranslationPatchResponse,
} from '../../api/contract/translation';
import { isUuid } from '../../shared/uuid';
import { failureOf } from '../failure';

type Span = z.output<typeof SpanSchema>;

/** A text answer, with what the server adds for translations (optional until every answer has it). */
export type EditorText = z.output<typeof FragmentText> & {
  translation?: FragmentTranslation | null;
  /** The source text the translation was made from, when it is stale. */
  stale_source_text?: string | null;
};

/** Which of the two first reads failed, and how. */
export class FragmentLoadFailure extends Error {
  constructor(
    readonly part: 'text' | 'spans',
    readonly error: ApiError,
  ) {
    super(`${part} ${error.status}`);
    this.name = 'FragmentLoadFailure';
  }
}

export interface FragmentContent {
  text: EditorText;
  spans: Span[];
}

/** Where the fragment sits: which law, which version of it, which provision. */
export interface FragmentPlace {
  document: { id: string; title: string; external_id: string };
  /** The version (branch) the fragment is in. */
  branch: { id: string; name: string } | null;
  /** The provision's full cite ('Čl. 54 odst. 2'); null for a node without one. */
  cite: string | null;
}

export interface AlignmentView {
  members: AlignmentMembers;
  /** The current text of the group's imported source, to diff a stale translation against. */
  sourceText?: string;
}

// The address names a UUID of versions 1 to 5 (the ids Lexhub makes are v4 and v5).
const UUID_V1_5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isFragmentId = (value: string) => isUuid(value) && UUID_V1_5.test(value);

export async function loadContent(fragmentId: string, signal: AbortSignal): Promise<FragmentContent> {
  const params = { id: fragmentId };
  const [text, spans] = await Promise.allSettled([
    call(routes.getFragmentText, { params, signal }),
    call(routes.listFragmentSpans, { params, signal }),
  ]);
  // The text's failure is the one to tell first: without it there is nothing to show.
  if (text.status === 'rejected') throw new FragmentLoadFailure('text', toApiError(text.reason));
  if (spans.status === 'rejected') throw new FragmentLoadFailure('spans', toApiError(spans.reason));
  return { text: text.value as EditorText, spans: spans.value.items };
}

export async function loadAlignment(fragmentId: string, signal: AbortSignal): Promise<AlignmentView> {
  const members = await call(routes.listAlignmentMembers, { query: { fragment_id: fragmentId }, signal });
  const own = members.items.find((member) => member.fragment_id === fragmentId);
  if (!own?.stale) return { members };
  // The group's source comes first; its imported text is the current source.
  const source = members.items.find((member) => member.origin === 'imported' && member.fragment_id !== fragmentId);
  if (!source) return { members };
  const text = await call(routes.getFragmentText, { params: { id: source.fragment_id }, signal });
  return { members, sourceText: text.text };
}

/** The document in the fragment's own version, and that version's nodes to name the provision. */
export async function loadPlace(text: EditorText, signal: AbortSignal): Promise<FragmentPlace> {
  const [document, nodes] = await Promise.all([
    call(routes.getDocument, { params: { id: text.document_id }, query: { branch: text.branch_id }, signal }),
    listAllNodes(text.document_id, text.branch_id, signal),
  ]);
  const nodesById = new Map(nodes.map((node) => [node.id, node]));
  return {
    document: { id: document.id, title: document.title, external_id: document.external_id },
    branch: document.branch,
    cite: provisionCite(nodesById.get(text.node_id), nodesById),
  };
}

export interface EditorFragmentContext {
  fragmentId: string;
  content?: FragmentContent;
  failure?: FragmentLoadFailure;
  place?: FragmentPlace;
  alignment?: AlignmentView;
  alignmentError?: ApiError;
  reviewError?: ApiError;
}

export type EditorFragmentEvent =
  | { type: 'content.retry' }
  | { type: 'place.load' }
  | { type: 'alignment.reload' }
  | { type: 'review.mark' }
  | { type: 'stale.clear' };

const loadFailureOf = ({ event }: { event: { type: string } }): FragmentLoadFailure => {
  const error = 'error' in event ? event.error : event;
  return error instanceof FragmentLoadFailure ? error : new FragmentLoadFailure('text', toApiError(error));
};

export const editorFragmentMachine = setup({
  types: {
    context: {} as EditorFragmentContext,
    events: {} as EditorFragmentEvent,
    input: {} as { fragmentId: string },
  },
  actors: {
    loadContent: fromPromise<FragmentContent, { fragmentId: string }>(({ input, signal }) =>
      loadContent(input.fragmentId, signal),
    ),
    loadPlace: fromPromise<FragmentPlace, { text: EditorText }>(({ input, signal }) => loadPlace(input.text, signal)),
    loadAlignment: fromPromise<AlignmentView, { fragmentId: string }>(({ input, signal }) =>
      loadAlignment(input.fragmentId, signal),
    ),
    patchTranslation: fromPromise<
      z.output<typeof TranslationPatchResponse>,
      { fragmentId: string; patch: TranslationPatch }
    >(({ input, signal }) =>
      call(routes.patchTranslation, { params: { id: input.fragmentId }, body: input.patch, signal }),
    ),
  },
  guards: {
    validId: ({ context }) => isFragmentId(context.fragmentId),
  },
}).createMachine({
  id: 'editorFragment',
  context: ({ input }) => ({ fragmentId: input.fragmentId }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'validId', target: 'open' }, { target: 'invalid' }] },
    invalid: {},
    open: {
      type: 'parallel',
      states: {
        content: {
          initial: 'loading',
          states: {
            loading: {
              entry: assign({ failure: undefined }),
              invoke: {
                src: 'loadContent',
                input: ({ context }) => ({ fragmentId: context.fragmentId }),
                onDone: {
                  target: 'loaded',
                  actions: [assign({ content: ({ event }) => event.output }), raise({ type: 'place.load' })],
                },
                onError: { target: 'failed', actions: assign({ failure: loadFailureOf }) },
              },
            },
            loaded: {},
            failed: { on: { 'content.retry': 'loading' } },
          },
        },
        // Once the text names its document, version and node; a failure only leaves the heading bare.
        place: {
          initial: 'waiting',
          states: {
            waiting: { on: { 'place.load': 'loading' } },
            loading: {
              invoke: {
                src: 'loadPlace',
                input: ({ context }) => ({ text: context.content!.text }),
                onDone: { target: 'loaded', actions: assign({ place: ({ event }) => event.output }) },
                onError: { target: 'failed' },
              },
            },
            loaded: {},
            failed: {},
          },
        },
        alignment: {
          initial: 'loading',
          on: { 'alignment.reload': '.loading' },
          states: {
            loading: {
              entry: assign({ alignmentError: undefined }),
              invoke: {
                src: 'loadAlignment',
                input: ({ context }) => ({ fragmentId: context.fragmentId }),
                onDone: { target: 'loaded', actions: assign({ alignment: ({ event }) => event.output }) },
                onError: { target: 'failed', actions: assign({ alignmentError: failureOf }) },
              },
            },
            loaded: {},
            failed: {},
          },
        },
        review: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'review.mark': { target: 'patching', actions: assign({ reviewError: undefined }) },
                'stale.clear': { target: 'patching', actions: assign({ reviewError: undefined }) },
              },
            },
            patching: {
              invoke: {
                src: 'patchTranslation',
                input: ({ context, event }) => ({
                  fragmentId: context.fragmentId,
                  patch: event.type === 'review.mark' ? { status: 'reviewed' as const } : { stale: false as const },
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({
                      content: ({ context, event }) =>
                        context.content && {
                          ...context.content,
                          text: { ...context.content.text, translation: event.output.translation },
                        },
                    }),
                    raise({ type: 'alignment.reload' }),
                  ],
                },
                onError: { target: 'idle', actions: assign({ reviewError: failureOf }) },
              },
            },
          },
        },
      },
    },
  },
});

export type EditorFragmentMachine = typeof editorFragmentMachine;
type Snapshot = SnapshotFrom<EditorFragmentMachine>;
export type EditorFragmentStatus = 'invalid' | 'loading' | 'loaded' | 'failed';
export const selectStatus = (snapshot: Snapshot): EditorFragmentStatus => {
  if (snapshot.matches('invalid')) return 'invalid';
  if (snapshot.matches({ open: { content: 'loaded' } })) return 'loaded';
  if (snapshot.matches({ open: { content: 'failed' } })) return 'failed';
  return 'loading';
};
export const selectContent = (snapshot: Snapshot) => snapshot.context.content;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectPlace = (snapshot: Snapshot) => snapshot.context.place;
export const selectAlignment = (snapshot: Snapshot) => snapshot.context.alignment;
export const selectAlignmentError = (snapshot: Snapshot) => snapshot.context.alignmentError;
export const selectAlignmentLoading = (snapshot: Snapshot) => snapshot.matches({ open: { alignment: 'loading' } });
export const selectReviewBusy = (snapshot: Snapshot) => snapshot.matches({ open: { review: 'patching' } });
export const selectReviewError = (snapshot: Snapshot) => snapshot.context.reviewError;

/** The open fragment's translation state: the text answer's, else its alignment entry's. */
export function translationOf(
  content: FragmentContent | undefined,
  alignment: AlignmentView | undefined,
  fragmentId: string,
): FragmentTranslation | undefined {
  if (content?.text.translation) return content.text.translation;
  const own = alignment?.members.items.find((member) => member.fragment_id === fragmentId);
  return own ? { status: own.status, stale: own.stale, origin: own.origin } : undefined;
}
