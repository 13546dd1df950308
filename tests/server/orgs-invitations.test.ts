// Issue 15 over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: adding someone to an
// organization is an invitation. The invitee is no member, has no rights and is listed nowhere
// (profile, public page, member list) until they accept; only they accept or decline; owners and
// admins see pending invitations and withdraw them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyOrgInvitation, MyOrgInvitationList, Org, OrgList, PublicOrg } from '../../src/api/contract/orgs.js';
import { PublicUser } from '../../src/api/contract/users.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

type Who = TestAccount;

describe.each(ENGINES)('organization invitations (%s)', (engine) => {
  let server: TestServer;
  let attacker: Who;
  let victim: Who;
  let owner: Who;
  let admin: Who;
  let invitee: Who;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [attacker, victim, owner, admin, invitee] = await Promise.all([
      registerAndLogin(server, { first_name: 'Mallory', last_name: 'Attacker' }),
      registerAndLogin(server, { first_name: 'Věra', last_name: 'Victim' }),
      registerAndLogin(server, { first_name: 'Olga', last_name: 'Owner' }),
      registerAndLogin(server, { first_name: 'Adam', last_name: 'Admin' }),
      registerAndLogin(server, { first_name: 'Ivan', last_name: 'Invitee' }),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const ok = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return json(response, Org);
  };
  const roles = (org: Org) => Object.fromEntries(org.members.map((m) => [m.username, m.role]));
  const create = async (who: Who, slug: string) =>
    ok(await who.session.post('/v1/orgs', { name: `Org ${slug}`, slug }));
  const invite = (who: Who, slug: string, username: string, role?: string) =>
    who.session.post(`/v1/orgs/${slug}/members`, role ? { username, role } : { username });
  const answer = (who: Who, slug: string, username: string, verb: 'accept' | 'decline') =>
    who.session.post(`/v1/orgs/${slug}/invitations/${username}/${verb}`);
  const withdraw = (who: Who, slug: string, username: string) =>
    who.session.delete(`/v1/orgs/${slug}/invitations/${username}`);
  const myInvitations = async (who: Who) =>
    (await json(await who.session.get('/v1/org-invitations'), MyOrgInvitationList)).items;
  const profileOrgs = async (who: Who) =>
    (await json(await server.get(`/v1/public/users/${who.user.username}`), PublicUser)).organizations.map(
      (o) => o.slug,
    );
  const myOrgs = async (who: Who) => (await json(await who.session.get('/v1/orgs'), OrgList)).items.map((o) => o.slug);

  it('refuses the attack: adding a victim as owner and leaving makes nobody an unwilling owner', async () => {
    await create(attacker, 'trap-org');
    const invited = await ok(await invite(attacker, 'trap-org', victim.user.username, 'owner'));
    // The victim is no member: not among the members, not on their profile, not in their list.
    expect(roles(invited)).toEqual({ [attacker.user.username]: 'owner' });
    expect(invited.invitations.map((i) => [i.username, i.role])).toEqual([[victim.user.username, 'owner']]);
    expect(await profileOrgs(victim)).not.toContain('trap-org');
    expect(await myOrgs(victim)).not.toContain('trap-org');
    await expectApiError(await victim.session.get('/v1/orgs/trap-org'), 403, 'forbidden');
    // Nor can the victim be made to act as one: no rights before accepting.
    await expectApiError(await invite(victim, 'trap-org', attacker.user.username), 403, 'forbidden');
    await expectApiError(await victim.session.patch('/v1/orgs/trap-org', { name: 'Renamed' }), 403, 'forbidden');

    // The attacker cannot leave: they are the only owner, the victim never became one.
    await expectApiError(
      await attacker.session.delete(`/v1/orgs/trap-org/members/${attacker.user.username}`),
      409,
      'last_owner',
    );
    // Nor accept on the victim's behalf.
    await expectApiError(await answer(attacker, 'trap-org', victim.user.username, 'accept'), 403, 'forbidden');
    expect(roles(await ok(await attacker.session.get('/v1/orgs/trap-org')))[victim.user.username]).toBeUndefined();

    // The public page names no members, and the invitation leaks nowhere public.
    const publicText = await (await server.get('/v1/public/orgs/trap-org')).text();
    expect(publicText).not.toContain(victim.user.username);
    expect(PublicOrg.parse(JSON.parse(publicText)).slug).toBe('trap-org');

    // The victim sees the invitation, declines it, and it is gone.
    const waiting = await myInvitations(victim);
    expect(waiting).toMatchObject([
      {
        org: { slug: 'trap-org', name: 'Org trap-org' },
        role: 'owner',
        invited_by: { username: attacker.user.username, first_name: 'Mallory', last_name: 'Attacker' },
      },
    ]);
    const declineResponse = await answer(victim, 'trap-org', victim.user.username, 'decline');
    expect(declineResponse.status, await declineResponse.clone().text()).toBe(200);
    expect((await json(declineResponse, MyOrgInvitation)).org.slug).toBe('trap-org');
    expect(await myInvitations(victim)).toEqual([]);
    expect((await ok(await attacker.session.get('/v1/orgs/trap-org'))).invitations).toEqual([]);
    await expectApiError(await answer(victim, 'trap-org', victim.user.username, 'accept'), 404, 'not_found');
    expect(await profileOrgs(victim)).toEqual([]);
  });

  it('invite → accept: a member with the invited role, listed on the profile and in the list', async () => {
    await create(owner, 'joining');
    await ok(await invite(owner, 'joining', admin.user.username, 'admin'));
    expect(await profileOrgs(admin)).not.toContain('joining');
    const joined = await ok(await answer(admin, 'joining', admin.user.username.toUpperCase(), 'accept'));
    expect(joined.role).toBe('admin');
    expect(roles(joined)).toEqual({ [owner.user.username]: 'owner', [admin.user.username]: 'admin' });
    expect(joined.invitations).toEqual([]);
    expect(await profileOrgs(admin)).toContain('joining');
    expect(await myOrgs(admin)).toContain('joining');
    expect(await myInvitations(admin)).toEqual([]);
    // Accepted once: nothing left to accept or decline.
    await expectApiError(await answer(admin, 'joining', admin.user.username, 'accept'), 404, 'not_found');
    await expectApiError(await invite(owner, 'joining', admin.user.username), 409, 'already_member');

    // As an admin now, they invite (never an owner) and see pending invitations; a plain member sees none.
    await expectApiError(await invite(admin, 'joining', invitee.user.username, 'owner'), 403, 'forbidden');
    const withPending = await ok(await invite(admin, 'joining', invitee.user.username));
    expect(withPending.invitations).toMatchObject([
      {
        username: invitee.user.username,
        first_name: 'Ivan',
        last_name: 'Invitee',
        role: 'member',
        invited_by: admin.user.username,
      },
    ]);
    await expectApiError(await invite(owner, 'joining', invitee.user.username, 'admin'), 409, 'already_invited');
    const member = await ok(await answer(invitee, 'joining', invitee.user.username, 'accept'));
    expect(member.role).toBe('member');
    await ok(await invite(owner, 'joining', victim.user.username));
    const seenByMember = await ok(await invitee.session.get('/v1/orgs/joining'));
    expect(seenByMember.invitations).toEqual([]);
    expect(roles(seenByMember)[victim.user.username]).toBeUndefined();
    // A member cannot withdraw; an admin can.
    await expectApiError(await withdraw(invitee, 'joining', victim.user.username), 403, 'forbidden');
    const withdrawn = await ok(await withdraw(admin, 'joining', victim.user.username));
    expect(withdrawn.invitations).toEqual([]);
    expect(await myInvitations(victim)).toEqual([]);
    await expectApiError(await withdraw(admin, 'joining', victim.user.username), 404, 'not_found');
  });

  it('only the invitee answers: not the inviter, an owner, another invitee or a stranger', async () => {
    await create(owner, 'consent');
    await ok(await invite(owner, 'consent', invitee.user.username, 'owner'));
    await ok(await invite(owner, 'consent', victim.user.username));
    for (const [who, verb] of [
      [owner, 'accept'],
      [owner, 'decline'],
      [victim, 'accept'],
      [victim, 'decline'],
      [attacker, 'accept'],
    ] as const) {
      await expectApiError(await answer(who, 'consent', invitee.user.username, verb), 403, 'forbidden');
    }
    // Unknown handles and impossible text: still only "not yours", never a 500.
    await expectApiError(await answer(attacker, 'consent', 'no-such-user', 'accept'), 403, 'forbidden');
    await expectApiError(await answer(attacker, 'consent', 'a'.repeat(100), 'accept'), 403, 'forbidden');
    await expectApiError(await answer(attacker, 'consent', '%E2%80%AE', 'accept'), 403, 'forbidden');
    await expectApiError(await answer(invitee, 'no-such-org', invitee.user.username, 'accept'), 404, 'not_found');
    await expectApiError(await answer(attacker, 'consent', attacker.user.username, 'accept'), 404, 'not_found');
    const org = await ok(await owner.session.get('/v1/orgs/consent'));
    expect(Object.keys(roles(org))).toEqual([owner.user.username]);
    expect(org.invitations.map((i) => i.username).sort()).toEqual([invitee.user.username, victim.user.username].sort());
    // The invitee says yes: an owner by consent.
    const accepted = await ok(await answer(invitee, 'consent', invitee.user.username, 'accept'));
    expect(accepted.role).toBe('owner');
  });

  it('owner invitations: only owners send or withdraw them; a demoted or removed inviter’s invitations go', async () => {
    await create(owner, 'inviters');
    await ok(await invite(owner, 'inviters', admin.user.username, 'admin'));
    await ok(await answer(admin, 'inviters', admin.user.username, 'accept'));
    await ok(await invite(owner, 'inviters', victim.user.username, 'owner'));
    await expectApiError(await withdraw(admin, 'inviters', victim.user.username), 403, 'forbidden');
    await ok(await withdraw(owner, 'inviters', victim.user.username));

    // The admin's invitations stand while they may send them.
    await ok(await invite(admin, 'inviters', victim.user.username, 'admin'));
    await ok(await invite(admin, 'inviters', invitee.user.username, 'member'));
    const demoted = await ok(
      await owner.session.patch(`/v1/orgs/inviters/members/${admin.user.username}`, { role: 'member' }),
    );
    expect(demoted.invitations).toEqual([]);
    expect((await myInvitations(victim)).map((i) => i.org.slug)).not.toContain('inviters');
    await expectApiError(await answer(invitee, 'inviters', invitee.user.username, 'accept'), 404, 'not_found');

    await ok(await owner.session.patch(`/v1/orgs/inviters/members/${admin.user.username}`, { role: 'admin' }));
    await ok(await invite(admin, 'inviters', invitee.user.username));
    await ok(await owner.session.delete(`/v1/orgs/inviters/members/${admin.user.username}`));
    expect((await ok(await owner.session.get('/v1/orgs/inviters'))).invitations).toEqual([]);
    expect((await myInvitations(invitee)).map((i) => i.org.slug)).not.toContain('inviters');
  });

  it('lists the caller’s invitations newest first, and an invitation to a deleted organization goes with it', async () => {
    await create(owner, 'first-inviter');
    await create(admin, 'second-inviter');
    await ok(await invite(owner, 'first-inviter', attacker.user.username, 'admin'));
    await ok(await invite(admin, 'second-inviter', attacker.user.username));
    const items = await myInvitations(attacker);
    expect(items.map((i) => [i.org.slug, i.role])).toEqual([
      ['second-inviter', 'member'],
      ['first-inviter', 'admin'],
    ]);
    const deleted = await admin.session.delete('/v1/orgs/second-inviter');
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect((await myInvitations(attacker)).map((i) => i.org.slug)).toEqual(['first-inviter']);
  });

  it('fuzz: malformed invitation paths get 4xx, never 500', async () => {
    await create(owner, 'fuzz-invites');
    for (const param of ['%00', 'x'.repeat(101), "a'%20OR%201=1", '%C0%AF', '%E2%80%AE']) {
      for (const [method, path] of [
        ['POST', `/v1/orgs/fuzz-invites/invitations/${param}/accept`],
        ['POST', `/v1/orgs/fuzz-invites/invitations/${param}/decline`],
        ['DELETE', `/v1/orgs/fuzz-invites/invitations/${param}`],
        ['POST', `/v1/orgs/${param}/invitations/${owner.user.username}/accept`],
        ['DELETE', `/v1/orgs/${param}/invitations/${owner.user.username}`],
      ] as const) {
        const response = await owner.session.request(method, path);
        expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  });
});
