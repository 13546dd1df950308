// Publishing collections over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: the address under
// the owner's handle, short handles, public or not, unpublishing; owner_handle_mismatch, slug_taken
// per owner, vanity_handle_taken over all collections, reserved short handles, who may publish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collection } from '../../src/api/contract/collections.js';
import { Org } from '../../src/api/contract/orgs.js';
import { addOrgMember, registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const BASE = '/v1/legal/collections';

describe.each(ENGINES)('publishing collections (%s)', (engine) => {
  let server: TestServer;
  let anonymous: HttpSession;
  const who: Record<string, TestAccount> = {};

  beforeAll(async () => {
    server = await startTestServer(engine);
    anonymous = new HttpSession(server.url);
    for (const name of ['owner', 'other', 'orgOwner', 'orgAdmin', 'orgMember', 'maintainer', 'stranger']) {
      who[name] = await registerAndLogin(server, { first_name: name, last_name: 'Publisher' });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const status = async (response: Response, expected: number) => {
    expect(response.status, await response.clone().text()).toBe(expected);
    return response;
  };
  const created = async (account: TestAccount, body: Record<string, unknown>) =>
    json(await status(await account.session.post(BASE, { owner_type: 'user', ...body }), 201), Collection);
  const publish = (account: TestAccount | { session: HttpSession }, id: string, body: unknown) =>
    account.session.post(`${BASE}/${id}/publish`, body);
  const published = async (account: TestAccount, id: string, body: Record<string, unknown>) =>
    json(await status(await publish(account, id, body), 200), Collection);

  it('publishes under the owner’s handle with a short handle, keeps the address when made private, unpublishes', async () => {
    const owner = who.owner!;
    const handle = owner.user.username;
    const collection = await created(owner, { name: 'Ústavní právo' });
    await expectApiError(await anonymous.get(`${BASE}/${collection.id}`), 404, 'not_found');

    const pub = await published(owner, collection.id, {
      slug: 'Ustava',
      owner_handle: handle.toUpperCase(),
      vanity_handle: 'Ustavni-Pravo',
      is_public: true,
    });
    expect(pub).toMatchObject({
      id: collection.id,
      slug: 'ustava',
      vanity_handle: 'ustavni-pravo',
      visibility: 'public',
      role: 'owner',
      public_path: `/u/${handle}/ustava`,
    });
    const seen = await json(await status(await anonymous.get(`${BASE}/${collection.id}`), 200), Collection);
    expect(seen).toMatchObject({ role: 'reader', public_path: `/u/${handle}/ustava` });

    // Not public: the address and short handle stay for those who may read it.
    const hidden = await published(owner, collection.id, {
      slug: 'ustava',
      owner_handle: handle,
      vanity_handle: 'ustavni-pravo',
      is_public: false,
    });
    expect(hidden).toMatchObject({
      slug: 'ustava',
      vanity_handle: 'ustavni-pravo',
      visibility: 'private',
      public_path: null,
    });
    await expectApiError(await anonymous.get(`${BASE}/${collection.id}`), 404, 'not_found');

    // Without a short handle the one it had is released.
    const noVanity = await published(owner, collection.id, { slug: 'ustava', owner_handle: handle, is_public: true });
    expect(noVanity).toMatchObject({ vanity_handle: null, visibility: 'public' });
    await published(owner, collection.id, {
      slug: 'ustava',
      owner_handle: handle,
      vanity_handle: 'ustavni-pravo',
      is_public: true,
    });

    const unpublished = await json(
      await status(await owner.session.delete(`${BASE}/${collection.id}/publish`), 200),
      Collection,
    );
    expect(unpublished).toMatchObject({
      slug: 'ustava',
      vanity_handle: null,
      visibility: 'private',
      public_path: null,
    });
    await expectApiError(await anonymous.get(`${BASE}/${collection.id}`), 404, 'not_found');
    // The released short handle is free for another collection.
    const other = await created(who.other!, { name: 'Other' });
    const taken = await published(who.other!, other.id, {
      slug: 'other',
      owner_handle: who.other!.user.username,
      vanity_handle: 'ustavni-pravo',
      is_public: true,
    });
    expect(taken.vanity_handle).toBe('ustavni-pravo');
  });

  it('answers owner_handle_mismatch, slug_taken per owner, vanity_handle_taken over all collections', async () => {
    const owner = who.owner!;
    const handle = owner.user.username;
    const first = await created(owner, { name: 'First', slug: 'first-set' });
    const second = await created(owner, { name: 'Second', slug: 'second-set' });
    const body = { slug: 'second-set', owner_handle: handle, is_public: true };

    const mismatch = await expectApiError(
      await publish(owner, second.id, { ...body, owner_handle: who.other!.user.username }),
      400,
      'owner_handle_mismatch',
    );
    expect(mismatch.field).toBe('owner_handle');
    await expectApiError(
      await publish(owner, second.id, { ...body, owner_handle: 'no-such-owner' }),
      400,
      'owner_handle_mismatch',
    );

    const slugTaken = await expectApiError(
      await publish(owner, second.id, { ...body, slug: 'first-set' }),
      409,
      'slug_taken',
    );
    expect(slugTaken.field).toBe('slug');
    // Another owner may use the same slug.
    const elsewhere = await created(who.other!, { name: 'Elsewhere' });
    expect(
      (
        await published(who.other!, elsewhere.id, {
          slug: 'first-set',
          owner_handle: who.other!.user.username,
          vanity_handle: 'first-short',
          is_public: true,
        })
      ).public_path,
    ).toBe(`/u/${who.other!.user.username}/first-set`);

    const vanityTaken = await expectApiError(
      await publish(owner, first.id, { ...body, slug: 'first-set', vanity_handle: 'first-short' }),
      409,
      'vanity_handle_taken',
    );
    expect(vanityTaken.field).toBe('vanity_handle');
    // Nothing of the refused publish was kept.
    const unchanged = await json(await status(await owner.session.get(`${BASE}/${first.id}`), 200), Collection);
    expect(unchanged).toMatchObject({ slug: 'first-set', vanity_handle: null, visibility: 'private' });

    // Short handles live apart from user handles (/u/{handle}); reserved words and server paths are refused.
    const ownHandle = await published(owner, first.id, {
      slug: 'first-set',
      owner_handle: handle,
      vanity_handle: who.other!.user.username,
      is_public: true,
    });
    expect(ownHandle.vanity_handle).toBe(who.other!.user.username);
    for (const reserved of ['collections', 'documents', 'api', 'assets', 'healthz', 'x', 'no spaces']) {
      const refused = await expectApiError(
        await publish(owner, second.id, { ...body, vanity_handle: reserved }),
        400,
        'validation_failed',
      );
      expect(refused.field, reserved).toBe('vanity_handle');
    }
    for (const slug of ['settings', '-dash', 'a']) {
      const refused = await expectApiError(
        await publish(owner, second.id, { ...body, slug }),
        400,
        'validation_failed',
      );
      expect(refused.field, slug).toBe('slug');
    }
  });

  it('lets managers publish an organization’s collection under its slug; others get 403, 404 or 401', async () => {
    const org = await json(
      await status(await who.orgOwner!.session.post('/v1/orgs', { name: 'Publishing org', slug: 'pub-org' }), 200),
      Org,
    );
    for (const [account, role] of [
      [who.orgAdmin!, 'admin'],
      [who.orgMember!, 'member'],
    ] as const) {
      await status(await addOrgMember(who.orgOwner!, 'pub-org', account, role), 200);
    }
    const collection = await created(who.orgOwner!, {
      name: 'Org set',
      owner_type: 'org',
      organization_id: org.id,
    });
    const url = `${BASE}/${collection.id}/maintainers`;
    await status(
      await who.orgOwner!.session.post(url, { maintainer_type: 'user', maintainer_id: who.maintainer!.user.id }),
      201,
    );
    await status(
      await who.maintainer!.session.post(`${url}/${who.maintainer!.user.id}/accept?maintainer_type=user`, {}),
      200,
    );
    const body = { slug: 'org-set', owner_handle: 'pub-org', is_public: false };

    await expectApiError(
      await publish(who.orgAdmin!, collection.id, { ...body, owner_handle: who.orgAdmin!.user.username }),
      400,
      'owner_handle_mismatch',
    );
    await expectApiError(await publish(who.maintainer!, collection.id, body), 403, 'forbidden');
    await expectApiError(await publish(who.orgMember!, collection.id, body), 404, 'not_found');
    await expectApiError(await publish(who.stranger!, collection.id, body), 404, 'not_found');
    await expectApiError(await publish({ session: anonymous }, collection.id, body), 401, 'not_authenticated');
    await expectApiError(await who.maintainer!.session.delete(`${BASE}/${collection.id}/publish`), 403, 'forbidden');
    await expectApiError(await anonymous.delete(`${BASE}/${collection.id}/publish`), 401, 'not_authenticated');

    // Shared with the team: is_public false keeps `team`; true makes it public; unpublishing makes it private.
    await status(await who.orgOwner!.session.patch(`${BASE}/${collection.id}`, { visibility: 'team' }), 200);
    const team = await published(who.orgAdmin!, collection.id, body);
    expect(team).toMatchObject({ slug: 'org-set', visibility: 'team', public_path: null });
    await expectApiError(await publish(who.orgMember!, collection.id, body), 403, 'forbidden');
    const pub = await published(who.orgAdmin!, collection.id, { ...body, is_public: true });
    expect(pub).toMatchObject({ visibility: 'public', public_path: '/org/pub-org/org-set', owner_type: 'org' });
    const back = await published(who.orgAdmin!, collection.id, body);
    expect(back.visibility).toBe('private');
    await published(who.orgAdmin!, collection.id, { ...body, is_public: true });
    const unpublished = await json(
      await status(await who.orgOwner!.session.delete(`${BASE}/${collection.id}/publish`), 200),
      Collection,
    );
    expect(unpublished.visibility).toBe('private');
  });

  it('answers bad publish bodies with 4xx, never 5xx', async () => {
    const owner = who.owner!;
    const collection = await created(owner, { name: 'Fuzzed publish' });
    const weird = ['', 'x', '\u0000', "'; DROP TABLE collections; --", 'ž'.repeat(300), 'ÚSTAVA', null, 1, true, {}];
    const calls: (() => Promise<Response>)[] = [];
    for (const value of weird) {
      calls.push(
        () =>
          publish(owner, collection.id, { slug: value, owner_handle: value, vanity_handle: value, is_public: value }),
        () =>
          publish(owner, collection.id, {
            slug: 'ok-slug',
            owner_handle: owner.user.username,
            vanity_handle: value,
            is_public: true,
          }),
        () => publish(owner, collection.id, { slug: 'ok-slug', owner_handle: value, is_public: true }),
        () => publish(owner, encodeURIComponent(String(value)), { slug: 'ok', owner_handle: 'x', is_public: true }),
        () => owner.session.delete(`${BASE}/${encodeURIComponent(String(value))}/publish`),
      );
    }
    calls.push(
      () => publish(owner, collection.id, '{"slug":'),
      () => publish(owner, collection.id, [1, 2]),
    );
    for (const call of calls) {
      const response = await call();
      expect(response.status, `${response.url}: ${await response.clone().text()}`).toBeGreaterThanOrEqual(200);
      expect(response.status, `${response.url}: ${await response.text()}`).toBeLessThan(500);
    }
  });
});
