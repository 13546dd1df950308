// 'Mark changes' in the reader: the provisions of the version read that changed against the
// previous version (the one in force before it), from the comparison API, by node of the version
// read; the rows put a mark in the margin that opens the change. A removed provision has no node in
// the version read: its mark stands where it stood (the nearest provision the version keeps, by
// structural path). Loaded when turned on, again when the version or the language read changes.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes, type Branch } from '../../api/contract';
import type { CompareChanges } from '../../api/contract/compare-changes';
import { failureOf } from '../failure';
import { nearestNodeByPath } from '../../shared/provision-path';

export interface ChangeMark {
  kind: 'changed' | 'moved' | 'added';
  /** 'Čl. 54 odst. 2'. */
  citation: string | null;
  /** The old and the new text (an added provision has no old one). */
  before: string;
  after: string;
  /** Where a moved text stood ('Čl. 1'). */
  movedFrom: string | null;
}

/** A provision of the previous version that the version read no longer has. */
export interface RemovedProvision {
  path: string;
  /** 'Čl. 103'. */
  citation: string | null;
  /** Its text and its descendants', as it read before. */
  text: string;
}

export interface ChangeScope {
  on: boolean;
  /** The version read and the one before it; no previous version: nothing to mark. */
  from?: string;
  to?: string;
  lang?: string;
}

export interface ChangeMarksContext extends ChangeScope {
  marks: ReadonlyMap<string, ChangeMark>;
  removed: readonly RemovedProvision[];
  error?: ApiError;
}

export type ChangeMarksEvent = ({ type: 'marks.scope' } & ChangeScope) | { type: 'marks.retry' };

/** At most this many changes are marked (the API's page limit); a larger revision marks its first. */
const LIMIT = 1000;

/** The version in force before `branchId`'s: the latest dated one before its date. */
export function previousVersion(branches: readonly Branch[], branchId: string | undefined): Branch | undefined {
  const current = branches.find((branch) => branch.id === branchId);
  if (!current?.valid_from) return undefined;
  return branches
    .filter((branch) => branch.valid_from !== null && branch.valid_from < current.valid_from!)
    .sort((a, b) => (a.valid_from! < b.valid_from! ? 1 : -1))[0];
}

/** The marks by node of the newer version. */
export function marksOf(changes: CompareChanges): Map<string, ChangeMark> {
  const marks = new Map<string, ChangeMark>();
  for (const item of changes.changed)
    marks.set(item.node_id_b, {
      kind: item.moved_from ? 'moved' : 'changed',
      citation: item.citation,
      before: item.text_a,
      after: item.text_b,
      movedFrom: item.moved_from?.citation ?? item.moved_from?.path ?? null,
    });
  for (const item of changes.added)
    marks.set(item.node_id, {
      kind: 'added',
      citation: item.citation,
      before: '',
      after: [item.text, ...item.subtree.map((child) => child.text)].filter(Boolean).join('\n'),
      movedFrom: null,
    });
  return marks;
}

/** The removed provisions of a comparison, with the texts they had. */
export const removedOf = (changes: CompareChanges): RemovedProvision[] =>
  changes.removed.map((item) => ({
    path: item.path,
    citation: item.citation ?? item.cite_key,
    text: [item.text, ...item.subtree.map((child) => child.text)].filter(Boolean).join('\n'),
  }));

/**
 * Where each removed provision is marked: at the nearest provision the version read keeps (its
 * enclosing one, else the sibling before it), else at the first; by node of the version read.
 */
export function removedMarksAt(
  removed: readonly RemovedProvision[],
  nodes: readonly { id: string; external_id: string }[],
): Map<string, RemovedProvision[]> {
  const at = new Map<string, RemovedProvision[]>();
  for (const item of removed) {
    const anchor = nearestNodeByPath(nodes, item.path) ?? nodes[0];
    if (!anchor) continue;
    at.set(anchor.id, [...(at.get(anchor.id) ?? []), item]);
  }
  return at;
}

const NO_MARKS: ReadonlyMap<string, ChangeMark> = new Map();
const NO_REMOVED: readonly RemovedProvision[] = [];
const ready = (scope: ChangeScope) => scope.on && scope.from !== undefined && scope.to !== undefined;

export const changeMarksMachine = setup({
  types: {
    context: {} as ChangeMarksContext,
    events: {} as ChangeMarksEvent,
    input: {} as ChangeScope,
  },
  actors: {
    loadChanges: fromPromise(
      ({ input, signal }: { input: { from: string; to: string; lang?: string }; signal: AbortSignal }) =>
        call(routes.compareChanges, {
          query: { branch_id_a: input.from, branch_id_b: input.to, lang: input.lang, limit: LIMIT, offset: 0 },
          signal,
        }),
    ),
  },
  guards: {
    ready: ({ context }) => ready(context),
    scopeChanged: ({ context, event }) =>
      event.type === 'marks.scope' &&
      (event.on !== context.on ||
        event.from !== context.from ||
        event.to !== context.to ||
        event.lang !== context.lang),
  },
}).createMachine({
  id: 'changeMarks',
  context: ({ input }) => ({ ...input, marks: NO_MARKS, removed: NO_REMOVED }),
  initial: 'start',
  on: {
    'marks.scope': {
      guard: 'scopeChanged',
      target: '.start',
      actions: assign(({ event }) => ({
        on: event.on,
        from: event.from,
        to: event.to,
        lang: event.lang,
        marks: NO_MARKS,
        removed: NO_REMOVED,
        error: undefined,
      })),
    },
  },
  states: {
    start: { always: [{ guard: 'ready', target: 'loading' }, { target: 'off' }] },
    off: {},
    loading: {
      invoke: {
        src: 'loadChanges',
        input: ({ context }) => ({ from: context.from!, to: context.to!, lang: context.lang }),
        onDone: {
          target: 'loaded',
          actions: assign({
            marks: ({ event }) => marksOf(event.output),
            removed: ({ event }) => removedOf(event.output),
          }),
        },
        onError: { target: 'failed', actions: assign({ error: failureOf }) },
      },
    },
    loaded: {},
    failed: { on: { 'marks.retry': 'loading' } },
  },
});

type ChangeMarksSnapshot = SnapshotFrom<typeof changeMarksMachine>;
export const selectMarks = (s: ChangeMarksSnapshot) => s.context.marks;
export const selectRemoved = (s: ChangeMarksSnapshot) => s.context.removed;
export const selectMarksLoading = (s: ChangeMarksSnapshot) => s.matches('loading');
export const selectMarksError = (s: ChangeMarksSnapshot) => (s.matches('failed') ? s.context.error : undefined);
/** How many provisions are marked (removed ones too), once loaded. */
export const selectMarksCount = (s: ChangeMarksSnapshot) =>
  s.matches('loaded') ? s.context.marks.size + s.context.removed.length : undefined;
