// The translation tool of the editor (/editor/{fragmentId}): choose a target language (a custom
// ISO code, lower-cased, wins over the select), ask for a preview, edit it, save it aligned with
// the source, then open the saved fragment. noPreview → translating → previewReady → saving →
// saved → /editor/{newId}. What went wrong is a `notice` the screen words from the catalogues.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { IsoCode, type TranslateResponse } from '../../api/contract/translation';
import { failedWith, failureOf } from '../failure';

/** Why the tool cannot go on; each is one sentence of `translation.editor.notice.*`. */
export type TranslationNotice =
  | 'selectTarget'
  | 'sameLanguage'
  | 'invalidCode'
  | 'previewUnavailable'
  | 'noContent'
  | 'metadataMissing'
  | 'saveFailed';

export interface TranslationInput {
  /** The fragment being translated. */
  fragmentId: string;
  /** Its language code (a target equal to it is refused before asking). */
  sourceLanguage: string;
  nodeId?: string;
  /** Its alignment group, when the alignment list has answered. */
  groupId?: string;
}

export interface TranslationContext extends TranslationInput {
  /** The code chosen in the select. */
  target: string;
  /** The custom ISO code as typed, lower-cased. */
  customCode: string;
  /** The target language of the preview on screen. */
  previewTarget?: string;
  /** The editable preview. */
  preview: string;
  /** The last translate answer (suggestions, QA). */
  result?: TranslateResponse;
  notice?: TranslationNotice;
  error?: ApiError;
  savedId?: string;
}

export type TranslationEvent =
  | { type: 'target.select'; code: string }
  | { type: 'target.custom'; value: string }
  | { type: 'preview.request' }
  | { type: 'preview.edit'; text: string }
  | { type: 'suggestion.use'; text: string }
  | { type: 'copilot.accept'; text: string; language?: string }
  | { type: 'group.known'; groupId: string }
  | { type: 'translation.save' };

export interface TranslateInput {
  fragmentId: string;
  code: string;
}
export interface SaveInput {
  node_id: string;
  text: string;
  language_code: string;
  alignment_group_id: string;
}

/** The code a request uses: the custom one (trimmed, lower-cased) when filled, else the select's. */
export function effectiveTarget(target: string, customCode: string): string {
  const custom = customCode.trim().toLowerCase();
  return custom !== '' ? custom : target;
}

/** What is wrong with the target, if anything. */
export function targetProblem(context: Pick<TranslationContext, 'target' | 'customCode' | 'sourceLanguage'>) {
  const code = effectiveTarget(context.target, context.customCode);
  if (code === '') return 'selectTarget' as const;
  if (!IsoCode.safeParse(code).success) return 'invalidCode' as const;
  if (code === context.sourceLanguage.toLowerCase()) return 'sameLanguage' as const;
  return undefined;
}

/** The context as a target event would leave it (guards see the context before the actions). */
const retargeted = (context: TranslationContext, event: TranslationEvent): TranslationContext =>
  event.type === 'target.select'
    ? { ...context, target: event.code }
    : event.type === 'target.custom'
      ? { ...context, customCode: event.value.toLowerCase() }
      : context;

export const translationMachine = setup({
  types: {
    context: {} as TranslationContext,
    events: {} as TranslationEvent,
    input: {} as TranslationInput,
  },
  actors: {
    translate: fromPromise<TranslateResponse, TranslateInput>(({ input, signal }) =>
      call(routes.translate, {
        body: { source_fragment_id: input.fragmentId, target_language_code: input.code },
        signal,
      }),
    ),
    save: fromPromise<{ id: string }, SaveInput>(({ input, signal }) =>
      call(routes.saveTranslation, { body: input, signal }),
    ),
  },
  actions: {
    // Provided by the screen: the alignment list lives in the editor's fragment machine.
    refreshAlignment: () => {},
    // Provided by the screen: the address lives outside the machine.
    navigate: (_, _params: { to: string }) => {},
    setTarget: assign(({ context, event }) => {
      const next = retargeted(context, event);
      return { target: next.target, customCode: next.customCode };
    }),
    noticeTarget: assign({ notice: ({ context }) => targetProblem(context), error: undefined }),
    clearNotice: assign({ notice: undefined, error: undefined }),
  },
  delays: {
    // Long enough to read 'Saved', then the saved fragment opens.
    leave: 800,
  },
  guards: {
    targetProblem: ({ context }) => targetProblem(context) !== undefined,
    // A target event that names a usable language other than the preview's asks again; a
    // preview of no known language (a Copilot text) just gets its target.
    retargets: ({ context, event }) => {
      const next = retargeted(context, event);
      return (
        context.previewTarget !== undefined &&
        targetProblem(next) === undefined &&
        effectiveTarget(next.target, next.customCode) !== context.previewTarget
      );
    },
    // While asking: a usable language other than the one asked for asks again.
    asksAnother: ({ context, event }) => {
      const next = retargeted(context, event);
      return (
        targetProblem(next) === undefined &&
        effectiveTarget(next.target, next.customCode) !== effectiveTarget(context.target, context.customCode)
      );
    },
    metadataMissing: ({ context }) => !context.nodeId || !context.groupId,
    hasText: ({ context }) => context.preview.trim() !== '',
    noTranslation: failedWith('no_translation_available'),
    sameLanguage: failedWith('same_language'),
  },
}).createMachine({
  id: 'translation',
  context: ({ input }) => ({ ...input, target: '', customCode: '', preview: '' }),
  initial: 'noPreview',
  on: {
    'group.known': { actions: assign({ groupId: ({ event }) => event.groupId }) },
    'copilot.accept': {
      target: '.previewReady',
      actions: assign(({ context, event }) => {
        const language = event.language?.trim().toLowerCase() || undefined;
        const changes = language !== undefined && language !== context.previewTarget;
        return {
          preview: event.text,
          ...(language ? { target: language, customCode: '' } : {}),
          previewTarget:
            language ?? context.previewTarget ?? (effectiveTarget(context.target, context.customCode) || undefined),
          // Suggestions for another language would mislead.
          result: changes ? undefined : context.result,
          notice: undefined,
          error: undefined,
        };
      }),
    },
  },
  states: {
    noPreview: {
      on: {
        'target.select': { actions: ['setTarget', 'clearNotice'] },
        'target.custom': { actions: ['setTarget', 'clearNotice'] },
        'preview.request': [{ guard: 'targetProblem', actions: 'noticeTarget' }, { target: 'translating' }],
      },
    },
    translating: {
      entry: 'clearNotice',
      invoke: {
        src: 'translate',
        input: ({ context }) => ({
          fragmentId: context.fragmentId,
          code: effectiveTarget(context.target, context.customCode),
        }),
        onDone: {
          target: 'previewReady',
          actions: [
            assign(({ event }) => ({
              result: event.output,
              preview: event.output.translation_preview,
              previewTarget: event.output.target_language_code,
              groupId: event.output.group_id,
            })),
            'refreshAlignment',
          ],
        },
        onError: [
          {
            guard: 'noTranslation',
            target: 'noPreview',
            actions: assign({ notice: 'noContent', error: failureOf, preview: '', result: undefined }),
          },
          {
            guard: 'sameLanguage',
            target: 'noPreview',
            actions: assign({ notice: 'sameLanguage', error: undefined, preview: '', result: undefined }),
          },
          {
            target: 'noPreview',
            actions: assign({ notice: 'previewUnavailable', error: failureOf, preview: '', result: undefined }),
          },
        ],
      },
      on: {
        // Another language while asking: ask again for that one.
        'target.select': [
          { guard: 'asksAnother', target: 'translating', reenter: true, actions: 'setTarget' },
          { actions: 'setTarget' },
        ],
        'target.custom': [
          { guard: 'asksAnother', target: 'translating', reenter: true, actions: 'setTarget' },
          { actions: 'setTarget' },
        ],
      },
    },
    previewReady: {
      on: {
        'preview.edit': { actions: assign({ preview: ({ event }) => event.text }) },
        'suggestion.use': { actions: assign({ preview: ({ event }) => event.text }) },
        'target.select': [
          { guard: 'retargets', target: 'translating', actions: 'setTarget' },
          { actions: 'setTarget' },
        ],
        'target.custom': [
          { guard: 'retargets', target: 'translating', actions: 'setTarget' },
          { actions: 'setTarget' },
        ],
        'preview.request': [{ guard: 'targetProblem', actions: 'noticeTarget' }, { target: 'translating' }],
        'translation.save': [
          { guard: 'metadataMissing', actions: assign({ notice: 'metadataMissing', error: undefined }) },
          { guard: 'targetProblem', actions: 'noticeTarget' },
          { guard: 'hasText', target: 'saving' },
        ],
      },
    },
    saving: {
      entry: 'clearNotice',
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          node_id: context.nodeId!,
          text: context.preview.trim(),
          language_code: effectiveTarget(context.target, context.customCode),
          alignment_group_id: context.groupId!,
        }),
        onDone: {
          target: 'saved',
          actions: [assign({ savedId: ({ event }) => event.output.id }), 'refreshAlignment'],
        },
        onError: { target: 'previewReady', actions: assign({ notice: 'saveFailed', error: failureOf }) },
      },
      // The form shows what is being saved; a Copilot preview waits.
      on: { 'copilot.accept': {} },
    },
    saved: {
      on: { 'copilot.accept': {} },
      after: {
        leave: {
          target: 'done',
          actions: { type: 'navigate', params: ({ context }) => ({ to: `/editor/${context.savedId}` }) },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type TranslationMachine = typeof translationMachine;
type Snapshot = SnapshotFrom<TranslationMachine>;
export type TranslationPhase = 'noPreview' | 'translating' | 'previewReady' | 'saving' | 'saved';
export const selectPhase = (snapshot: Snapshot): TranslationPhase =>
  snapshot.matches('done') ? 'saved' : (snapshot.value as TranslationPhase);
export const selectTarget = (snapshot: Snapshot) => snapshot.context.target;
export const selectCustomCode = (snapshot: Snapshot) => snapshot.context.customCode;
export const selectPreview = (snapshot: Snapshot) => snapshot.context.preview;
export const selectResult = (snapshot: Snapshot) => snapshot.context.result;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
export const selectSavedId = (snapshot: Snapshot) => snapshot.context.savedId;
export const selectCanSave = (snapshot: Snapshot) =>
  snapshot.matches('previewReady') && snapshot.context.preview.trim() !== '';
export const selectBusy = (snapshot: Snapshot) => snapshot.matches('translating') || snapshot.matches('saving');
