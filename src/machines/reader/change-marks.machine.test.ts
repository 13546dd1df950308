// 'Mark changes': the previous version by date of effect, the marks by node of the version read
// (changed, moved, added), loaded only when turned on and when there is a previous version, again
// for another version or language, and a failure with its retry.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Branch } from '../../api/contract';
import type { CompareChanges } from '../../api/contract/compare-changes';
import { ApiError } from '../../api/client';
import {
  changeMarksMachine,
  marksOf,
  previousVersion,
  removedMarksAt,
  removedOf,
  selectMarksCount,
  selectMarksError,
} from './change-marks.machine';

const branch = (id: string, valid_from: string | null): Branch =>
  ({
    id,
    document_id: 'd',
    name: id,
    kind: 'snapshot',
    created_at: '2026-01-01T00:00:00Z',
    valid_from,
  }) as Branch;
const BRANCHES = [
  branch('main', '2026-01-01'),
  branch('b1993', '1993-01-01'),
  branch('b2013', '2013-03-08'),
  branch('draft', null),
];

const place = { headings: [], node_type: 'article', title: null, position: 0 };
const CHANGES: CompareChanges = {
  branch_id_a: 'b2013',
  branch_id_b: 'main',
  language: 'cs',
  languages: ['cs'],
  changed: [
    {
      ...place,
      path: 'cl-54/odst-1',
      cite_key: 'odst. 1',
      citation: 'Čl. 54 odst. 1',
      node_id_a: 'a54',
      node_id_b: 'n54',
      text_a: 'Prezident republiky je hlavou státu.',
      text_b: 'Prezident republiky je hlavou státu a je volen.',
      moved_from: null,
    },
    {
      ...place,
      path: 'cl-1/odst-1',
      cite_key: 'odst. 1',
      citation: 'Čl. 1 odst. 1',
      node_id_a: 'a1',
      node_id_b: 'n1',
      text_a: 'Česká republika je stát.',
      text_b: 'Česká republika je stát.',
      moved_from: { path: 'cl-1', citation: 'Čl. 1' },
    },
  ],
  added: [
    {
      ...place,
      path: 'cl-10a',
      cite_key: 'Čl. 10a',
      citation: 'Čl. 10a',
      node_id: 'n10a',
      text: '',
      descendants: 1,
      subtree: [{ path: 'cl-10a/odst-1', cite_key: 'odst. 1', text: 'Zákonem může být...' }],
    },
  ],
  removed: [
    {
      ...place,
      path: 'cl-103',
      cite_key: 'Čl. 103',
      citation: 'Čl. 103',
      node_id: 'a103',
      text: 'Návrh zákona o státním rozpočtu podává vláda.',
      descendants: 0,
      subtree: [],
    },
  ],
  counts: { changed: 2, moved: 1, added: 1, removed: 1 },
  next_offset: null,
} as unknown as CompareChanges;

describe('previousVersion', () => {
  it('is the latest dated version before the one read', () => {
    expect(previousVersion(BRANCHES, 'main')?.id).toBe('b2013');
    expect(previousVersion(BRANCHES, 'b2013')?.id).toBe('b1993');
    expect(previousVersion(BRANCHES, 'b1993')).toBeUndefined();
    expect(previousVersion(BRANCHES, 'draft')).toBeUndefined();
    expect(previousVersion(BRANCHES, undefined)).toBeUndefined();
  });
});

describe('marksOf', () => {
  it('marks changed, moved and added provisions by their node in the version read', () => {
    const marks = marksOf(CHANGES);
    expect(marks.get('n54')).toMatchObject({ kind: 'changed', citation: 'Čl. 54 odst. 1' });
    expect(marks.get('n1')).toMatchObject({ kind: 'moved', movedFrom: 'Čl. 1' });
    expect(marks.get('n10a')).toMatchObject({ kind: 'added', before: '', after: 'Zákonem může být...' });
    expect(marks.has('a54')).toBe(false);
  });
});

describe('removedMarksAt', () => {
  const nodes = [
    { id: 'n1', external_id: 'cl-1' },
    { id: 'n102', external_id: 'cl-102' },
    { id: 'n104', external_id: 'cl-104' },
    { id: 'n5', external_id: 'cl-5' },
    { id: 'n5-1', external_id: 'cl-5/odst-1' },
  ];

  it('marks a removed provision where it stood: after the sibling before it', () => {
    const at = removedMarksAt(removedOf(CHANGES), nodes);
    expect([...at.keys()]).toEqual(['n102']);
    expect(at.get('n102')).toEqual([
      { path: 'cl-103', citation: 'Čl. 103', text: 'Návrh zákona o státním rozpočtu podává vláda.' },
    ]);
  });

  it('marks a removed item at its provision, and one with nothing before it at the first', () => {
    const removed = [
      { path: 'cl-5/odst-3', citation: 'Čl. 5 odst. 3', text: 'a' },
      { path: 'cl-5/odst-4', citation: 'Čl. 5 odst. 4', text: 'b' },
      { path: 'preamble', citation: null, text: 'c' },
    ];
    const at = removedMarksAt(removed, nodes);
    expect(at.get('n5')?.map((item) => item.path)).toEqual(['cl-5/odst-3', 'cl-5/odst-4']);
    expect(at.get('n1')?.map((item) => item.path)).toEqual(['preamble']);
  });
});

function start(fail = false) {
  const calls: Array<{ from: string; to: string; lang?: string }> = [];
  const actor = createActor(
    changeMarksMachine.provide({
      actors: {
        loadChanges: fromPromise(async ({ input }: { input: { from: string; to: string; lang?: string } }) => {
          calls.push(input);
          if (fail) throw new ApiError(500, 'internal_error');
          return CHANGES;
        }),
      },
    }),
    { input: { on: false, from: 'b2013', to: 'main', lang: 'cs' } },
  );
  actor.start();
  return { actor, calls };
}

describe('changeMarksMachine', () => {
  it('loads nothing while off, the marks once on, again for another version or language', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().matches('off')).toBe(true);
    actor.send({ type: 'marks.scope', on: true, from: 'b2013', to: 'main', lang: 'cs' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.marks.size).toBe(3);
    // The removed provision counts too: 3 marked in the version read, 1 removed from it.
    expect(actor.getSnapshot().context.removed.map((item) => item.citation)).toEqual(['Čl. 103']);
    expect(selectMarksCount(actor.getSnapshot())).toBe(4);
    // The same scope again asks for nothing.
    actor.send({ type: 'marks.scope', on: true, from: 'b2013', to: 'main', lang: 'cs' });
    actor.send({ type: 'marks.scope', on: true, from: 'b1993', to: 'b2013', lang: 'cs' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls).toEqual([
      { from: 'b2013', to: 'main', lang: 'cs' },
      { from: 'b1993', to: 'b2013', lang: 'cs' },
    ]);
    actor.send({ type: 'marks.scope', on: false, from: 'b1993', to: 'b2013', lang: 'cs' });
    expect(actor.getSnapshot().matches('off')).toBe(true);
    expect(actor.getSnapshot().context.marks.size).toBe(0);
  });

  it('stays off without a previous version', () => {
    const { actor, calls } = start();
    actor.send({ type: 'marks.scope', on: true, from: undefined, to: undefined, lang: 'cs' });
    expect(actor.getSnapshot().matches('off')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('keeps a failure until retried', async () => {
    const { actor, calls } = start(true);
    actor.send({ type: 'marks.scope', on: true, from: 'b2013', to: 'main', lang: 'cs' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectMarksError(actor.getSnapshot())?.status).toBe(500);
    actor.send({ type: 'marks.retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(calls).toHaveLength(2);
  });
});
