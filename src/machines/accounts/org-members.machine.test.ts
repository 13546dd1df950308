// Managing members: an invitation (not a membership) is sent for the handle typed, confirmed and
// listed as pending; it can be withdrawn; a refusal (already_invited) is kept for the screen.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { Org } from '../../api/contract';
import { orgMembersMachine, selectInvited, selectPending, type MemberChange } from './org-members.machine';

const base: Org = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Komora',
  slug: 'komora',
  abbreviation: null,
  website: null,
  locations: [],
  role: 'owner',
  members: [{ username: 'jana', first_name: 'Jana', last_name: 'N', role: 'owner' }],
  invitations: [],
};

describe('orgMembersMachine', () => {
  it('invites by handle, lists the pending invitation, withdraws it, and keeps a refusal', async () => {
    const changes: MemberChange[] = [];
    let org = base;
    const changed: Org[] = [];
    const actor = createActor(
      orgMembersMachine.provide({
        actors: {
          loadOrg: fromPromise(async () => org),
          changeMembers: fromPromise(async ({ input }: { input: { slug: string; change: MemberChange } }) => {
            changes.push(input.change);
            const { change } = input;
            if (change.kind === 'add') {
              if (org.invitations.some((i) => i.username === change.username)) {
                throw new ApiError(409, 'already_invited');
              }
              org = {
                ...org,
                invitations: [
                  {
                    username: change.username,
                    first_name: 'Petr',
                    last_name: 'S',
                    role: change.role,
                    invited_by: 'jana',
                    created_at: '2026-11-25T00:00:00.000Z',
                  },
                ],
              };
            }
            if (change.kind === 'withdraw') org = { ...org, invitations: [] };
            return org;
          }),
        },
        actions: { orgChanged: (_, { org: next }) => void changed.push(next) },
      }),
      { input: { slug: 'komora' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));

    actor.send({ type: 'add.handle', value: ' Petr ' });
    actor.send({ type: 'add.role', value: 'owner' });
    actor.send({ type: 'add.submit' });
    expect(selectPending(actor.getSnapshot())).toEqual({ kind: 'add', username: 'petr', role: 'owner' });
    let snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(selectInvited(snapshot)).toBe('petr');
    expect(snapshot.context.handle).toBe('');
    // Invited, not a member.
    expect(snapshot.context.org?.members.map((m) => m.username)).toEqual(['jana']);
    expect(snapshot.context.org?.invitations.map((i) => [i.username, i.role])).toEqual([['petr', 'owner']]);

    actor.send({ type: 'add.handle', value: 'petr' });
    actor.send({ type: 'add.submit' });
    snapshot = await waitFor(actor, (s) => s.matches('ready') && s.context.error !== undefined);
    expect(snapshot.context.error).toMatchObject({ status: 409, detail: 'already_invited' });
    expect(selectInvited(snapshot)).toBeUndefined();

    actor.send({ type: 'invitation.withdraw', username: 'petr' });
    snapshot = await waitFor(actor, (s) => s.matches('ready') && s.context.org?.invitations.length === 0);
    expect(snapshot.context.error).toBeUndefined();
    expect(changes.map((c) => c.kind)).toEqual(['add', 'add', 'withdraw']);
    expect(changed).toHaveLength(2);
  });
});
