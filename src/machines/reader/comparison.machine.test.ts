// The comparison flow with fake actors and fake timers: loading, invalid parameters, unknown
// versions, choosing, the settle delay after a selection, comparing, paging and failures, and the
// address the flow asks for.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { CompareChanges } from '../../api/contract/compare-changes';
import type { Comparison, Document } from '../../api/contract';
import { DOCUMENT_ID, branchOf } from '../../testing/reader-fixtures';
import { comparisonMachine, selectPanelPhase, selectPhase, type ComparisonInput } from './comparison.machine';

const DOC = DOCUMENT_ID;
const MAIN = '19033281-5b3e-59b6-8a64-bf85c5f47560';
const OLD = 'a0e21f26-47d6-54d7-b0a8-069c6f82b92f';
const OTHER = 'b0e21f26-47d6-54d7-b0a8-069c6f82b92f';

const branch = branchOf;
const document = { id: DOC, title: 'Ústava České republiky' } as Document;
const branches = [
  { ...branch(MAIN, 'main'), valid_from: '2026-01-01' },
  { ...branch(OLD, 'snapshot-1993-01-01'), valid_from: '1993-01-01' },
  { ...branch(OTHER, 'snapshot-2000-01-01'), valid_from: '2000-01-01' },
];

const comparison = (a: string, b: string): Comparison => ({
  branch_id_a: a,
  branch_id_b: b,
  counts: { a_total: 3, b_total: 3, in_both: 2, only_in_a: 1, only_in_b: 1 },
  only_in_a: [],
  only_in_b: [],
});
const changesPage = (offset: number, next: number | null): CompareChanges => ({
  branch_id_a: OLD,
  branch_id_b: MAIN,
  language: 'cs',
  languages: ['cs'],
  changed: [
    {
      path: `p-${offset}`,
      cite_key: null,
      citation: `Čl. ${offset}`,
      node_type: 'article',
      title: null,
      position: offset,
      node_id_a: OLD,
      node_id_b: MAIN,
      text_a: 'a',
      text_b: 'b',
      moved_from: null,
      headings: [],
    },
  ],
  added: [],
  removed: [],
  counts: { changed: 2, moved: 0, added: 0, removed: 0 },
  next_offset: next,
});

type CompareFn = (args: {
  input: { base: string; head: string; lang?: string };
}) => Promise<{ comparison: Comparison; changes: CompareChanges }>;
type MoreFn = (args: {
  input: { base: string; head: string; lang?: string; offset: number };
}) => Promise<CompareChanges>;

function start(
  input: Partial<ComparisonInput>,
  overrides: { load?: () => Promise<unknown>; compare?: Mock<CompareFn>; more?: Mock<MoreFn> } = {},
) {
  const compare =
    overrides.compare ??
    vi.fn<CompareFn>(async ({ input: i }) => ({ comparison: comparison(i.base, i.head), changes: changesPage(0, 1) }));
  const more = overrides.more ?? vi.fn<MoreFn>(async () => changesPage(1, null));
  const navigate = vi.fn<(search: string) => void>();
  const machine = comparisonMachine.provide({
    actions: { navigate: (_, { search }) => navigate(search) },
    actors: {
      loadDocument: fromPromise(async () => (overrides.load ? overrides.load() : { document, branches })) as never,
      compare: fromPromise(compare) as never,
      loadMoreChanges: fromPromise(more) as never,
    },
  });
  const actor = createActor(machine, { input: { documentId: DOC, search: '', ...input } });
  actor.start();
  return { actor, compare, more, navigate };
}

describe('comparisonMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads, then compares from and to at once', async () => {
    const { actor, compare } = start({ from: OLD, to: MAIN });
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    expect(compare).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ base: OLD, head: MAIN, document });
    expect(selectPanelPhase(actor.getSnapshot())).toBe('compared');
  });

  it('starts from base and head of the address when they are versions of the document', async () => {
    const { actor, compare } = start({ from: OLD, to: MAIN, base: OTHER, head: 'not-a-version' });
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    expect(compare.mock.calls[0]![0].input).toMatchObject({ base: OTHER, head: MAIN });
  });

  it('resolves dates in from and to to the versions in force on them', async () => {
    const { actor, compare } = start({ from: '2015-01-01', to: '2026-01-01' });
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    // 2015: the 2000 version (latest valid_from on or before); 2026: main, in force from that day.
    expect(compare.mock.calls[0]![0].input).toMatchObject({ base: OTHER, head: MAIN });
    expect(actor.getSnapshot().context).toMatchObject({ from: OTHER, to: MAIN });
  });

  it('says not found for a date before every version', async () => {
    const { actor } = start({ from: '1990-01-01', to: '2026-01-01' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.missing).toBe('branches');
  });

  it('says the parameters are invalid when from or to is missing', async () => {
    const { actor } = start({ from: OLD });
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectPhase(actor.getSnapshot())).toBe('invalidParams');
    expect(actor.getSnapshot().context.document).toBe(document);
  });

  it('says not found for an unknown version, a missing document, or no id at all', async () => {
    const unknown = start({ from: OLD, to: '00000000-0000-4000-8000-000000000000' }).actor;
    await waitFor(unknown, (s) => s.status === 'done');
    expect(selectPhase(unknown.getSnapshot())).toBe('notFound');
    expect(unknown.getSnapshot().context.missing).toBe('branches');

    const gone = start({ from: OLD, to: MAIN }, { load: () => Promise.reject(new ApiError(404, 'not_found')) }).actor;
    await waitFor(gone, (s) => s.status === 'done');
    expect(gone.getSnapshot().context.missing).toBe('document');

    const noId = start({ documentId: undefined, from: OLD, to: MAIN }).actor;
    expect(selectPhase(noId.getSnapshot())).toBe('notFound');
  });

  it('fails the load on other errors', async () => {
    const { actor } = start(
      { from: OLD, to: MAIN },
      { load: () => Promise.reject(new ApiError(500, 'internal_error')) },
    );
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectPhase(actor.getSnapshot())).toBe('loadFailed');
    expect(actor.getSnapshot().context.error?.detail).toBe('internal_error');
  });

  it('waits for the selection to settle, then compares once', async () => {
    const { actor, compare } = start({ from: OLD, to: MAIN });
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    actor.send({ type: 'base.select', branchId: OTHER });
    vi.advanceTimersByTime(200);
    actor.send({ type: 'head.select', branchId: OLD });
    expect(actor.getSnapshot().matches({ ready: 'settling' })).toBe(true);
    expect(actor.getSnapshot().context.comparison).toBeUndefined();
    vi.advanceTimersByTime(299);
    expect(compare).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ ready: 'comparing' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    expect(compare).toHaveBeenCalledTimes(2);
    expect(compare.mock.calls[1]![0].input).toMatchObject({ base: OTHER, head: OLD });
  });

  it('asks to choose two versions when both sides are the same', async () => {
    const { actor, compare } = start({ from: OLD, to: MAIN });
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    actor.send({ type: 'head.select', branchId: OLD });
    vi.advanceTimersByTime(300);
    expect(selectPanelPhase(actor.getSnapshot())).toBe('choosing');
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('appends the next page of changes, and retries a failed page', async () => {
    const more = vi
      .fn<MoreFn>()
      .mockRejectedValueOnce(new ApiError(500, 'internal_error'))
      .mockResolvedValue(changesPage(1, null));
    const { actor } = start({ from: OLD, to: MAIN }, { more });
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    actor.send({ type: 'changes.more' });
    await waitFor(actor, (s) => s.matches({ ready: { compared: 'moreFailed' } }));
    actor.send({ type: 'changes.more' });
    await waitFor(actor, (s) => s.matches({ ready: { compared: 'idle' } }));
    expect(more.mock.calls[1]![0].input).toMatchObject({ offset: 1, lang: 'cs' });
    expect(actor.getSnapshot().context.changes?.changed.map((c) => c.citation)).toEqual(['Čl. 0', 'Čl. 1']);
    // No further page: 'changes.more' is ignored.
    actor.send({ type: 'changes.more' });
    expect(actor.getSnapshot().matches({ ready: { compared: 'idle' } })).toBe(true);
  });

  it('fails the comparison, and retries it', async () => {
    const compare = vi
      .fn<CompareFn>()
      .mockRejectedValueOnce(new ApiError(500, 'internal_error'))
      .mockResolvedValue({ comparison: comparison(OLD, MAIN), changes: changesPage(0, null) });
    const { actor } = start({ from: OLD, to: MAIN }, { compare });
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
    expect(selectPanelPhase(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'compare.retry' });
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
  });

  it('compares again in another language', async () => {
    const { actor, compare } = start({ from: OLD, to: MAIN });
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    actor.send({ type: 'language.select', lang: 'en' });
    await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
    expect(compare.mock.calls[1]![0].input).toMatchObject({ lang: 'en' });
  });

  describe('the address', () => {
    const address = `from=${OLD}&to=${MAIN}`;

    it('asks for the settled versions once ready, keeping the other keys', async () => {
      const { actor, navigate } = start({ from: OLD, to: MAIN, search: `${address}&x=1` });
      expect(navigate).not.toHaveBeenCalled();
      await waitFor(actor, (s) => s.matches('ready'));
      expect(navigate.mock.calls).toEqual([[`${address}&x=1&base=${OLD}&head=${MAIN}`]]);
    });

    it('asks for nothing when the address already holds the choice', async () => {
      const { actor, navigate } = start({
        from: OLD,
        to: MAIN,
        base: OLD,
        head: MAIN,
        search: address + `&base=${OLD}&head=${MAIN}`,
      });
      await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
      expect(navigate).not.toHaveBeenCalled();
    });

    it('follows each choice at once: versions, then the language', async () => {
      const { actor, navigate } = start({ from: OLD, to: MAIN, search: address });
      await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
      actor.send({ type: 'base.select', branchId: OTHER });
      expect(navigate).toHaveBeenLastCalledWith(`${address}&base=${OTHER}&head=${MAIN}`);
      vi.advanceTimersByTime(300);
      await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
      actor.send({ type: 'language.select', lang: 'en' });
      expect(navigate).toHaveBeenLastCalledWith(`${address}&base=${OTHER}&head=${MAIN}&lang=en`);
      expect(navigate).toHaveBeenCalledTimes(3);
    });

    it('lets its own address pass, and writes its choice back into another one', async () => {
      const { actor, navigate } = start({ from: OLD, to: MAIN, search: address });
      await waitFor(actor, (s) => s.matches({ ready: 'compared' }));
      const own = navigate.mock.calls[0]![0];
      actor.send({ type: 'address.change', search: own });
      expect(navigate).toHaveBeenCalledTimes(1);
      actor.send({ type: 'address.change', search: `${address}&y=2` });
      expect(navigate).toHaveBeenLastCalledWith(`${address}&y=2&base=${OLD}&head=${MAIN}`);
    });
  });
});
