// The documents list flow: initial load, search, facets, sort, pages of 50, the address written
// and read back, 401 as an empty list, other failures.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Document, DocumentFacets } from '../../api/contract';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  documentsListMachine,
  PAGE_SIZE,
  queryOfSearch,
  searchFromQuery,
  selectPageCount,
  type DocumentSearch,
} from './documents-list.machine';

const doc = (id: string, external_id: string): Document => ({
  id,
  external_id,
  title: `Title ${external_id}`,
  metadata: { title: `Title ${external_id}`, source_system: 'test' },
  published_date: null,
  effective_date: null,
  expiry_date: null,
  updated_at: '2026-01-01T00:00:00Z',
  counts: { nodes: 1, fragments: 1 },
  languages: ['cs'],
  branch: null,
});
const facets = (total: number): DocumentFacets => ({
  total,
  jurisdiction: [{ value: 'cz', count: total }],
  type: [],
  year: [],
  in_force: [],
});
const FIRST: DocumentSearch = { externalId: '', q: '', page: 0 };

function start(load: (search: DocumentSearch) => Promise<Document[]>, input?: Partial<DocumentSearch>, total = 1) {
  const calls: DocumentSearch[] = [];
  const addresses: string[] = [];
  const actor = createActor(
    documentsListMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }: { input: DocumentSearch }) => {
          calls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { documents: await load(input), facets: facets(total) };
        }),
      },
      actions: { writeAddress: (_, params: { query: string }) => void addresses.push(params.query) },
    }),
    { input },
  );
  actor.start();
  return { actor, calls, addresses };
}

describe('documents list machine', () => {
  fakeTimersInEachTest();

  it('loads the first page at start and shows it', async () => {
    const { actor, calls, addresses } = start(async () => [doc('a', '1/1993 Sb.')]);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.documents.map((d) => d.id)).toEqual(['a']);
    expect(actor.getSnapshot().context.facets?.total).toBe(1);
    expect(calls).toMatchObject([FIRST]);
    // Opening the list does not rewrite the address it was opened with.
    expect(addresses).toEqual([]);
  });

  it('searches by law number on submit, reloads on refresh, and writes the address', async () => {
    const { actor, calls, addresses } = start(async ({ externalId }) => (externalId ? [doc('b', externalId)] : []));
    await vi.advanceTimersByTimeAsync(50);
    actor.send({ type: 'search.change', externalId: '1/1993' });
    // Typing alone does not search.
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'search.submit' });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().context.documents.map((d) => d.external_id)).toEqual(['1/1993']);
    expect(addresses).toEqual(['external_id=1%2F1993']);
    actor.send({ type: 'search.change', q: 'ústava' });
    actor.send({ type: 'search.refresh' });
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.at(-1)).toMatchObject({ externalId: '1/1993', q: 'ústava' });
  });

  it('filters, sorts and pages, a new filter or sort starting again at page 1', async () => {
    const { actor, calls, addresses } = start(async () => [], {}, 120);
    await vi.advanceTimersByTimeAsync(50);
    expect(selectPageCount(actor.getSnapshot())).toBe(Math.ceil(120 / PAGE_SIZE));
    actor.send({ type: 'page.set', page: 2 });
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.at(-1)).toMatchObject({ page: 2 });
    expect(addresses.at(-1)).toBe('page=3');

    actor.send({ type: 'filter.set', filters: { jurisdiction: 'eu', inForce: true } });
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.at(-1)).toMatchObject({ jurisdiction: 'eu', inForce: true, page: 0 });
    expect(addresses.at(-1)).toBe('jurisdiction=eu&in_force=true');

    actor.send({ type: 'filter.set', filters: { jurisdiction: undefined, year: 2014 } });
    actor.send({ type: 'sort.set', sort: 'number' });
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.at(-1)).toMatchObject({ jurisdiction: undefined, year: 2014, inForce: true, sort: 'number' });
    expect(addresses.at(-1)).toBe('year=2014&in_force=true&sort=number');
  });

  it("leaves jurisdictions out (the home page's other jurisdictions) until a jurisdiction is chosen", async () => {
    const { actor, calls, addresses } = start(async () => [], searchFromQuery('jurisdiction_not=cz,eu'));
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.at(-1)).toMatchObject({ jurisdictionNot: ['cz', 'eu'], jurisdiction: undefined });
    actor.send({ type: 'sort.set', sort: 'number' });
    await vi.advanceTimersByTimeAsync(50);
    expect(addresses.at(-1)).toBe('jurisdiction_not=cz,eu&sort=number');
    actor.send({ type: 'filter.set', filters: { jurisdiction: 'de', jurisdictionNot: undefined } });
    await vi.advanceTimersByTimeAsync(50);
    expect(addresses.at(-1)).toBe('jurisdiction=de&sort=number');
    expect(queryOfSearch(searchFromQuery('jurisdiction_not=cz,eu'))).toBe('jurisdiction_not=cz,eu');
    // One unknown value drops the whole exclusion rather than guess.
    expect(searchFromQuery('jurisdiction_not=cz,mars').jurisdictionNot).toBeUndefined();
  });

  it('follows the address on back and forward, and ignores the address it wrote itself', async () => {
    const { actor, calls } = start(async () => []);
    await vi.advanceTimersByTimeAsync(50);
    actor.send({ type: 'address.change', search: searchFromQuery('') });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    actor.send({ type: 'address.change', search: searchFromQuery('type=directive&page=2') });
    await vi.advanceTimersByTimeAsync(50);
    expect(calls).toHaveLength(2);
    expect(calls.at(-1)).toMatchObject({ type: 'directive', page: 1 });
  });

  it('reads the address back as it wrote it, dropping values it does not know', () => {
    const query =
      'q=%C3%BAstava&jurisdiction=cz&type=constitutional-act&year=1993&in_force=false&sort=effective&page=4';
    expect(queryOfSearch(searchFromQuery(query))).toBe(query);
    expect(searchFromQuery('jurisdiction=mars&type=poem&year=abc&page=-1&sort=colour')).toEqual({
      ...FIRST,
      jurisdiction: undefined,
      type: undefined,
      year: undefined,
      inForce: undefined,
      sort: undefined,
    });
  });

  it('shows a 401 as an empty list without an error', async () => {
    const { actor } = start(async () => {
      throw new ApiError(401, 'not_authenticated');
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ documents: [], error: undefined });
  });

  it('keeps the message of other failures, and a refresh clears it', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new ApiError(500, 'internal_error');
      return [doc('a', 'x')];
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 500, detail: 'internal_error' });
    fail = false;
    actor.send({ type: 'search.refresh' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });
});
