// Publishing: the form prefilled from the collection, the missing-fields rule, the request, server
// refusals kept for the screen, and the new state handed on after publish and unpublish.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Collection, CollectionSummary } from '../../api/contract/collections';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  collectionPublishMachine,
  publishRequestOf,
  selectIncomplete,
  selectPublishDone,
  type PublishForm,
} from './collection-publish.machine';

const COLLECTION: CollectionSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ústavní právo',
  slug: 'ustavni-pravo',
  description: null,
  owner_type: 'user',
  owner_handle: 'jana',
  visibility: 'private',
  vanity_handle: null,
  role: 'owner',
  document_count: 2,
  public_path: null,
};

function start(publish: (form: PublishForm) => Promise<Collection>, collection = COLLECTION) {
  const sent: PublishForm[] = [];
  let unpublished = 0;
  const actor = createActor(
    collectionPublishMachine.provide({
      actors: {
        publish: fromPromise(async ({ input }: { input: { id: string; form: PublishForm } }) => {
          sent.push(input.form);
          await new Promise((resolve) => setTimeout(resolve, 10));
          return publish(input.form);
        }),
        unpublish: fromPromise(async (): Promise<Collection> => {
          unpublished += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
          return { ...COLLECTION, visibility: 'private', vanity_handle: null, public_path: null, documents: [] };
        }),
      },
    }),
    { input: { collection } },
  );
  const told: CollectionSummary[] = [];
  actor.on('collection.published', ({ collection: changed }) => told.push(changed));
  actor.start();
  return { actor, sent, told, unpublishedCount: () => unpublished };
}

describe('collection publish machine', () => {
  fakeTimersInEachTest();

  it('is prefilled from the collection and asks for slug and owner handle when one is empty', async () => {
    const { actor, sent } = start(async () => {
      throw new Error('unused');
    });
    expect(actor.getSnapshot().context.form).toEqual({
      slug: 'ustavni-pravo',
      ownerHandle: 'jana',
      vanityHandle: '',
      isPublic: true,
    });
    actor.send({ type: 'publish.field', field: 'ownerHandle', value: '  ' });
    actor.send({ type: 'publish.submit' });
    expect(selectIncomplete(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toEqual([]);
    actor.send({ type: 'publish.field', field: 'ownerHandle', value: 'j' });
    expect(selectIncomplete(actor.getSnapshot())).toBe(false);
  });

  it('publishes, keeps a refusal, then tells the page the new state', async () => {
    let taken = true;
    const { actor, sent, told } = start(async (form) => {
      if (taken) throw new ApiError(409, 'vanity_handle_taken');
      return {
        ...COLLECTION,
        slug: form.slug,
        visibility: form.isPublic ? 'public' : 'private',
        vanity_handle: form.vanityHandle || null,
        public_path: '/u/jana/ustava',
        documents: [],
      };
    });
    expect(actor.getSnapshot().can({ type: 'publish.unpublish' })).toBe(false);
    actor.send({ type: 'publish.field', field: 'slug', value: ' Ustava ' });
    actor.send({ type: 'publish.field', field: 'vanityHandle', value: 'ustava' });
    actor.send({ type: 'publish.submit' });
    expect(actor.getSnapshot().matches('publishing')).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 409, detail: 'vanity_handle_taken' });
    expect(told).toEqual([]);

    taken = false;
    actor.send({ type: 'publish.submit' });
    await vi.advanceTimersByTimeAsync(10);
    expect(selectPublishDone(actor.getSnapshot())).toBe('published');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(publishRequestOf(sent[1]!)).toEqual({
      slug: 'ustava',
      owner_handle: 'jana',
      vanity_handle: 'ustava',
      is_public: true,
    });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ visibility: 'public', public_path: '/u/jana/ustava' });
    expect(told[0]).not.toHaveProperty('documents');
    expect(actor.getSnapshot().can({ type: 'publish.unpublish' })).toBe(true);
  });

  it('publishes without a short handle and not public', () => {
    expect(publishRequestOf({ slug: 'a-b', ownerHandle: ' Jana ', vanityHandle: ' ', isPublic: false })).toEqual({
      slug: 'a-b',
      owner_handle: 'jana',
      vanity_handle: null,
      is_public: false,
    });
  });

  it('unpublishes a public collection and releases its short handle', async () => {
    const { actor, told, unpublishedCount } = start(
      async () => {
        throw new Error('unused');
      },
      { ...COLLECTION, visibility: 'public', vanity_handle: 'ustava', public_path: '/u/jana/ustavni-pravo' },
    );
    expect(actor.getSnapshot().context.form.vanityHandle).toBe('ustava');
    actor.send({ type: 'publish.unpublish' });
    await vi.advanceTimersByTimeAsync(10);
    expect(unpublishedCount()).toBe(1);
    expect(selectPublishDone(actor.getSnapshot())).toBe('unpublished');
    expect(actor.getSnapshot().context.form.vanityHandle).toBe('');
    expect(told.map((c) => c.visibility)).toEqual(['private']);
    actor.send({ type: 'publish.unpublish' });
    expect(unpublishedCount()).toBe(1);
  });
});
