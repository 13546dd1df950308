// The editor's fragment machine on fake timers with provided reads: an id that is no UUID v1-5,
// which read failed, retry, the alignment list, and the review patch that updates the flags and
// reloads the alignment; the place (document, version, full cite) read once the text names it,
// a failed one leaving the rest alone.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { FragmentTranslation, TranslationPatch } from '../../api/contract/translation';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  editorFragmentMachine,
  FragmentLoadFailure,
  isFragmentId,
  selectPlace,
  selectStatus,
  translationOf,
  type AlignmentView,
  type EditorText,
  type FragmentContent,
  type FragmentPlace,
} from './editor-fragment.machine';

const FRAGMENT = '5f0c8f1e-3c2b-5a4d-9e8f-0a1b2c3d4e5f';
const GROUP = '7b2e0a3f-5e4d-5c6f-9a01-2c3d4e5f6071';
const DOCUMENT = '1d2c3b4a-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const BRANCH = '2e3d4c5b-6f70-4b9c-8d1e-2f3a4b5c6d7e';

const content: FragmentContent = {
  text: {
    text: 'Text',
    document_id: DOCUMENT,
    branch_id: BRANCH,
    node_id: FRAGMENT,
    language_id: 2,
    language_code: 'en',
    translation: { status: 'translated', stale: true, origin: 'translated' },
    stale_source_text: 'Old',
  },
  spans: [],
};
const place: FragmentPlace = {
  document: { id: DOCUMENT, title: 'Ústava České republiky', external_id: '1/1993 Sb.' },
  branch: { id: BRANCH, name: 'snapshot-1993-01-01' },
  cite: 'Čl. 54 odst. 2',
};
const alignment: AlignmentView = { members: { group_id: GROUP, items: [] }, sourceText: 'New' };
const wait = <T>(value: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(value());
      } catch (error) {
        reject(error);
      }
    }, 50),
  );

function start(
  fragmentId = FRAGMENT,
  load: () => FragmentContent = () => content,
  locate: () => FragmentPlace = () => place,
) {
  const patches: TranslationPatch[] = [];
  const placeInputs: unknown[] = [];
  let alignmentLoads = 0;
  let patchFails = false;
  const actor = createActor(
    editorFragmentMachine.provide({
      actors: {
        loadContent: fromPromise(() => wait(load)),
        loadPlace: fromPromise(({ input }: { input: { text: EditorText } }) => {
          placeInputs.push(input.text);
          return wait(locate);
        }),
        loadAlignment: fromPromise(() => {
          alignmentLoads += 1;
          return wait(() => alignment);
        }),
        patchTranslation: fromPromise(({ input }: { input: { fragmentId: string; patch: TranslationPatch } }) => {
          patches.push(input.patch);
          return wait<{ id: string; translation: FragmentTranslation }>(() => {
            if (patchFails) throw new ApiError(403, 'forbidden');
            return {
              id: FRAGMENT,
              translation: {
                status: 'reviewed' as const,
                stale: input.patch.stale ?? true,
                origin: 'translated' as const,
              },
            };
          });
        }),
      },
    }),
    { input: { fragmentId } },
  ).start();
  return {
    actor,
    patches,
    placeInputs,
    alignmentLoads: () => alignmentLoads,
    failPatches: () => (patchFails = true),
    status: () => selectStatus(actor.getSnapshot()),
  };
}

describe('editorFragmentMachine', () => {
  fakeTimersInEachTest();

  it('takes only UUIDs of versions 1 to 5', () => {
    expect(isFragmentId(FRAGMENT)).toBe(true);
    expect(isFragmentId('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(isFragmentId('5f0c8f1e-3c2b-7a4d-9e8f-0a1b2c3d4e5f')).toBe(false);
    expect(start('nope').status()).toBe('invalid');
  });

  it('loads the text and spans and the alignment, and says which read failed', async () => {
    let fail: FragmentLoadFailure | undefined = new FragmentLoadFailure('spans', new ApiError(500, 'internal_error'));
    const { actor, status, alignmentLoads } = start(FRAGMENT, () => {
      if (fail) throw fail;
      return content;
    });
    expect(status()).toBe('loading');
    await vi.advanceTimersByTimeAsync(50);
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toMatchObject({ part: 'spans', error: { status: 500 } });
    fail = undefined;
    actor.send({ type: 'content.retry' });
    await vi.advanceTimersByTimeAsync(50);
    expect(status()).toBe('loaded');
    expect(actor.getSnapshot().context.alignment?.sourceText).toBe('New');
    expect(alignmentLoads()).toBe(1);
    actor.send({ type: 'alignment.reload' });
    expect(alignmentLoads()).toBe(2);
  });

  it('reads the place once the text is there: document, version and full cite', async () => {
    const { actor, status, placeInputs } = start();
    expect(placeInputs).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(status()).toBe('loaded');
    expect(placeInputs).toEqual([content.text]);
    expect(selectPlace(actor.getSnapshot())).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    expect(selectPlace(actor.getSnapshot())).toEqual(place);
  });

  it('keeps the text when the place cannot be read', async () => {
    const { actor, status } = start(FRAGMENT, undefined, () => {
      throw new ApiError(500, 'internal_error');
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(status()).toBe('loaded');
    expect(selectPlace(actor.getSnapshot())).toBeUndefined();
    expect(actor.getSnapshot().matches({ open: { place: 'failed' } })).toBe(true);
  });

  it('marks reviewed and clears the stale flag, updating the flags and reloading the alignment', async () => {
    const { actor, patches, alignmentLoads, failPatches } = start();
    await vi.advanceTimersByTimeAsync(50);
    actor.send({ type: 'review.mark' });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().context.content?.text.translation).toEqual({
      status: 'reviewed',
      stale: true,
      origin: 'translated',
    });
    actor.send({ type: 'stale.clear' });
    await vi.advanceTimersByTimeAsync(50);
    expect(patches).toEqual([{ status: 'reviewed' }, { stale: false }]);
    const { context } = actor.getSnapshot();
    expect(translationOf(context.content, context.alignment, FRAGMENT)?.stale).toBe(false);
    expect(alignmentLoads()).toBe(3);
    failPatches();
    actor.send({ type: 'stale.clear' });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().context.reviewError).toMatchObject({ status: 403, detail: 'forbidden' });
  });
});
