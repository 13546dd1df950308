// The collections list flow: scope and Team field, the 401 fallbacks, the debounced name filter,
// 'Load more' pages, refresh, the caller's organizations and the 'New collection' form.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Collection, CollectionSummary } from '../../api/contract/collections';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  collectionsListMachine,
  createRequestOf,
  organizationIdOf,
  ownableOrgs,
  selectListStatus,
  type CollectionPage,
  type MyOrg,
  type NewCollectionForm,
  type PageQuery,
} from './collections-list.machine';

const ORG_ID = '33333333-3333-4333-8333-333333333333';
const org = (role: MyOrg['role'], slug = 'akcr', id = ORG_ID): MyOrg => ({
  id,
  name: `Org ${slug}`,
  slug,
  abbreviation: null,
  website: null,
  locations: [],
  role,
  member_count: 2,
});

const summary = (n: number, overrides: Partial<CollectionSummary> = {}): CollectionSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Collection ${n}`,
  slug: `collection-${n}`,
  description: null,
  owner_type: 'user',
  owner_handle: 'jana',
  visibility: 'private',
  vanity_handle: null,
  role: 'owner',
  document_count: n,
  public_path: null,
  ...overrides,
});

type Load = (query: PageQuery) => CollectionPage | Promise<CollectionPage>;

function start(
  load: Load,
  options: {
    signedIn?: boolean;
    orgs?: MyOrg[];
    create?: (form: NewCollectionForm) => Promise<Collection>;
  } = {},
) {
  const calls: PageQuery[] = [];
  const actor = createActor(
    collectionsListMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }: { input: PageQuery }) => {
          calls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 20));
          return load(input);
        }),
        loadOrgs: fromPromise(async () => options.orgs ?? []),
        createCollection: fromPromise(({ input }: { input: { form: NewCollectionForm } }) =>
          (options.create ?? (() => Promise.reject(new Error('no create'))))(input.form),
        ),
      },
    }),
    { input: { signedIn: options.signedIn ?? true } },
  );
  actor.start();
  return { actor, calls, status: () => selectListStatus(actor.getSnapshot()) };
}

const page = (items: CollectionSummary[], next_cursor: string | null = null): CollectionPage => ({
  items,
  next_cursor,
});

describe('collections list machine', () => {
  fakeTimersInEachTest();

  it('starts on Mine for a signed-in caller and on All for a visitor', async () => {
    const signedIn = start(() => page([summary(1)]));
    await vi.advanceTimersByTimeAsync(20);
    expect(signedIn.status()).toBe('loaded');
    expect(signedIn.calls).toEqual([{ scope: 'mine', organizationId: undefined, q: '', cursor: undefined }]);
    expect(signedIn.actor.getSnapshot().context.items.map((c) => c.name)).toEqual(['Collection 1']);

    const visitor = start(() => page([]), { signedIn: false });
    await vi.advanceTimersByTimeAsync(20);
    expect(visitor.calls.map((c) => c.scope)).toEqual(['all']);
    expect(visitor.actor.getSnapshot().matches({ orgs: 'none' })).toBe(true);
  });

  it('asks for an organization on Team, then lists it by typed id or by one of my slugs', async () => {
    const { actor, calls, status } = start(() => page([summary(2, { owner_type: 'org' })]), {
      orgs: [org('member')],
    });
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'scope.select', scope: 'team' });
    expect(status()).toBe('needsOrg');
    expect(actor.getSnapshot().context.items).toEqual([]);
    actor.send({ type: 'org.change', value: 'not-an-id' });
    expect(status()).toBe('needsOrg');
    expect(calls).toHaveLength(1);

    actor.send({ type: 'org.change', value: 'AKCR' });
    await vi.advanceTimersByTimeAsync(20);
    expect(status()).toBe('loaded');
    expect(calls.at(-1)).toMatchObject({ scope: 'team', organizationId: ORG_ID });

    const typed = '44444444-4444-4444-8444-44444444444A';
    actor.send({ type: 'org.change', value: typed });
    await vi.advanceTimersByTimeAsync(20);
    expect(calls.at(-1)).toMatchObject({ scope: 'team', organizationId: typed.toLowerCase() });
  });

  it('falls back from Mine to All on 401, and shows 401 on All as an empty list', async () => {
    const { actor, calls, status } = start(({ scope }) => {
      throw new ApiError(401, 'not_authenticated', { message: scope });
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(calls.map((c) => c.scope)).toEqual(['mine', 'all']);
    await vi.advanceTimersByTimeAsync(20);
    expect(status()).toBe('loaded');
    expect(actor.getSnapshot().context.scope).toBe('all');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('falls back from Team to All on 401, but shows 403 as an error', async () => {
    let status = 401;
    const run = start(({ scope }) => {
      if (scope === 'team') throw new ApiError(status, status === 401 ? 'not_authenticated' : 'forbidden');
      return page([summary(3)]);
    });
    await vi.advanceTimersByTimeAsync(20);
    run.actor.send({ type: 'scope.select', scope: 'team' });
    run.actor.send({ type: 'org.change', value: ORG_ID });
    await vi.advanceTimersByTimeAsync(40);
    expect(run.calls.map((c) => c.scope)).toEqual(['mine', 'team', 'all']);
    expect(run.actor.getSnapshot().context.scope).toBe('all');

    status = 403;
    run.actor.send({ type: 'scope.select', scope: 'team' });
    await vi.advanceTimersByTimeAsync(20);
    expect(run.status()).toBe('failed');
    expect(run.actor.getSnapshot().context.error).toMatchObject({ status: 403, detail: 'forbidden' });
    expect(run.actor.getSnapshot().context.scope).toBe('team');
  });

  it('filters by name after a pause in typing, pages with Load more, refreshes from the first page', async () => {
    const { actor, calls } = start(({ q, cursor }) => (cursor ? page([summary(2)]) : page([summary(q ? 9 : 1)], 'c1')));
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'list.more' });
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().context.items.map((c) => c.document_count)).toEqual([1, 2]);
    expect(calls.at(-1)).toMatchObject({ cursor: 'c1' });
    expect(actor.getSnapshot().context.nextCursor).toBeNull();
    actor.send({ type: 'list.more' });
    expect(calls).toHaveLength(2);

    actor.send({ type: 'filter.change', value: 'ús' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'filter.change', value: 'ústava ' });
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.at(-1)).toEqual({ scope: 'mine', organizationId: undefined, q: 'ústava', cursor: undefined });
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().context.items.map((c) => c.document_count)).toEqual([9]);

    actor.send({ type: 'list.refresh' });
    expect(calls).toHaveLength(4);
    expect(calls.at(-1)?.cursor).toBeUndefined();
  });

  it('keeps the rows when a further page fails', async () => {
    const { actor, status } = start(({ cursor }) => {
      if (cursor) throw new ApiError(500, 'internal_error');
      return page([summary(1)], 'c1');
    });
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'list.more' });
    await vi.advanceTimersByTimeAsync(20);
    expect(status()).toBe('loaded');
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    expect(actor.getSnapshot().context.error?.detail).toBe('internal_error');
  });

  it('creates a collection for me or an organization I own and tells the screen', async () => {
    const forms: NewCollectionForm[] = [];
    let fail = true;
    const { actor } = start(() => page([]), {
      orgs: [org('owner'), org('member', 'spolek', '44444444-4444-4444-8444-444444444444')],
      create: async (form) => {
        forms.push(form);
        if (fail) throw new ApiError(409, 'quota_exceeded');
        return { ...summary(7, { name: form.name }), documents: [] };
      },
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(ownableOrgs(actor.getSnapshot().context.orgs).map((o) => o.slug)).toEqual(['akcr']);
    const created: string[] = [];
    actor.on('collection.created', ({ collection }) => created.push(collection.id));

    actor.send({ type: 'create.open' });
    expect(actor.getSnapshot().can({ type: 'create.submit' })).toBe(false);
    actor.send({ type: 'create.field', field: 'name', value: ' Ústavní právo ' });
    actor.send({ type: 'create.field', field: 'owner', value: ORG_ID });
    actor.send({ type: 'create.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ create: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.createError?.detail).toBe('quota_exceeded');

    fail = false;
    actor.send({ type: 'create.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(created).toEqual([summary(7).id]);
    expect(actor.getSnapshot().matches({ create: 'closed' })).toBe(true);
    expect(createRequestOf(forms[1]!)).toEqual({ name: 'Ústavní právo', owner_type: 'org', organization_id: ORG_ID });
    expect(createRequestOf({ name: 'A', description: ' d ', owner: 'user' })).toEqual({
      name: 'A',
      description: 'd',
      owner_type: 'user',
    });
  });

  it('offers no form to a visitor', () => {
    const { actor } = start(() => page([]), { signedIn: false });
    actor.send({ type: 'create.open' });
    expect(actor.getSnapshot().matches({ create: 'closed' })).toBe(true);
  });

  it('reads the Team field', () => {
    expect(organizationIdOf('', [org('owner')])).toBeUndefined();
    expect(organizationIdOf(' akcr ', [org('owner')])).toBe(ORG_ID);
    expect(organizationIdOf('nope', [org('owner')])).toBeUndefined();
  });
});
