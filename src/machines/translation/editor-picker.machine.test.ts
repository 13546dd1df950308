// The editor's picker on fake timers, with scripted search, history and fragment actors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Node } from '../../api/contract';
import {
  editorPickerMachine,
  excerptOf,
  selectDocumentPhase,
  selectFragmentPhase,
  type FragmentPageResult,
  type PickerDocument,
} from './editor-picker.machine';

const doc = (n: number): PickerDocument => ({
  document_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Document ${n}`,
  external_id: `${n}/1993 Sb.`,
});
const fragment = (n: number) => ({
  id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  cite_key: `Čl. ${n}`,
  excerpt: `Text ${n}`,
  has_text: true,
});

/** A promise actor whose answers the test releases by hand. */
function scripted<I, O>() {
  const calls: { input: I; resolve: (value: O) => void; reject: (error: Error) => void }[] = [];
  const actor = fromPromise(
    ({ input }: { input: I }) => new Promise<O>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  return { calls, actor };
}

function start(personal: boolean) {
  const search = scripted<{ query: string }, PickerDocument[]>();
  const recent = scripted<unknown, PickerDocument[]>();
  const fragments = scripted<{ documentId: string; cursor: string | null; nodes: Node[] }, FragmentPageResult>();
  const actor = createActor(
    editorPickerMachine.provide({
      actors: { search: search.actor, loadRecent: recent.actor, loadFragments: fragments.actor },
    }),
    { input: { personal } },
  );
  actor.start();
  return {
    actor,
    search,
    recent,
    fragments,
    documentPhase: () => selectDocumentPhase(actor.getSnapshot()),
    fragmentPhase: () => selectFragmentPhase(actor.getSnapshot()),
    context: () => actor.getSnapshot().context,
  };
}

const STRUCTURE: Node = {
  id: '20000000-0000-4000-8000-000000000001',
  node_type: 'article',
  type: 'Čl.',
  title: null,
  cite_key: 'Čl. 1',
  external_id: 'cl-1',
  order_index: 0,
  depth: 0,
  derived_parent_id: null,
};

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('editorPickerMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('offers recent documents to a logged-in user and none to an anonymous one', async () => {
    const anonymous = start(false);
    expect(anonymous.documentPhase()).toBe('prompt');
    expect(anonymous.recent.calls).toHaveLength(0);

    const t = start(true);
    expect(t.documentPhase()).toBe('loadingRecent');
    t.recent.calls[0]!.resolve([doc(1), doc(2)]);
    await flush();
    expect(t.documentPhase()).toBe('prompt');
    expect(t.context().recent.map((d) => d.title)).toEqual(['Document 1', 'Document 2']);
  });

  it('keeps the search when the history fails', async () => {
    const t = start(true);
    t.recent.calls[0]!.reject(new ApiError(500, 'http_error'));
    await flush();
    expect(t.documentPhase()).toBe('prompt');
    expect(t.context().recent).toEqual([]);
  });

  it('searches 300 ms after the last keystroke, and a blank query goes back to the prompt', async () => {
    const t = start(false);
    for (const value of ['u', 'us', 'ust']) {
      t.actor.send({ type: 'query.type', value });
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(t.search.calls).toHaveLength(0);
    expect(t.documentPhase()).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(100);
    expect(t.search.calls.map((c) => c.input.query)).toEqual(['ust']);
    t.search.calls[0]!.resolve([doc(1)]);
    await flush();
    expect(t.documentPhase()).toBe('results');
    expect(t.context().results).toEqual([doc(1)]);

    t.actor.send({ type: 'query.type', value: '  ' });
    expect(t.documentPhase()).toBe('prompt');
    expect(t.context().results).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.search.calls).toHaveLength(1);
  });

  it('says nothing was found, and a failed search can be retried', async () => {
    const t = start(false);
    t.actor.send({ type: 'query.type', value: 'zzz' });
    await vi.advanceTimersByTimeAsync(300);
    t.search.calls[0]!.resolve([]);
    await flush();
    expect(t.documentPhase()).toBe('empty');

    t.actor.send({ type: 'query.type', value: 'zzzz' });
    await vi.advanceTimersByTimeAsync(300);
    t.search.calls[1]!.reject(new ApiError(503, 'http_error'));
    await flush();
    expect(t.documentPhase()).toBe('failed');
    expect(t.context().error?.status).toBe(503);
    t.actor.send({ type: 'retry' });
    expect(t.search.calls).toHaveLength(3);
    expect(t.search.calls[2]!.input.query).toBe('zzzz');
  });

  it('a newer keystroke aborts the search on its way, so an older answer never shows', async () => {
    const t = start(false);
    t.actor.send({ type: 'query.type', value: 'old' });
    await vi.advanceTimersByTimeAsync(300);
    t.actor.send({ type: 'query.type', value: 'new' });
    t.search.calls[0]!.resolve([doc(9)]);
    await flush();
    expect(t.context().results).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    t.search.calls[1]!.resolve([doc(1)]);
    await flush();
    expect(t.context().results).toEqual([doc(1)]);
  });

  it('picking a document loads its fragments page by page; clearing goes back to the search', async () => {
    const t = start(false);
    t.actor.send({ type: 'document.pick', document: doc(4) });
    expect(t.documentPhase()).toBeUndefined();
    expect(t.fragmentPhase()).toBe('loading');
    expect(t.fragments.calls[0]!.input).toEqual({ documentId: doc(4).document_id, cursor: null, nodes: [] });
    t.fragments.calls[0]!.resolve({ items: [fragment(1), fragment(2)], nextCursor: 'c2', nodes: [STRUCTURE] });
    await flush();
    expect(t.fragmentPhase()).toBe('ready');
    expect(t.context().fragments.map((f) => f.cite_key)).toEqual(['Čl. 1', 'Čl. 2']);

    t.actor.send({ type: 'fragments.more' });
    // The next page keeps the structure the first one brought.
    expect(t.fragments.calls[1]!.input).toMatchObject({ cursor: 'c2', nodes: [STRUCTURE] });
    t.fragments.calls[1]!.resolve({ items: [fragment(3)], nextCursor: null, nodes: [STRUCTURE] });
    await flush();
    expect(t.context().fragments).toHaveLength(3);
    // The last page: no more to ask for.
    t.actor.send({ type: 'fragments.more' });
    expect(t.fragments.calls).toHaveLength(2);

    t.actor.send({ type: 'document.clear' });
    expect(t.documentPhase()).toBe('prompt');
    expect(t.context().document).toBeUndefined();
    expect(t.context().fragments).toEqual([]);
  });

  it('a failed fragment page is retried from the same cursor', async () => {
    const t = start(false);
    t.actor.send({ type: 'document.pick', document: doc(4) });
    t.fragments.calls[0]!.reject(new ApiError(404, 'not_found'));
    await flush();
    expect(t.fragmentPhase()).toBe('failed');
    expect(t.context().error?.detail).toBe('not_found');
    t.actor.send({ type: 'retry' });
    expect(t.fragmentPhase()).toBe('loading');
    expect(t.context().error).toBeUndefined();
    expect(t.fragments.calls[1]!.input).toEqual({ documentId: doc(4).document_id, cursor: null, nodes: [] });
  });
});

describe('excerptOf', () => {
  it('keeps the first words and marks the cut', () => {
    expect(excerptOf('  Svrchovaný,\n jednotný a demokratický  ', 12)).toBe('Svrchovaný, jednotný a demokratický');
    expect(excerptOf('a b c d e', 3)).toBe('a b c…');
    expect(excerptOf('')).toBe('');
  });
});
