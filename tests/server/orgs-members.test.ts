// Organizations over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: creation, the members
// page for members only, the role rules of owners and admins (members join by invitation and
// acceptance: see orgs-invitations.test.ts), the last owner, the public page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Org, OrgList, PublicOrg } from '../../src/api/contract/orgs.js';
import { PublicUser } from '../../src/api/contract/users.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

type Who = TestAccount;

describe.each(ENGINES)('organizations (%s)', (engine) => {
  let server: TestServer;
  let owner: Who;
  let admin: Who;
  let member: Who;
  let outsider: Who;

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = await registerAndLogin(server, { first_name: 'Olga', last_name: 'Owner' });
    admin = await registerAndLogin(server, { first_name: 'Adam', last_name: 'Admin' });
    member = await registerAndLogin(server, { first_name: 'Milan', last_name: 'Member' });
    outsider = await registerAndLogin(server, { first_name: 'Otto', last_name: 'Outsider' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const ok = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return json(response, Org);
  };
  const roles = (org: Org) => Object.fromEntries(org.members.map((m) => [m.username, m.role]));
  const create = (who: Who, slug: string, extra: Record<string, unknown> = {}) =>
    who.session.post('/v1/orgs', { name: `Org ${slug}`, slug, ...extra });
  /** Invites (the answer is the organization, the invitee not yet among its members). */
  const add = (who: Who, slug: string, username: string, role?: string) =>
    who.session.post(`/v1/orgs/${slug}/members`, role ? { username, role } : { username });
  const accept = (who: Who, slug: string) =>
    who.session.post(`/v1/orgs/${slug}/invitations/${who.user.username}/accept`);
  /** Invites `invitee` and has them accept: a member with `role`. */
  async function join(by: Who, slug: string, invitee: Who, role?: string) {
    const invited = await ok(await add(by, slug, invitee.user.username, role));
    expect(roles(invited)[invitee.user.username]).toBeUndefined();
    return ok(await accept(invitee, slug));
  }
  const setRole = (who: Who, slug: string, username: string, role: string) =>
    who.session.patch(`/v1/orgs/${slug}/members/${username}`, { role });
  const remove = (who: Who, slug: string, username: string) =>
    who.session.delete(`/v1/orgs/${slug}/members/${username}`);

  /** An organization with owner, admin and member as named. */
  async function team(slug: string) {
    await ok(await create(owner, slug));
    await join(owner, slug, admin, 'admin');
    await join(owner, slug, member);
    return ok(await owner.session.get(`/v1/orgs/${slug}`));
  }

  it('creates an organization with the caller as owner; its public page and the owner’s profile show it', async () => {
    const response = await create(owner, 'Pravni-Klinika', {
      name: '  Právní <b>klinika</b> ',
      abbreviation: 'PK',
      website: 'https://klinika.example',
      locations: [
        { city: 'Brno', country: 'cz' },
        { city: 'Praha', country: 'CZ' },
      ],
    });
    const org = await ok(response);
    expect(org).toMatchObject({
      name: 'Právní <b>klinika</b>',
      slug: 'pravni-klinika',
      abbreviation: 'PK',
      website: 'https://klinika.example',
      locations: [
        { city: 'Brno', country: 'CZ' },
        { city: 'Praha', country: 'CZ' },
      ],
      role: 'owner',
      members: [{ username: owner.user.username, first_name: 'Olga', last_name: 'Owner', role: 'owner' }],
    });

    const publicOrg = await json(await server.get('/v1/public/orgs/PRAVNI-KLINIKA'), PublicOrg);
    expect(publicOrg).toEqual({
      name: 'Právní <b>klinika</b>',
      slug: 'pravni-klinika',
      abbreviation: 'PK',
      website: 'https://klinika.example',
      locations: [
        { city: 'Brno', country: 'CZ' },
        { city: 'Praha', country: 'CZ' },
      ],
      collections: [],
    });
    const profile = await json(await server.get(`/v1/public/users/${owner.user.username}`), PublicUser);
    expect(profile.organizations).toEqual([
      { id: org.id, slug: 'pravni-klinika', name: 'Právní <b>klinika</b>', role: 'owner' },
    ]);

    const { items } = await json(await owner.session.get('/v1/orgs'), OrgList);
    expect(items.find((o) => o.slug === 'pravni-klinika')).toMatchObject({
      role: 'owner',
      member_count: 1,
      abbreviation: 'PK',
    });
  });

  it('answers 409 slug_taken for a slug in use, whatever its case', async () => {
    await ok(await create(owner, 'taken-slug'));
    const body = await expectApiError(await create(outsider, 'TAKEN-slug'), 409, 'slug_taken');
    expect(body.field).toBe('slug');
    // Concurrent creation of one slug: one wins, the other gets 409, never 500.
    const answers = await Promise.all([create(owner, 'race-slug'), create(admin, 'race-slug')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('rejects invalid and reserved slugs and bad fields with 400', async () => {
    for (const [body, field] of [
      [{ name: 'Valid', slug: 'settings' }, 'slug'],
      [{ name: 'Valid', slug: 'a' }, 'slug'],
      [{ name: 'Valid', slug: '-dash' }, 'slug'],
      [{ name: 'Valid', slug: 'has space' }, 'slug'],
      [{ name: 'V', slug: 'valid-slug' }, 'name'],
      [{ name: '\u0000\u0001\u0002', slug: 'valid-slug' }, 'name'],
      [{ name: 'Valid', slug: 'valid-slug', website: 'javascript:alert(1)' }, 'website'],
      [{ name: 'Valid', slug: 'valid-slug', locations: [{ city: 'Brno', country: 'CZE' }] }, 'locations.0.country'],
      [{ name: 'Valid', slug: 'valid-slug', locations: [{ city: '\u0000', country: 'CZ' }] }, 'locations.0.city'],
    ] as const) {
      const answer = await expectApiError(await outsider.session.post('/v1/orgs', body), 400, 'validation_failed');
      expect(answer.field, JSON.stringify(body)).toBe(field);
    }
    expect((await server.get('/v1/public/orgs/valid-slug')).status).toBe(404);
  });

  it('shows members to members only: 403 for others, 404 for unknown organizations', async () => {
    const org = await team('members-only');
    expect(roles(org)).toEqual({
      [owner.user.username]: 'owner',
      [admin.user.username]: 'admin',
      [member.user.username]: 'member',
    });
    expect(org.members.map((m) => m.role)).toEqual(['owner', 'admin', 'member']);
    expect(org.invitations).toEqual([]);
    const seen = await ok(await member.session.get('/v1/orgs/members-only'));
    expect(seen.role).toBe('member');
    expect(seen.members).toHaveLength(3);
    await expectApiError(await outsider.session.get('/v1/orgs/members-only'), 403, 'forbidden');
    await expectApiError(await outsider.session.get('/v1/orgs/no-such-org'), 404, 'not_found');
    await expectApiError(await new HttpSession(server.url).get('/v1/orgs/members-only'), 401, 'not_authenticated');
    // The public page has no member list.
    const raw = await (await server.get('/v1/public/orgs/members-only')).text();
    expect(raw).not.toContain(member.user.username);
    const { items } = await json(await member.session.get('/v1/orgs'), OrgList);
    expect(items.find((o) => o.slug === 'members-only')).toMatchObject({ role: 'member', member_count: 3 });
  });

  it('invites by handle: owners and admins only, admins never invite an owner', async () => {
    await team('adding');
    await expectApiError(await add(member, 'adding', outsider.user.username), 403, 'forbidden');
    await expectApiError(await add(outsider, 'adding', outsider.user.username), 403, 'forbidden');
    await expectApiError(await add(admin, 'adding', outsider.user.username, 'owner'), 403, 'forbidden');
    const unknown = await expectApiError(await add(owner, 'adding', 'no-such-user'), 404, 'not_found');
    expect(unknown.message).toContain('no-such-user');
    expect(unknown.field).toBe('username');
    await expectApiError(await add(owner, 'adding', member.user.username, 'admin'), 409, 'already_member');
    await expectApiError(await add(owner, 'no-such-org', outsider.user.username), 404, 'not_found');
    const invited = await ok(await add(admin, 'adding', outsider.user.username.toUpperCase(), 'admin'));
    expect(invited.role).toBe('admin');
    expect(roles(invited)[outsider.user.username]).toBeUndefined();
    expect(invited.invitations).toMatchObject([
      { username: outsider.user.username, role: 'admin', invited_by: admin.user.username },
    ]);
    await expectApiError(await add(owner, 'adding', outsider.user.username), 409, 'already_invited');
    const added = await ok(await accept(outsider, 'adding'));
    expect(added.role).toBe('admin');
    expect(roles(added)[outsider.user.username]).toBe('admin');
    expect(added.invitations).toEqual([]);
    await ok(await remove(outsider, 'adding', outsider.user.username));
  });

  it('changes roles by the same rules; admins cannot touch owners', async () => {
    await team('roles');
    await expectApiError(await setRole(member, 'roles', admin.user.username, 'member'), 403, 'forbidden');
    await expectApiError(await setRole(member, 'roles', member.user.username, 'admin'), 403, 'forbidden');
    await expectApiError(await setRole(admin, 'roles', owner.user.username, 'member'), 403, 'forbidden');
    await expectApiError(await setRole(admin, 'roles', member.user.username, 'owner'), 403, 'forbidden');
    await expectApiError(await setRole(admin, 'roles', outsider.user.username, 'admin'), 404, 'not_found');
    const promoted = await ok(await setRole(admin, 'roles', member.user.username, 'admin'));
    expect(roles(promoted)[member.user.username]).toBe('admin');
    const demoted = await ok(await setRole(admin, 'roles', member.user.username, 'member'));
    expect(roles(demoted)[member.user.username]).toBe('member');
    const madeOwner = await ok(await setRole(owner, 'roles', admin.user.username, 'owner'));
    expect(roles(madeOwner)[admin.user.username]).toBe('owner');
    // Now an owner, the former admin may demote the other owner.
    const after = await ok(await setRole(admin, 'roles', owner.user.username, 'member'));
    expect(roles(after)[owner.user.username]).toBe('member');
    expect(after.role).toBe('owner');
  });

  it('never leaves an organization without an owner (409 last_owner)', async () => {
    await team('last-owner');
    await expectApiError(await setRole(owner, 'last-owner', owner.user.username, 'admin'), 409, 'last_owner');
    await expectApiError(await remove(owner, 'last-owner', owner.user.username), 409, 'last_owner');
    await ok(await setRole(owner, 'last-owner', admin.user.username, 'owner'));
    // Two owners leaving at once: one may go, the other stays.
    const answers = await Promise.all([
      remove(owner, 'last-owner', owner.user.username),
      remove(admin, 'last-owner', admin.user.username),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const left = await ok(await member.session.get('/v1/orgs/last-owner'));
    expect(left.members.filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it('removes members by the rules; anyone may leave', async () => {
    await team('removing');
    await expectApiError(await remove(member, 'removing', admin.user.username), 403, 'forbidden');
    await expectApiError(await remove(admin, 'removing', owner.user.username), 403, 'forbidden');
    await expectApiError(await remove(outsider, 'removing', member.user.username), 403, 'forbidden');
    await expectApiError(await remove(owner, 'removing', outsider.user.username), 404, 'not_found');
    const left = await ok(await remove(member, 'removing', member.user.username));
    expect(roles(left)[member.user.username]).toBeUndefined();
    await expectApiError(await member.session.get('/v1/orgs/removing'), 403, 'forbidden');
    await join(admin, 'removing', member);
    const removed = await ok(await remove(admin, 'removing', member.user.username));
    expect(Object.keys(roles(removed))).toEqual([owner.user.username, admin.user.username]);
    const byOwner = await ok(await remove(owner, 'removing', admin.user.username));
    expect(Object.keys(roles(byOwner))).toEqual([owner.user.username]);
    const profile = await json(await server.get(`/v1/public/users/${admin.user.username}`), PublicUser);
    expect(profile.organizations.map((o) => o.slug)).not.toContain('removing');
  });

  it('answers 404 for unknown or impossible slugs on the public page', async () => {
    for (const slug of ['nope-nope', 'a'.repeat(100), 'UPPER%20CASE', '..']) {
      const response = await server.get(`/v1/public/orgs/${slug}`);
      expect(response.status, slug).toBe(404);
    }
    // NUL is refused at the edge for every route (server/http/reject-nul.ts).
    await expectApiError(await server.get('/v1/public/orgs/%00'), 400, 'validation_failed');
  });

  it('fuzz: malformed bodies and params get 4xx, never 500', async () => {
    await team('fuzz-org');
    const bodies: unknown[] = [
      '{',
      'null',
      '[]',
      '"x"',
      '7',
      {},
      { name: null, slug: null },
      { name: 'x'.repeat(10_000), slug: 'ok-slug' },
      { name: 'Okay', slug: 'ok-slug', locations: 'Brno' },
      { name: 'Okay', slug: 'ok-slug', locations: [null] },
      { name: 'Okay', slug: 'ok-slug', locations: Array(21).fill({ city: 'B', country: 'CZ' }) },
      { username: '\u0000' },
      { username: 'valid-name', role: 'king' },
      { role: null },
      { role: ['owner'] },
    ];
    const targets: [string, string][] = [
      ['POST', '/v1/orgs'],
      ['POST', '/v1/orgs/fuzz-org/members'],
      ['PATCH', `/v1/orgs/fuzz-org/members/${member.user.username}`],
    ];
    for (const body of bodies) {
      for (const [method, path] of targets) {
        const response = await owner.session.request(method, path, body);
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      }
    }
    for (const param of ['%00', 'x'.repeat(101), "a'%20OR%201=1", '%C0%AF', '%E2%80%AE']) {
      for (const [method, path] of [
        ['GET', `/v1/orgs/${param}`],
        ['POST', `/v1/orgs/${param}/members`],
        ['PATCH', `/v1/orgs/fuzz-org/members/${param}`],
        ['DELETE', `/v1/orgs/fuzz-org/members/${param}`],
        ['DELETE', `/v1/orgs/${param}/members/${member.user.username}`],
      ] as const) {
        const response = await owner.session.request(
          method,
          path,
          method === 'POST' || method === 'PATCH' ? { username: 'someone', role: 'member' } : undefined,
        );
        expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
    expect(roles(await ok(await owner.session.get('/v1/orgs/fuzz-org')))[member.user.username]).toBe('member');
  });

  it('answers 401 to every private organizations route without a session', async () => {
    const anonymous = new HttpSession(server.url);
    for (const [method, path, body] of [
      ['GET', '/v1/orgs'],
      ['POST', '/v1/orgs', { name: 'Anon', slug: 'anon-org' }],
      ['GET', '/v1/orgs/adding'],
      ['POST', '/v1/orgs/adding/members', { username: 'someone' }],
      ['PATCH', '/v1/orgs/adding/members/someone', { role: 'admin' }],
      ['DELETE', '/v1/orgs/adding/members/someone'],
      ['PATCH', '/v1/orgs/adding', { name: 'Renamed' }],
      ['DELETE', '/v1/orgs/adding'],
      ['GET', '/v1/org-invitations'],
      ['POST', '/v1/orgs/adding/invitations/someone/accept'],
      ['POST', '/v1/orgs/adding/invitations/someone/decline'],
      ['DELETE', '/v1/orgs/adding/invitations/someone'],
    ] as const) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });
});
