// The translation tool's flow on fake timers with provided calls: the target checks, the preview
// and its failures, a new target asking again, editing, saving and opening the saved fragment,
// and a Copilot preview accepted into the form.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { TranslateResponse } from '../../api/contract/translation';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  effectiveTarget,
  selectCanSave,
  selectPhase,
  translationMachine,
  type SaveInput,
  type TranslateInput,
  type TranslationInput,
} from './translation.machine';

const FRAGMENT = '5f0c8f1e-3c2b-5a4d-9e8f-0a1b2c3d4e5f';
const NODE = '6a1d9f2e-4d3c-5b5e-8f90-1b2c3d4e5f60';
const GROUP = '7b2e0a3f-5e4d-5c6f-9a01-2c3d4e5f6071';
const SAVED = '8c3f1b40-6f5e-5d70-8b12-3d4e5f607182';

const answerFor = (code: string, text = `Text in ${code}`): TranslateResponse => ({
  translation_preview: text,
  target_language_id: 2,
  target_language_code: code,
  group_id: GROUP,
  origin: 'exact',
  suggestions: [],
  qa: [],
});

type Translate = (input: TranslateInput) => Promise<TranslateResponse>;
type Save = (input: SaveInput) => Promise<{ id: string }>;

function start({
  translate = async (input) => answerFor(input.code),
  save = async () => ({ id: SAVED }),
  input = {},
}: { translate?: Translate; save?: Save; input?: Partial<TranslationInput> } = {}) {
  const translateCalls: TranslateInput[] = [];
  const saveCalls: SaveInput[] = [];
  const refreshAlignment = vi.fn();
  const navigate = vi.fn();
  const actor = createActor(
    translationMachine.provide({
      actors: {
        translate: fromPromise(async ({ input }: { input: TranslateInput }) => {
          translateCalls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 100));
          return translate(input);
        }),
        save: fromPromise(async ({ input }: { input: SaveInput }) => {
          saveCalls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 100));
          return save(input);
        }),
      },
      actions: { refreshAlignment, navigate: (_, params) => navigate(params.to) },
    }),
    { input: { fragmentId: FRAGMENT, sourceLanguage: 'cs', nodeId: NODE, ...input } },
  ).start();
  const phase = () => selectPhase(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  return { actor, phase, context, translateCalls, saveCalls, refreshAlignment, navigate };
}

describe('translationMachine', () => {
  fakeTimersInEachTest();

  it('says to select a target language, then a different one than the source, and checks a custom code', () => {
    const { actor, phase, context, translateCalls } = start();
    expect(phase()).toBe('noPreview');
    actor.send({ type: 'preview.request' });
    expect(context().notice).toBe('selectTarget');
    actor.send({ type: 'target.select', code: 'cs' });
    expect(context().notice).toBeUndefined();
    actor.send({ type: 'preview.request' });
    expect(context().notice).toBe('sameLanguage');
    actor.send({ type: 'target.custom', value: 'eng' });
    actor.send({ type: 'preview.request' });
    expect(context().notice).toBe('invalidCode');
    expect(phase()).toBe('noPreview');
    expect(translateCalls).toEqual([]);
  });

  it('asks for the preview with the lower-cased custom code first, then shows it and refreshes the alignment', async () => {
    const { actor, phase, context, translateCalls, refreshAlignment } = start();
    actor.send({ type: 'target.select', code: 'de' });
    actor.send({ type: 'target.custom', value: ' EN ' });
    expect(context().customCode).toBe(' en ');
    expect(effectiveTarget(context().target, context().customCode)).toBe('en');
    actor.send({ type: 'preview.request' });
    expect(phase()).toBe('translating');
    expect(translateCalls).toEqual([{ fragmentId: FRAGMENT, code: 'en' }]);
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('previewReady');
    expect(context()).toMatchObject({ preview: 'Text in en', previewTarget: 'en', groupId: GROUP });
    expect(context().result?.origin).toBe('exact');
    expect(refreshAlignment).toHaveBeenCalledTimes(1);
  });

  it("says 'Translation service returned no content' with why on 422 no_translation_available", async () => {
    const why = 'the translation memory has no match and no translation service is configured';
    const { actor, phase, context, refreshAlignment } = start({
      translate: () => Promise.reject(new ApiError(422, 'no_translation_available', { message: why })),
    });
    actor.send({ type: 'target.select', code: 'en' });
    actor.send({ type: 'preview.request' });
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('noPreview');
    expect(context().notice).toBe('noContent');
    expect(context().error?.message).toBe(why);
    expect(refreshAlignment).not.toHaveBeenCalled();
  });

  it("says 'Preview unavailable' on other failures and 'Select a different target language' on same_language", async () => {
    let failure = new ApiError(503, 'translation_provider_busy');
    const { actor, phase, context } = start({ translate: () => Promise.reject(failure) });
    actor.send({ type: 'target.select', code: 'en' });
    actor.send({ type: 'preview.request' });
    await vi.advanceTimersByTimeAsync(100);
    expect(context()).toMatchObject({ notice: 'previewUnavailable', error: { status: 503 } });
    failure = new ApiError(400, 'same_language');
    actor.send({ type: 'preview.request' });
    expect(context().notice).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('noPreview');
    expect(context()).toMatchObject({ notice: 'sameLanguage', error: undefined });
  });

  it('asks again for a new target, not for the same one, and restarts a request under way', async () => {
    const { actor, phase, context, translateCalls } = start();
    actor.send({ type: 'target.select', code: 'en' });
    actor.send({ type: 'preview.request' });
    // Another language while the first is on its way: the first is dropped.
    actor.send({ type: 'target.select', code: 'de' });
    expect(translateCalls.map((input) => input.code)).toEqual(['en', 'de']);
    await vi.advanceTimersByTimeAsync(100);
    expect(context().preview).toBe('Text in de');
    actor.send({ type: 'target.select', code: 'de' });
    actor.send({ type: 'target.custom', value: 'd' });
    expect(phase()).toBe('previewReady');
    actor.send({ type: 'target.custom', value: 'fr' });
    expect(phase()).toBe('translating');
    await vi.advanceTimersByTimeAsync(100);
    expect(context().preview).toBe('Text in fr');
    // The same language asked for by the button asks again.
    actor.send({ type: 'preview.request' });
    expect(translateCalls.map((input) => input.code)).toEqual(['en', 'de', 'fr', 'fr']);
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('previewReady');
  });

  it('edits the preview, takes a suggestion, saves, refreshes the alignment and opens the saved fragment', async () => {
    const { actor, phase, context, saveCalls, refreshAlignment, navigate } = start();
    actor.send({ type: 'target.select', code: 'en' });
    actor.send({ type: 'preview.request' });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'suggestion.use', text: 'A suggestion' });
    expect(context().preview).toBe('A suggestion');
    actor.send({ type: 'preview.edit', text: '  Edited text ' });
    actor.send({ type: 'translation.save' });
    expect(phase()).toBe('saving');
    expect(saveCalls).toEqual([{ node_id: NODE, text: 'Edited text', language_code: 'en', alignment_group_id: GROUP }]);
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('saved');
    expect(context().savedId).toBe(SAVED);
    expect(refreshAlignment).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(800);
    expect(navigate).toHaveBeenCalledWith(`/editor/${SAVED}`);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("says 'Fragment metadata missing' without a node or group, and saves once the group is known", async () => {
    const { actor, phase, context, saveCalls } = start({
      input: { nodeId: undefined },
      translate: async () => ({ ...answerFor('en') }),
    });
    actor.send({ type: 'copilot.accept', text: 'From the Copilot', language: 'EN' });
    expect(phase()).toBe('previewReady');
    actor.send({ type: 'translation.save' });
    expect(context().notice).toBe('metadataMissing');
    expect(phase()).toBe('previewReady');
    const { actor: second, context: secondContext, saveCalls: secondCalls } = start();
    second.send({ type: 'copilot.accept', text: 'From the Copilot', language: 'en' });
    second.send({ type: 'translation.save' });
    expect(secondContext().notice).toBe('metadataMissing');
    second.send({ type: 'group.known', groupId: GROUP });
    second.send({ type: 'translation.save' });
    expect(selectPhase(second.getSnapshot())).toBe('saving');
    expect(secondCalls[0]).toMatchObject({ alignment_group_id: GROUP, language_code: 'en' });
    expect(saveCalls).toEqual([]);
  });

  it("says 'Could not save translation' with the failure and keeps the text to try again", async () => {
    const { actor, phase, context, saveCalls } = start({
      save: () => Promise.reject(new ApiError(409, 'translation_exists')),
      input: { groupId: GROUP },
    });
    actor.send({ type: 'target.select', code: 'en' });
    actor.send({ type: 'preview.request' });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'translation.save' });
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('previewReady');
    expect(context()).toMatchObject({ notice: 'saveFailed', error: { status: 409, detail: 'translation_exists' } });
    expect(context().preview).toBe('Text in en');
    actor.send({ type: 'translation.save' });
    expect(saveCalls).toHaveLength(2);
  });

  it('does not save an empty preview, and checks the target before saving', async () => {
    const { actor, phase, context } = start({ input: { groupId: GROUP } });
    actor.send({ type: 'copilot.accept', text: 'Accepted' });
    expect(phase()).toBe('previewReady');
    actor.send({ type: 'translation.save' });
    expect(context().notice).toBe('selectTarget');
    actor.send({ type: 'target.custom', value: 'en' });
    actor.send({ type: 'preview.edit', text: '   ' });
    expect(selectCanSave(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'translation.save' });
    expect(phase()).toBe('previewReady');
  });

  it('takes a Copilot preview into the form (its language becomes the target), but not while saving', async () => {
    const { actor, phase, context } = start({ input: { groupId: GROUP } });
    actor.send({ type: 'target.select', code: 'de' });
    actor.send({ type: 'preview.request' });
    await vi.advanceTimersByTimeAsync(100);
    expect(context().result).toBeDefined();
    actor.send({ type: 'copilot.accept', text: 'The Copilot text', language: 'en' });
    expect(context()).toMatchObject({
      preview: 'The Copilot text',
      target: 'en',
      previewTarget: 'en',
      result: undefined,
    });
    actor.send({ type: 'preview.edit', text: 'The Copilot text, edited' });
    actor.send({ type: 'translation.save' });
    actor.send({ type: 'copilot.accept', text: 'Another' });
    expect(phase()).toBe('saving');
    expect(context().preview).toBe('The Copilot text, edited');
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'copilot.accept', text: 'Another' });
    expect(phase()).toBe('saved');
  });
});
