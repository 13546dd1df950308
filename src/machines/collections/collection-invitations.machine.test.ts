// Invitations to maintain: load (401 → nothing, another failure → retry), accept and decline one at
// a time (the row leaves, the answer is emitted), failures kept with their invitation, gone ones.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { CollectionInvitation, CollectionMaintainer } from '../../api/contract/collections';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  collectionInvitationsMachine,
  invitationKey,
  selectAnswerError,
  selectAnswering,
  selectInvitations,
  selectInvitationsLoadError,
  type CollectionInvitationsEmitted,
  type InvitationAnswer,
} from './collection-invitations.machine';

const USER_ID = '22222222-2222-4222-8222-222222222222';
const ORG_ID = '33333333-3333-4333-8333-333333333333';
const invitation = (n: number, overrides: Partial<CollectionInvitation> = {}): CollectionInvitation => ({
  collection_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  collection_name: `Collection ${n}`,
  owner_type: 'user',
  owner_handle: 'petr',
  maintainer_type: 'user',
  maintainer_id: USER_ID,
  handle: 'jana',
  ...overrides,
});
const ONE = invitation(1);
const TWO = invitation(2, { maintainer_type: 'org', maintainer_id: ORG_ID, handle: 'akcr', owner_type: 'org' });

type Answer = (input: {
  invitation: CollectionInvitation;
  answer: InvitationAnswer;
}) => Promise<{ items: CollectionMaintainer[] }>;

function start(
  load: () => Promise<CollectionInvitation[]>,
  answer: Answer = async () => ({ items: [] }),
  signedIn = true,
) {
  const calls: string[] = [];
  const emitted: CollectionInvitationsEmitted[] = [];
  const actor = createActor(
    collectionInvitationsMachine.provide({
      actors: {
        loadInvitations: fromPromise(async () => {
          calls.push('load');
          await new Promise((resolve) => setTimeout(resolve, 20));
          return load();
        }),
        answerInvitation: fromPromise(
          async ({ input }: { input: { invitation: CollectionInvitation; answer: InvitationAnswer } }) => {
            calls.push(`${input.answer} ${input.invitation.collection_id} ${input.invitation.maintainer_type}`);
            await new Promise((resolve) => setTimeout(resolve, 20));
            return answer(input);
          },
        ),
      },
    }),
    { input: { signedIn } },
  );
  actor.on('invitation.accepted', (event) => emitted.push(event));
  actor.on('invitation.declined', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted, snapshot: () => actor.getSnapshot() };
}

describe('collectionInvitationsMachine', () => {
  fakeTimersInEachTest();

  it('loads the invitations, accepts one and declines another, one at a time', async () => {
    const { actor, calls, emitted, snapshot } = start(async () => [ONE, TWO]);
    expect(snapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitations(snapshot())).toEqual([ONE, TWO]);

    actor.send({ type: 'invitation.accept', key: invitationKey(TWO) });
    expect(selectAnswering(snapshot())).toEqual({ invitation: TWO, answer: 'accept' });
    // One answer at a time: a second click waits for nothing and asks nothing.
    actor.send({ type: 'invitation.decline', key: invitationKey(ONE) });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitations(snapshot())).toEqual([ONE]);
    expect(selectAnswering(snapshot())).toBeUndefined();
    expect(emitted).toEqual([{ type: 'invitation.accepted', invitation: TWO }]);

    actor.send({ type: 'invitation.decline', key: invitationKey(ONE) });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitations(snapshot())).toEqual([]);
    expect(emitted.at(-1)).toEqual({ type: 'invitation.declined', invitation: ONE });
    expect(calls).toEqual(['load', `accept ${TWO.collection_id} org`, `decline ${ONE.collection_id} user`]);
  });

  it('ignores an answer to an invitation it does not list', async () => {
    const { actor, calls } = start(async () => [ONE]);
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'invitation.accept', key: invitationKey(TWO) });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(calls).toEqual(['load']);
  });

  it('keeps a failed answer with its invitation and the row, and clears it on the next answer', async () => {
    let fail = true;
    const { actor, emitted, snapshot } = start(
      async () => [ONE, TWO],
      async () => {
        if (fail) throw new ApiError(403, 'forbidden');
        return { items: [] };
      },
    );
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'invitation.accept', key: invitationKey(ONE) });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectAnswerError(snapshot())?.invitation).toEqual(ONE);
    expect(selectAnswerError(snapshot())?.error.detail).toBe('forbidden');
    expect(selectInvitations(snapshot())).toEqual([ONE, TWO]);
    expect(emitted).toEqual([]);

    fail = false;
    actor.send({ type: 'invitation.accept', key: invitationKey(ONE) });
    expect(selectAnswerError(snapshot())).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitations(snapshot())).toEqual([TWO]);
  });

  it('drops an invitation that is gone: accepting says why, declining is done', async () => {
    const { actor, emitted, snapshot } = start(
      async () => [ONE, TWO],
      async () => {
        throw new ApiError(404, 'not_found');
      },
    );
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'invitation.accept', key: invitationKey(ONE) });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitations(snapshot())).toEqual([TWO]);
    expect(selectAnswerError(snapshot())?.error.detail).toBe('not_found');
    expect(emitted).toEqual([]);

    actor.send({ type: 'invitation.decline', key: invitationKey(TWO) });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitations(snapshot())).toEqual([]);
    expect(selectAnswerError(snapshot())).toBeUndefined();
    expect(emitted).toEqual([{ type: 'invitation.declined', invitation: TWO }]);
  });

  it('asks nothing for a visitor without login', async () => {
    const { actor, calls, snapshot } = start(async () => [ONE], undefined, false);
    actor.send({ type: 'invitations.reload' });
    await vi.advanceTimersByTimeAsync(20);
    expect(snapshot().matches('off')).toBe(true);
    expect(selectInvitations(snapshot())).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('shows nothing after a 401, a retry after another failure, and reloads', async () => {
    let answer: () => Promise<CollectionInvitation[]> = async () => {
      throw new ApiError(401, 'not_authenticated');
    };
    const { actor, calls, snapshot } = start(() => answer());
    await vi.advanceTimersByTimeAsync(20);
    expect(snapshot().matches('off')).toBe(true);
    expect(selectInvitationsLoadError(snapshot())).toBeUndefined();

    answer = async () => {
      throw new ApiError(500, 'internal_error');
    };
    actor.send({ type: 'invitations.reload' });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitationsLoadError(snapshot())?.detail).toBe('internal_error');
    expect(selectInvitations(snapshot())).toEqual([]);

    answer = async () => [ONE];
    actor.send({ type: 'invitations.reload' });
    expect(selectInvitationsLoadError(snapshot())).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitations(snapshot())).toEqual([ONE]);

    answer = async () => [];
    actor.send({ type: 'invitations.reload' });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectInvitations(snapshot())).toEqual([]);
    expect(calls).toEqual(['load', 'load', 'load', 'load']);
  });

  it('asks the accept and remove routes with the maintainer type', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
        fetched.push(`${init?.method ?? 'GET'} ${String(url)}`);
        return new Response(JSON.stringify({ items: [] }), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    try {
      const actor = createActor(
        collectionInvitationsMachine.provide({ actors: { loadInvitations: fromPromise(async () => [ONE, TWO]) } }),
        { input: { signedIn: true } },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'invitation.accept', key: invitationKey(TWO) });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'invitation.decline', key: invitationKey(ONE) });
      await vi.advanceTimersByTimeAsync(0);
      expect(fetched).toEqual([
        expect.stringMatching(
          new RegExp(
            `^POST .*/v1/legal/collections/${TWO.collection_id}/maintainers/${ORG_ID}/accept\\?maintainer_type=org$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^DELETE .*/v1/legal/collections/${ONE.collection_id}/maintainers/${USER_ID}\\?maintainer_type=user$`,
          ),
        ),
      ]);
      expect(actor.getSnapshot().context.invitations).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
