// Handles, ETags, profiles and public user pages over HTTP, on PGlite and (with DATABASE_URL)
// PostgreSQL: who may change what, If-Match, taken and reserved handles, text kept as text, the
// public collections a user's and an organization's page list.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collection } from '../../src/api/contract/collections.js';
import { ErrorBody } from '../../src/api/contract/common.js';
import { Org, PublicOrg } from '../../src/api/contract/orgs.js';
import { HandleResponse, Profile, PublicUser, UserEtag } from '../../src/api/contract/users.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('handles and profiles (%s)', (engine) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(engine);
    alice = await registerAndLogin(server, { first_name: 'Alice', last_name: 'Dvořáková' });
    bob = await registerAndLogin(server, { first_name: 'Bob', last_name: 'Černý' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const etagOf = async (who: TestAccount) => {
    const response = await who.session.get(`/v1/users/${who.user.id}/etag`);
    expect(response.status).toBe(200);
    const { etag } = await json(response, UserEtag);
    expect(response.headers.get('etag')).toBe(etag);
    return etag;
  };

  const patchHandle = (who: TestAccount, username: unknown, ifMatch?: string) =>
    who.session.patch(
      `/v1/users/${who.user.id}/handle`,
      { username },
      ifMatch === undefined ? {} : { 'If-Match': ifMatch },
    );

  describe('ETag', () => {
    it('is a strong ETag of the caller, the same until the user changes', async () => {
      const first = await etagOf(alice);
      expect(first).toMatch(/^"[^"]+"$/);
      expect(await etagOf(alice)).toBe(first);
      expect(await etagOf(bob)).not.toBe(first);
    });

    it('is only for the caller: 403 for another user, 401 without a session, 400 for a bad id', async () => {
      await expectApiError(await alice.session.get(`/v1/users/${bob.user.id}/etag`), 403, 'forbidden');
      await expectApiError(
        await new HttpSession(server.url).get(`/v1/users/${alice.user.id}/etag`),
        401,
        'not_authenticated',
      );
      await expectApiError(await alice.session.get('/v1/users/not-a-uuid/etag'), 400, 'validation_failed');
    });
  });

  describe('handle change', () => {
    it('changes the handle with a fresh ETag; the public page follows, the old handle is gone', async () => {
      const etag = await etagOf(alice);
      const response = await patchHandle(alice, '  Alice_Law ', etag);
      expect(response.status, await response.clone().text()).toBe(200);
      const answer = await json(response, HandleResponse);
      expect(answer.username).toBe('alice_law');
      expect(answer.etag).not.toBe(etag);
      expect(await etagOf(alice)).toBe(answer.etag);
      expect(response.headers.get('etag')).toBe(answer.etag);

      const page = await json(await server.get('/v1/public/users/alice_law'), PublicUser);
      expect(page.username).toBe('alice_law');
      expect(page.name).toEqual({ first: 'Alice', last: 'Dvořáková' });
      // Looked up case-insensitively.
      expect((await server.get('/v1/public/users/ALICE_LAW')).status).toBe(200);
      await expectApiError(await server.get(`/v1/public/users/${alice.user.username}`), 404, 'not_found');
      // The session sees the new handle at once.
      const me = (await (await alice.session.get('/v1/auth/me')).json()) as { user: { username: string } };
      expect(me.user.username).toBe('alice_law');
      alice.user.username = 'alice_law';
    });

    it('answers 412 for a stale ETag and 428 without If-Match', async () => {
      const stale = await etagOf(alice);
      const fresh = await json(await patchHandle(alice, 'alice-one', stale), HandleResponse);
      await expectApiError(await patchHandle(alice, 'alice-two', stale), 412, 'precondition_failed');
      await expectApiError(await patchHandle(alice, 'alice-two', 'W/' + fresh.etag), 412, 'precondition_failed');
      await expectApiError(await patchHandle(alice, 'alice-two', '"nonsense"'), 412, 'precondition_failed');
      await expectApiError(await patchHandle(alice, 'alice-two'), 428, 'precondition_required');
      // A list of tags holding the current one passes.
      const ok = await patchHandle(alice, 'alice-two', `"old", ${fresh.etag}`);
      expect(ok.status).toBe(200);
      alice.user.username = 'alice-two';
    });

    it('lets exactly one of two concurrent changes with the same ETag win', async () => {
      const etag = await etagOf(alice);
      const answers = await Promise.all([
        patchHandle(alice, 'alice-race-a', etag),
        patchHandle(alice, 'alice-race-b', etag),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 412]);
      const winner = await json(
        answers.find((r) => r.status === 200)!,
        HandleResponse,
      );
      alice.user.username = winner.username;
    });

    it('answers 403 for another user’s id, whatever the ETag', async () => {
      const bobEtag = await etagOf(bob);
      await expectApiError(
        await alice.session.patch(`/v1/users/${bob.user.id}/handle`, { username: 'stolen' }, { 'If-Match': bobEtag }),
        403,
        'forbidden',
      );
      expect((await server.get('/v1/public/users/stolen')).status).toBe(404);
    });

    it('answers 409 handle_taken for another user’s handle and 200 for its own', async () => {
      const etag = await etagOf(bob);
      const body = await expectApiError(
        await patchHandle(bob, alice.user.username.toUpperCase(), etag),
        409,
        'handle_taken',
      );
      expect(body.field).toBe('username');
      // Unchanged after the failure.
      expect(await etagOf(bob)).toBe(etag);
      const same = await patchHandle(bob, bob.user.username, etag);
      expect(same.status).toBe(200);
      expect(await json(same, HandleResponse)).toEqual({ username: bob.user.username, etag });
    });

    it('rejects invalid and reserved handles with 400 validation_failed naming the rule', async () => {
      const etag = await etagOf(bob);
      const cases: [unknown, string][] = [
        ['ab', 'handle_invalid'],
        ['a'.repeat(31), 'handle_invalid'],
        ['bob smith', 'handle_invalid'],
        ['bób', 'handle_invalid'],
        ['bob.smith', 'handle_invalid'],
        ['settings', 'handle_reserved'],
        ['Documents', 'handle_reserved'],
        ['v1', 'handle_invalid'],
        ['api', 'handle_reserved'],
      ];
      for (const [username, rule] of cases) {
        const body = await expectApiError(await patchHandle(bob, username, etag), 400, 'validation_failed');
        expect(body.field, String(username)).toBe('username');
        expect(body.message, String(username)).toContain(rule);
      }
      expect(await etagOf(bob)).toBe(etag);
    });
  });

  describe('profile', () => {
    it('reads and edits the own profile; HTML is kept as text, controls stripped, empty strings clear', async () => {
      const before = await json(await alice.session.get(`/v1/users/${alice.user.id}/profile`), Profile);
      expect(before).toMatchObject({ id: alice.user.id, first_name: 'Alice', bio: null, languages: [] });
      const etag = await etagOf(alice);

      const html = '<script>alert("x")</script><b>Lawyer</b> & "friends"';
      const response = await alice.session.patch(`/v1/users/${alice.user.id}/profile`, {
        first_name: ' <i>Alice</i>\u0007 ',
        bio: `${html}\r\nSecond line\u0007`,
        languages: ['CS', 'en', 'cs'],
        public_email: 'Public@Example.com',
        linkedin_url: 'https://www.linkedin.com/in/alice',
        website_url: 'https://alice.example/',
        photo_url: 'https://alice.example/photo.png',
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const profile = await json(response, Profile);
      expect(profile.first_name).toBe('<i>Alice</i>');
      expect(profile.bio).toBe(`${html}\nSecond line`);
      expect(profile.languages).toEqual(['cs', 'en']);
      expect(profile.public_email).toBe('public@example.com');
      const changed = await etagOf(alice);
      expect(changed).not.toBe(etag);

      // Saving the same form again is not a change.
      await alice.session.patch(`/v1/users/${alice.user.id}/profile`, {
        bio: `${html}\nSecond line`,
        languages: ['cs', 'en'],
      });
      expect(await etagOf(alice)).toBe(changed);

      const page = await json(await server.get(`/v1/public/users/${alice.user.username}`), PublicUser);
      expect(page).toMatchObject({
        name: { first: '<i>Alice</i>', last: 'Dvořáková' },
        bio: `${html}\nSecond line`,
        email: 'public@example.com',
        links: { linkedin: 'https://www.linkedin.com/in/alice', website: 'https://alice.example/' },
        photo_url: 'https://alice.example/photo.png',
        collections: [],
      });
      // Never the login email, the phone or the id.
      const raw = await (await server.get(`/v1/public/users/${alice.user.username}`)).text();
      expect(raw).not.toContain(alice.user.email);
      expect(raw).not.toContain(alice.user.phone);
      expect(raw).not.toContain(alice.user.id);
      expect(Object.keys(JSON.parse(raw)).sort()).toEqual(
        ['bio', 'collections', 'email', 'languages', 'links', 'name', 'organizations', 'photo_url', 'username'].sort(),
      );

      const cleared = await json(
        await alice.session.patch(`/v1/users/${alice.user.id}/profile`, {
          bio: '',
          website_url: '',
          public_email: null,
        }),
        Profile,
      );
      expect(cleared).toMatchObject({
        bio: null,
        website_url: null,
        public_email: null,
        linkedin_url: 'https://www.linkedin.com/in/alice',
      });
      expect((await json(await server.get(`/v1/public/users/${alice.user.username}`), PublicUser)).email).toBeNull();
    });

    it('is private: 403 for another user’s profile, 401 without a session', async () => {
      await expectApiError(await alice.session.get(`/v1/users/${bob.user.id}/profile`), 403, 'forbidden');
      await expectApiError(
        await alice.session.patch(`/v1/users/${bob.user.id}/profile`, { bio: 'hacked' }),
        403,
        'forbidden',
      );
      await expectApiError(
        await new HttpSession(server.url).get(`/v1/users/${bob.user.id}/profile`),
        401,
        'not_authenticated',
      );
      expect((await json(await server.get(`/v1/public/users/${bob.user.username}`), PublicUser)).bio).toBeNull();
    });

    it('rejects bad values with 400 naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ first_name: '' }, 'first_name'],
        [{ first_name: '\u0000\u0001' }, 'first_name'],
        [{ last_name: 'x'.repeat(101) }, 'last_name'],
        [{ photo_url: 'javascript:alert(1)' }, 'photo_url'],
        [{ website_url: 'ftp://example.com' }, 'website_url'],
        [{ public_email: 'not an email' }, 'public_email'],
        [{ languages: ['english'] }, 'languages.0'],
        [{ languages: 'cs' }, 'languages'],
        [{ bio: 'x'.repeat(2001) }, 'bio'],
      ];
      for (const [patch, field] of cases) {
        const body = await expectApiError(
          await alice.session.patch(`/v1/users/${alice.user.id}/profile`, patch),
          400,
          'validation_failed',
        );
        expect(body.field, JSON.stringify(patch)).toBe(field);
      }
    });
  });

  describe('public users', () => {
    it('answers 404 not_found for unknown or impossible handles', async () => {
      for (const name of ['nobody-here', 'x', '..%2F..', 'a'.repeat(100), '%F0%9F%98%80', 'null']) {
        const response = await server.get(`/v1/public/users/${name}`);
        expect(response.status, name).toBe(404);
        expect((await json(response, ErrorBody)).detail).toBe('not_found');
      }
      // NUL is refused before any route reads it (issue 15, L1).
      const nul = await server.get('/v1/public/users/%00');
      expect(nul.status).toBe(400);
      expect((await json(nul, ErrorBody)).detail).toBe('validation_failed');
    });
  });

  describe('profile collections', () => {
    let petra: TestAccount;
    let max: TestAccount;
    let orgId: string;
    const ORG = 'profile-kolekce';
    const ids: Record<string, string> = {};

    const ok = async (response: Response, expected = 200) => {
      expect(response.status, await response.clone().text()).toBe(expected);
      return response;
    };
    /** A collection of `who` (or of the organization) at `visibility`, set directly: publishing is its own call. */
    async function collection(who: TestAccount, name: string, visibility: string, owner: 'user' | 'org' = 'user') {
      const body = { name, owner_type: owner, ...(owner === 'org' ? { organization_id: orgId } : {}) };
      const created = await json(await ok(await who.session.post('/v1/legal/collections', body), 201), Collection);
      await server.database.db.execute(sql`UPDATE collections SET visibility = ${visibility} WHERE id = ${created.id}`);
      ids[name] = created.id;
      return created;
    }
    /** Invites a maintainer and has them (the user, or the organization's owner) accept. */
    async function maintainedBy(id: string, type: 'user' | 'org', handle: string, accepter: TestAccount) {
      const url = `/v1/legal/collections/${id}/maintainers`;
      await ok(await max.session.post(url, { maintainer_type: type, maintainer_id: handle }), 201);
      const maintainerId = type === 'user' ? accepter.user.id : orgId;
      await ok(await accepter.session.post(`${url}/${maintainerId}/accept?maintainer_type=${type}`, {}));
    }
    const userPage = async (who: TestAccount) =>
      json(await ok(await server.get(`/v1/public/users/${who.user.username}`)), PublicUser);
    const orgPage = async () => json(await ok(await server.get(`/v1/public/orgs/${ORG}`)), PublicOrg);

    beforeAll(async () => {
      petra = await registerAndLogin(server, { first_name: 'Petra', last_name: 'Profilová' });
      max = await registerAndLogin(server, { first_name: 'Max', last_name: 'Maintainer' });
      orgId = (await json(await ok(await petra.session.post('/v1/orgs', { name: 'Profile org', slug: ORG })), Org)).id;
      await collection(petra, 'Zeta owned public', 'public');
      await collection(petra, 'Alpha owned private', 'private');
      await collection(petra, 'Org public', 'public', 'org');
      await collection(petra, 'Org team', 'team', 'org');
      await maintainedBy(
        (await collection(max, 'Beta maintained public', 'public')).id,
        'user',
        petra.user.username,
        petra,
      );
      await maintainedBy(
        (await collection(max, 'Gamma maintained private', 'private')).id,
        'user',
        petra.user.username,
        petra,
      );
      // Invited, not yet accepted: no rights, so not on the profile.
      const pending = await collection(max, 'Delta pending public', 'public');
      await ok(
        await max.session.post(`/v1/legal/collections/${pending.id}/maintainers`, {
          maintainer_type: 'user',
          maintainer_id: petra.user.username,
        }),
        201,
      );
      await maintainedBy((await collection(max, 'Epsilon org-maintained public', 'public')).id, 'org', ORG, petra);
    });

    it("lists a user's public collections, owned first, then maintained ones, never a private one", async () => {
      const page = await userPage(petra);
      expect(page.collections).toEqual([
        {
          collection_id: ids['Zeta owned public'],
          role: 'owner',
          owner_type: 'user',
          owner_handle: petra.user.username,
          slug: 'zeta-owned-public',
          name: 'Zeta owned public',
        },
        {
          collection_id: ids['Beta maintained public'],
          role: 'maintainer',
          owner_type: 'user',
          owner_handle: max.user.username,
          slug: 'beta-maintained-public',
          name: 'Beta maintained public',
        },
      ]);
      // Private (owned or maintained), pending, and organization-owned or -maintained ones stay off it.
      const raw = await (await server.get(`/v1/public/users/${petra.user.username}`)).text();
      for (const name of ['Alpha', 'Gamma', 'Delta', 'Org public', 'Org team', 'Epsilon'])
        expect(raw).not.toContain(name);
      expect(raw).not.toContain(petra.user.id);
      expect(page.organizations).toEqual([{ id: orgId, slug: ORG, name: 'Profile org', role: 'owner' }]);
      expect((await userPage(max)).collections.map((c) => [c.name, c.role])).toEqual([
        ['Beta maintained public', 'owner'],
        ['Delta pending public', 'owner'],
        ['Epsilon org-maintained public', 'owner'],
      ]);
    });

    it("lists an organization's public collections, owned and maintained, never a team one", async () => {
      const page = await orgPage();
      expect(page.collections).toEqual([
        {
          collection_id: ids['Org public'],
          role: 'owner',
          owner_type: 'org',
          owner_handle: ORG,
          slug: 'org-public',
          name: 'Org public',
        },
        {
          collection_id: ids['Epsilon org-maintained public'],
          role: 'maintainer',
          owner_type: 'user',
          owner_handle: max.user.username,
          slug: 'epsilon-org-maintained-public',
          name: 'Epsilon org-maintained public',
        },
      ]);
      expect(Object.keys(page).sort()).toEqual(['abbreviation', 'collections', 'locations', 'name', 'slug', 'website']);
    });

    it('drops a collection from every profile once it is private again', async () => {
      const id = ids['Beta maintained public']!;
      await server.database.db.execute(sql`UPDATE collections SET visibility = 'private' WHERE id = ${id}`);
      try {
        expect((await userPage(petra)).collections.map((c) => c.collection_id)).not.toContain(id);
        expect((await userPage(max)).collections.map((c) => c.collection_id)).not.toContain(id);
      } finally {
        await server.database.db.execute(sql`UPDATE collections SET visibility = 'public' WHERE id = ${id}`);
      }
    });
  });

  describe('fuzz', () => {
    it('answers 4xx, never 500, to malformed bodies, params and headers', async () => {
      const { session, user } = alice;
      const bodies: unknown[] = [
        '{',
        'null',
        '[]',
        '"text"',
        '42',
        {},
        { username: null },
        { username: 42 },
        { username: ['a'] },
        { username: { $ne: '' } },
        { username: '\u0000\u0000\u0000' },
        { username: 'a'.repeat(10_000) },
        { first_name: 1 },
        { languages: [null] },
        { languages: Array(100).fill('cs') },
        { photo_url: 'http://' },
        { bio: { a: 1 } },
        { __proto__: { username: 'x' } },
      ];
      const etag = await etagOf(alice);
      for (const body of bodies) {
        for (const path of [`/v1/users/${user.id}/handle`, `/v1/users/${user.id}/profile`]) {
          const response = await session.patch(path, body, { 'If-Match': etag });
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(200);
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (response.status >= 400) expect((await json(response, ErrorBody)).detail).toBeTruthy();
        }
      }
      for (const id of ['x', '00000000-0000-0000-0000-000000000000', "1' OR '1'='1", '%00', 'a'.repeat(300)]) {
        for (const path of [`/v1/users/${id}/etag`, `/v1/users/${id}/profile`]) {
          const response = await session.get(path);
          expect(response.status, path).toBeGreaterThanOrEqual(400);
          expect(response.status, path).toBeLessThan(500);
        }
      }
      for (const ifMatch of ['*x', '""', ',,,', '\t', 'W/', '"' + 'x'.repeat(5000) + '"']) {
        const response = await patchHandle(alice, 'alice-fuzz', ifMatch);
        expect([412, 428], ifMatch).toContain(response.status);
      }
      const json415 = await session.patch(`/v1/users/${user.id}/profile`, undefined, { 'content-type': 'text/plain' });
      expect(json415.status).toBeLessThan(500);
    });

    it('answers 401 to every private users route without a session', async () => {
      const anonymous = new HttpSession(server.url);
      const id = alice.user.id;
      for (const [method, path, body] of [
        ['GET', `/v1/users/${id}/etag`],
        ['PATCH', `/v1/users/${id}/handle`, { username: 'whoever' }],
        ['GET', `/v1/users/${id}/profile`],
        ['PATCH', `/v1/users/${id}/profile`, { bio: 'x' }],
      ] as const) {
        const response = await anonymous.request(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    });
  });
});
