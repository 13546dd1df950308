// Collections over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: create/list/get/patch/delete,
// items with date pins, maintainers, the visibility matrix over every read path and write, quotas,
// concurrent adds, and bad input answering 4xx, never 5xx.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Collection,
  CollectionItem,
  CollectionItemPage,
  CollectionInvitationList,
  CollectionList,
  CollectionMaintainerList,
} from '../../src/api/contract/collections.js';
import { Org } from '../../src/api/contract/orgs.js';
import { sqlRows } from '../../server/db/sql.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { addOrgMember, registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020, actVersion2024, bilingualAct } from '../support/fixture-documents.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const BASE = '/v1/legal/collections';
const ACT = documentIdFor(actVersion2020.externalId);
const EU_ACT = documentIdFor(bilingualAct.externalId);
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(ENGINES)('collections (%s)', (engine) => {
  let server: TestServer;
  let anonymous: HttpSession;
  const who: Record<string, TestAccount> = {};

  beforeAll(async () => {
    server = await startTestServer(engine, {
      collectionQuotas: { itemsPerCollection: 3, maintainersPerCollection: 2, openInvitationsPerInvitee: 3 },
    });
    anonymous = new HttpSession(server.url);
    for (const name of ['owner', 'orgOwner', 'orgAdmin', 'orgMember', 'maintUser', 'maintOrgMember', 'stranger']) {
      who[name] = await registerAndLogin(server, { first_name: name, last_name: 'Test' });
    }
    for (const act of [actVersion2020, actVersion2024, bilingualAct]) {
      await storeVersion(server.database.db, act, `fixture-${act.externalId}`);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const status = async (response: Response, expected: number) => {
    expect(response.status, await response.clone().text()).toBe(expected);
    return response;
  };
  const create = (account: TestAccount, body: Record<string, unknown>) => account.session.post(BASE, body);
  const created = async (account: TestAccount, body: Record<string, unknown>) =>
    json(await status(await create(account, { owner_type: 'user', ...body }), 201), Collection);
  const setVisibility = (id: string, visibility: string) =>
    server.database.db.execute(sql`UPDATE collections SET visibility = ${visibility} WHERE id = ${id}`);

  async function org(slug: string, owner: TestAccount, members: [TestAccount, string][]) {
    await status(await owner.session.post('/v1/orgs', { name: `Org ${slug}`, slug }), 200);
    let result: Org | undefined;
    for (const [member, role] of members) {
      const response = await addOrgMember(owner, slug, member, role);
      result = await json(await status(response, 200), Org);
    }
    return result!;
  }

  it('creates with slugs from the name (-2, -3), rejects a taken one, reads, renames and deletes', async () => {
    const owner = who.owner!;
    const first = await created(owner, { name: '  Zákony o <b>zkoušce</b> ', description: 'Pro kurz' });
    expect(first).toMatchObject({
      name: 'Zákony o <b>zkoušce</b>',
      slug: 'zakony-o-b-zkousce-b',
      description: 'Pro kurz',
      owner_type: 'user',
      owner_handle: owner.user.username,
      visibility: 'private',
      vanity_handle: null,
      role: 'owner',
      document_count: 0,
      public_path: null,
      documents: [],
    });
    expect((await created(owner, { name: 'Zákony o <b>zkoušce</b>' })).slug).toBe('zakony-o-b-zkousce-b-2');
    expect((await created(owner, { name: 'Zákony o <b>zkoušce</b>' })).slug).toBe('zakony-o-b-zkousce-b-3');
    expect((await created(owner, { name: '§' })).slug).toBe('collection');
    await expectApiError(await create(owner, { name: 'X', owner_type: 'user', slug: 'Collection' }), 409, 'slug_taken');

    const got = await json(await status(await owner.session.get(`${BASE}/${first.id}`), 200), Collection);
    expect(got).toEqual(first);

    const patch = (body: Record<string, unknown>) => owner.session.patch(`${BASE}/${first.id}`, body);
    const renamed = await json(
      await status(await patch({ name: 'Zkouška', slug: 'zkouska', description: null }), 200),
      Collection,
    );
    expect(renamed).toMatchObject({ name: 'Zkouška', slug: 'zkouska', description: null });
    await expectApiError(await patch({ slug: 'collection' }), 409, 'slug_taken');
    await expectApiError(await patch({ visibility: 'team' }), 400, 'team_needs_org_owner');
    const invalid = await expectApiError(await patch({ visibility: 'secret' }), 400, 'validation_failed');
    expect(invalid.field).toBe('visibility');

    const deleted = await status(await owner.session.delete(`${BASE}/${first.id}`), 204);
    expect(await deleted.text()).toBe('');
    await expectApiError(await owner.session.get(`${BASE}/${first.id}`), 404, 'not_found');
  });

  it('lets only owners and admins of an organization create its collections', async () => {
    const o = await org('coll-create', who.orgOwner!, [
      [who.orgAdmin!, 'admin'],
      [who.orgMember!, 'member'],
    ]);
    const body = { name: 'Org set', owner_type: 'org', organization_id: o.id };
    const mine = await created(who.orgAdmin!, body);
    expect(mine).toMatchObject({ owner_type: 'org', owner_handle: 'coll-create', role: 'owner' });
    await expectApiError(await create(who.orgMember!, body), 403, 'forbidden');
    await expectApiError(await create(who.stranger!, body), 403, 'forbidden');
    await expectApiError(await create(who.owner!, { ...body, organization_id: MISSING }), 404, 'not_found');
    const missing = await expectApiError(
      await create(who.owner!, { name: 'x', owner_type: 'org' }),
      400,
      'validation_failed',
    );
    expect(missing.field).toBe('organization_id');
    await expectApiError(await anonymous.post(BASE, body), 401, 'not_authenticated');
  });

  it('orders items, pins them to a date, moves and removes them', async () => {
    const owner = who.owner!;
    const collection = await created(owner, { name: 'Pins' });
    const items = `${BASE}/${collection.id}/documents`;
    const branches = await sqlRows<{ id: string; name: string; valid_from: string }>(
      server.database.db,
      sql`SELECT id, name, to_char(valid_from, 'YYYY-MM-DD') AS valid_from FROM branches
          WHERE document_id = ${ACT} ORDER BY valid_from`,
    );
    expect(branches.length).toBeGreaterThanOrEqual(2);
    const in2021 = branches.filter((b) => b.valid_from <= '2021-01-01').at(-1)!;

    const pinned = await json(
      await status(
        await owner.session.post(items, { document_id: ACT, note: ' Znění 2021 ', as_of: '2021-01-01' }),
        201,
      ),
      CollectionItem,
    );
    expect(pinned).toMatchObject({
      document_id: ACT,
      external_id: '99/2020 Sb.',
      metadata: { title: actVersion2020.metadata.title },
      position: 1,
      note: 'Znění 2021',
      as_of: '2021-01-01',
      branch_id: in2021.id,
      branch_name: in2021.name,
    });
    expect(in2021.name).not.toBe('main');
    await expectApiError(await owner.session.post(items, { document_id: ACT }), 409, 'already_in_collection');
    await expectApiError(await owner.session.post(items, { document_id: MISSING }), 404, 'not_found');
    await expectApiError(
      await owner.session.post(items, { document_id: EU_ACT, as_of: '1990-01-01' }),
      400,
      'no_version_on_date',
    );
    const latest = await json(
      await status(await owner.session.post(items, { document_id: EU_ACT }), 201),
      CollectionItem,
    );
    expect(latest).toMatchObject({ position: 2, as_of: null, branch_name: 'main' });

    const unpinned = await json(
      await status(await owner.session.patch(`${items}/${ACT}`, { as_of: null, position: 2 }), 200),
      CollectionItem,
    );
    expect(unpinned).toMatchObject({ position: 2, as_of: null, branch_name: 'main' });
    const firstPage = await json(await status(await owner.session.get(`${items}?limit=1`), 200), CollectionItemPage);
    expect(firstPage.items.map((i) => i.document_id)).toEqual([EU_ACT]);
    const cursor = encodeURIComponent(firstPage.next_cursor!);
    const second = await json(
      await status(await owner.session.get(`${items}?limit=1&cursor=${cursor}`), 200),
      CollectionItemPage,
    );
    expect(second).toMatchObject({ items: [{ document_id: ACT, position: 2 }], next_cursor: null });
    const one = await json(await status(await owner.session.get(`${items}/${ACT}`), 200), CollectionItem);
    expect(one).toEqual(second.items[0]);

    await status(await owner.session.delete(`${items}/${EU_ACT}`), 200);
    const after = await json(await status(await owner.session.get(items), 200), CollectionItemPage);
    expect(after.items.map((i) => [i.document_id, i.position])).toEqual([[ACT, 1]]);
    await expectApiError(await owner.session.delete(`${items}/${EU_ACT}`), 404, 'not_found');
    await expectApiError(await owner.session.get(`${items}/${EU_ACT}`), 404, 'not_found');
  });

  it('answers 201 and 409 to two concurrent adds of one document', async () => {
    const collection = await created(who.owner!, { name: 'Race' });
    const add = () => who.owner!.session.post(`${BASE}/${collection.id}/documents`, { document_id: ACT });
    const statuses = (await Promise.all([add(), add()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
  });

  it('enforces quotas, naming the limit', async () => {
    const collection = await created(who.owner!, { name: 'Full' });
    const items = `${BASE}/${collection.id}/documents`;
    for (const id of [ACT, EU_ACT]) await status(await who.owner!.session.post(items, { document_id: id }), 201);
    const third = documentIdFor('third');
    await server.database.db.execute(
      sql`INSERT INTO documents (id, external_id, external_key, metadata, search_text)
          VALUES (${third}, 'third', 'third', '{"title":"Third","source_system":"test"}'::jsonb, 'third')`,
    );
    await status(await who.owner!.session.post(items, { document_id: third }), 201);
    const over = documentIdFor('fourth');
    await server.database.db.execute(
      sql`INSERT INTO documents (id, external_id, external_key, metadata, search_text)
          VALUES (${over}, 'fourth', 'fourth', '{"title":"Fourth","source_system":"test"}'::jsonb, 'fourth')`,
    );
    const quota = await expectApiError(
      await who.owner!.session.post(items, { document_id: over }),
      409,
      'quota_exceeded',
    );
    expect(quota.message).toContain('3 documents per collection');

    const maintainers = `${BASE}/${collection.id}/maintainers`;
    for (const name of ['maintUser', 'stranger']) {
      await status(
        await who.owner!.session.post(maintainers, {
          maintainer_type: 'user',
          maintainer_id: who[name]!.user.username,
        }),
        201,
      );
    }
    const full = await who.owner!.session.post(maintainers, {
      maintainer_type: 'user',
      maintainer_id: who.orgMember!.user.id,
    });
    expect((await expectApiError(full, 409, 'quota_exceeded')).message).toContain('2 maintainers');
  });

  it('manages maintainers: never the owner, no duplicates, 404 for unknown, self-removal', async () => {
    const owner = who.owner!;
    const collection = await created(owner, { name: 'Maintained' });
    const url = `${BASE}/${collection.id}/maintainers`;
    const added = await json(
      await status(
        await owner.session.post(url, { maintainer_type: 'user', maintainer_id: who.maintUser!.user.username }),
        201,
      ),
      CollectionMaintainerList,
    );
    expect(added.items).toEqual([
      {
        maintainer_type: 'user',
        maintainer_id: who.maintUser!.user.id,
        handle: who.maintUser!.user.username,
        pending: true,
      },
    ]);
    await expectApiError(
      await owner.session.post(url, { maintainer_type: 'user', maintainer_id: who.maintUser!.user.id }),
      409,
      'already_maintainer',
    );
    await expectApiError(
      await owner.session.post(url, { maintainer_type: 'user', maintainer_id: owner.user.id }),
      409,
      'owner_is_not_maintainer',
    );
    await expectApiError(
      await owner.session.delete(`${url}/${owner.user.id}?maintainer_type=user`),
      409,
      'owner_is_not_maintainer',
    );
    await expectApiError(
      await owner.session.post(url, { maintainer_type: 'org', maintainer_id: 'no-such-org' }),
      404,
      'not_found',
    );
    await expectApiError(
      await owner.session.post(url, { maintainer_type: 'user', maintainer_id: MISSING }),
      404,
      'not_found',
    );
    await status(
      await who.maintUser!.session.post(`${url}/${who.maintUser!.user.id}/accept?maintainer_type=user`, {}),
      200,
    );
    // A reader who may not manage learns nothing about the owner rule: 403 first.
    await expectApiError(
      await who.maintUser!.session.delete(`${url}/${owner.user.id}?maintainer_type=user`),
      403,
      'forbidden',
    );
    // A maintainer may not add others, but may leave.
    await expectApiError(
      await who.maintUser!.session.post(url, { maintainer_type: 'user', maintainer_id: who.stranger!.user.id }),
      403,
      'forbidden',
    );
    const left = await json(
      await status(await who.maintUser!.session.delete(`${url}/${who.maintUser!.user.id}?maintainer_type=user`), 200),
      CollectionMaintainerList,
    );
    expect(left.items).toEqual([]);
    await expectApiError(
      await owner.session.delete(`${url}/${who.maintUser!.user.id}?maintainer_type=user`),
      404,
      'not_found',
    );
  });

  it('invites maintainers: no rights, no listing until the invited user or the org’s owners accept; the inviter cannot', async () => {
    const owner = who.owner!;
    const collection = await created(owner, { name: 'Invitations' });
    const url = `${BASE}/${collection.id}/maintainers`;
    const invitee = who.maintUser!;
    await status(await owner.session.post(url, { maintainer_type: 'user', maintainer_id: invitee.user.username }), 201);

    // Invited, not yet a maintainer: the private collection stays unreadable and unlisted.
    await expectApiError(await invitee.session.get(`${BASE}/${collection.id}`), 404, 'not_found');
    await expectApiError(
      await invitee.session.post(`${BASE}/${collection.id}/documents`, { document_id: ACT }),
      404,
      'not_found',
    );
    const mine = await json(await status(await invitee.session.get(`${BASE}?scope=mine`), 200), CollectionList);
    expect(mine.items.map((c) => c.id)).not.toContain(collection.id);
    const invitations = await json(
      await status(await invitee.session.get('/v1/legal/collection-invitations'), 200),
      CollectionInvitationList,
    );
    expect(invitations.items).toContainEqual({
      collection_id: collection.id,
      collection_name: 'Invitations',
      owner_type: 'user',
      owner_handle: owner.user.username,
      maintainer_type: 'user',
      maintainer_id: invitee.user.id,
      handle: invitee.user.username,
    });
    const accept = (account: TestAccount) =>
      account.session.post(`${url}/${invitee.user.id}/accept?maintainer_type=user`, {});
    // Only the invited user answers: the inviter cannot accept for them, a stranger learns nothing.
    await expectApiError(await accept(owner), 403, 'forbidden');
    await expectApiError(await accept(who.stranger!), 404, 'not_found');
    await expectApiError(
      await anonymous.post(`${url}/${invitee.user.id}/accept?maintainer_type=user`, {}),
      401,
      'not_authenticated',
    );

    const accepted = await json(await status(await accept(invitee), 200), CollectionMaintainerList);
    expect(accepted.items).toEqual([
      { maintainer_type: 'user', maintainer_id: invitee.user.id, handle: invitee.user.username, pending: false },
    ]);
    await status(await invitee.session.post(`${BASE}/${collection.id}/documents`, { document_id: ACT }), 201);
    const after = await json(await status(await invitee.session.get(`${BASE}?scope=mine`), 200), CollectionList);
    expect(after.items.map((c) => c.id)).toContain(collection.id);
    const none = await json(
      await status(await invitee.session.get('/v1/legal/collection-invitations'), 200),
      CollectionInvitationList,
    );
    expect(none.items.map((i) => i.collection_id)).not.toContain(collection.id);

    // An organization: its members cannot accept, its owners can; declining is removing.
    const o = await org('coll-invited', who.orgOwner!, [[who.orgMember!, 'member']]);
    await status(await owner.session.post(url, { maintainer_type: 'org', maintainer_id: 'coll-invited' }), 201);
    const orgAccept = (account: TestAccount) => account.session.post(`${url}/${o.id}/accept?maintainer_type=org`, {});
    await expectApiError(await orgAccept(who.orgMember!), 404, 'not_found');
    // Made public, the collection lists its invitation only to its managers and to whoever answers it.
    await setVisibility(collection.id, 'public');
    const seenBy = async (session: HttpSession) =>
      (await json(await status(await session.get(url), 200), CollectionMaintainerList)).items.map((m) => m.handle);
    expect(await seenBy(anonymous)).toEqual([invitee.user.username]);
    expect(await seenBy(who.stranger!.session)).toEqual([invitee.user.username]);
    expect(await seenBy(who.orgMember!.session)).toEqual([invitee.user.username]);
    expect(await seenBy(who.orgOwner!.session)).toEqual([invitee.user.username, 'coll-invited']);
    expect(await seenBy(owner.session)).toEqual([invitee.user.username, 'coll-invited']);
    await setVisibility(collection.id, 'private');
    const declined = await json(
      await status(await who.orgOwner!.session.delete(`${url}/${o.id}?maintainer_type=org`), 200),
      CollectionMaintainerList,
    );
    expect(declined.items.map((m) => m.maintainer_id)).toEqual([invitee.user.id]);
    // Adding an organization one owns needs no second step.
    const own = await created(who.orgOwner!, { name: 'Own org maintains' });
    const auto = await json(
      await status(
        await who.orgOwner!.session.post(`${BASE}/${own.id}/maintainers`, {
          maintainer_type: 'org',
          maintainer_id: 'coll-invited',
        }),
        201,
      ),
      CollectionMaintainerList,
    );
    expect(auto.items).toEqual([
      { maintainer_type: 'org', maintainer_id: o.id, handle: 'coll-invited', pending: false },
    ]);
  });

  it('limits open invitations from one owner to one user; answering one makes room', async () => {
    const invitee = who.orgMember!;
    const invite = async (name: string) => {
      const c = await created(who.owner!, { name });
      const response = await who.owner!.session.post(`${BASE}/${c.id}/maintainers`, {
        maintainer_type: 'user',
        maintainer_id: invitee.user.username,
      });
      return { c, response };
    };
    const first = await invite('Spam 1');
    for (const name of ['Spam 2', 'Spam 3']) await status((await invite(name)).response, 201);
    const over = await expectApiError((await invite('Spam 4')).response, 409, 'quota_exceeded');
    expect(over.message).toContain('3 open invitations');
    await status(
      await invitee.session.post(
        `${BASE}/${first.c.id}/maintainers/${invitee.user.id}/accept?maintainer_type=user`,
        {},
      ),
      200,
    );
    await status((await invite('Spam 5')).response, 201);
  });

  describe('the visibility matrix', () => {
    type Row = { name: string; session: () => HttpSession; read: string[]; edit: string[]; manage: string[] };
    const all = ['private', 'team', 'public'];
    const rows: Row[] = [
      { name: 'anonymous', session: () => anonymous, read: ['public'], edit: [], manage: [] },
      { name: 'orgOwner', session: () => who.orgOwner!.session, read: all, edit: all, manage: all },
      { name: 'orgAdmin', session: () => who.orgAdmin!.session, read: all, edit: all, manage: all },
      { name: 'orgMember', session: () => who.orgMember!.session, read: ['team', 'public'], edit: [], manage: [] },
      { name: 'maintUser', session: () => who.maintUser!.session, read: all, edit: all, manage: [] },
      { name: 'maintOrgMember', session: () => who.maintOrgMember!.session, read: all, edit: all, manage: [] },
      { name: 'stranger', session: () => who.stranger!.session, read: ['public'], edit: [], manage: [] },
    ];
    const ids: Record<string, string> = {};
    let orgId = '';

    beforeAll(async () => {
      const owning = await org('matrix-owner', who.orgOwner!, [
        [who.orgAdmin!, 'admin'],
        [who.orgMember!, 'member'],
      ]);
      orgId = owning.id;
      await org('matrix-maint', who.stranger!, [[who.maintOrgMember!, 'member']]);
      // The stranger owns the maintainer org but is no member of it for this test: leave it to its member.
      await status(
        await who.stranger!.session.patch(`/v1/orgs/matrix-maint/members/${who.maintOrgMember!.user.username}`, {
          role: 'owner',
        }),
        200,
      );
      await status(
        await who.stranger!.session.delete(`/v1/orgs/matrix-maint/members/${who.stranger!.user.username}`),
        200,
      );
      for (const visibility of all) {
        const c = await created(who.orgOwner!, {
          name: `Matrix ${visibility}`,
          owner_type: 'org',
          organization_id: orgId,
        });
        ids[visibility] = c.id;
        const url = `${BASE}/${c.id}/maintainers`;
        await status(
          await who.orgOwner!.session.post(url, { maintainer_type: 'user', maintainer_id: who.maintUser!.user.id }),
          201,
        );
        await status(
          await who.orgOwner!.session.post(url, { maintainer_type: 'org', maintainer_id: 'matrix-maint' }),
          201,
        );
        // Invitations: the user accepts for themselves, the maintainer org's owner for it.
        await status(
          await who.maintUser!.session.post(`${url}/${who.maintUser!.user.id}/accept?maintainer_type=user`, {}),
          200,
        );
        const maintOrg = (
          await json(await status(await who.orgOwner!.session.get(url), 200), CollectionMaintainerList)
        ).items.find((m) => m.maintainer_type === 'org')!;
        await status(
          await who.maintOrgMember!.session.post(`${url}/${maintOrg.maintainer_id}/accept?maintainer_type=org`, {}),
          200,
        );
        await status(await who.orgOwner!.session.post(`${BASE}/${c.id}/documents`, { document_id: ACT }), 201);
        await setVisibility(c.id, visibility);
      }
    });

    it.each(rows)('$name: read paths answer 200 or the same 404 as a missing id', async (row) => {
      const missing = await (await row.session().get(`${BASE}/${MISSING}`)).text();
      for (const visibility of all) {
        const id = ids[visibility]!;
        const readable = row.read.includes(visibility);
        for (const path of [
          `${BASE}/${id}`,
          `${BASE}/${id}/documents`,
          `${BASE}/${id}/documents/${ACT}`,
          `${BASE}/${id}/maintainers`,
        ]) {
          const response = await row.session().get(path);
          if (readable) await status(response, 200);
          else {
            await expectApiError(response.clone(), 404, 'not_found');
            if (path === `${BASE}/${id}`) expect(await response.text()).toBe(missing);
          }
        }
        const list = await json(
          await status(await row.session().get(`${BASE}?scope=all&q=Matrix`), 200),
          CollectionList,
        );
        expect(
          list.items.some((c) => c.id === id),
          `list all ${visibility}`,
        ).toBe(readable);
      }
    });

    it.each(rows)('$name: item writes and management answer per role (403 reader, 404 non-reader)', async (row) => {
      for (const visibility of all) {
        const id = ids[visibility]!;
        const notAllowed = row.read.includes(visibility) ? [403, 'forbidden'] : [404, 'not_found'];
        const edit = await row.session().patch(`${BASE}/${id}/documents/${ACT}`, { note: `by ${row.name}` });
        if (row.name === 'anonymous') await expectApiError(edit, 401, 'not_authenticated');
        else if (row.edit.includes(visibility)) await status(edit, 200);
        else await expectApiError(edit, notAllowed[0] as number, notAllowed[1] as string);

        const manage = await row.session().patch(`${BASE}/${id}`, { description: `by ${row.name}` });
        if (row.name === 'anonymous') await expectApiError(manage, 401, 'not_authenticated');
        else if (row.manage.includes(visibility)) await status(manage, 200);
        else await expectApiError(manage, notAllowed[0] as number, notAllowed[1] as string);
      }
    });

    it('lists mine (401 anonymous) and team (400 without an organization, 403 for a non-member)', async () => {
      await expectApiError(await anonymous.get(`${BASE}?scope=mine`), 401, 'not_authenticated');
      const mine = await json(
        await status(await who.maintUser!.session.get(`${BASE}?scope=mine&q=Matrix`), 200),
        CollectionList,
      );
      expect(mine.items.map((c) => c.id).sort()).toEqual(Object.values(ids).sort());
      expect(mine.items.every((c) => c.role === 'maintainer')).toBe(true);

      const missing = await expectApiError(
        await who.orgMember!.session.get(`${BASE}?scope=team`),
        400,
        'validation_failed',
      );
      expect(missing.field).toBe('organization_id');
      await expectApiError(
        await who.stranger!.session.get(`${BASE}?scope=team&organization_id=${orgId}`),
        403,
        'forbidden',
      );
      const team = await json(
        await status(await who.orgMember!.session.get(`${BASE}?scope=team&organization_id=${orgId}`), 200),
        CollectionList,
      );
      expect(team.items.map((c) => c.id).sort()).toEqual([ids.team, ids.public].sort());
      const admins = await json(
        await status(await who.orgAdmin!.session.get(`${BASE}?scope=team&organization_id=${orgId}&limit=2`), 200),
        CollectionList,
      );
      expect(admins.items).toHaveLength(2);
      const rest = await json(
        await status(
          await who.orgAdmin!.session.get(
            `${BASE}?scope=team&organization_id=${orgId}&limit=2&cursor=${encodeURIComponent(admins.next_cursor!)}`,
          ),
          200,
        ),
        CollectionList,
      );
      expect([...admins.items, ...rest.items].map((c) => c.id).sort()).toEqual(Object.values(ids).sort());
      expect(rest.next_cursor).toBeNull();
      const directory = await json(await status(await anonymous.get(`${BASE}?q=matrix`), 200), CollectionList);
      expect(directory.items.map((c) => c.id)).toEqual([ids.public]);
      expect(directory.items[0]!.public_path).toBe(`/org/matrix-owner/${directory.items[0]!.slug}`);
    });
  });

  it('answers bad parameters and bodies with 4xx, never 5xx', async () => {
    const owner = who.owner!;
    const collection = await created(owner, { name: 'Fuzz' });
    const weird = ['', 'x', '\u0000', '%00', "'; DROP TABLE collections; --", 'ž'.repeat(300), '-1', '1e999', MISSING];
    const calls: (() => Promise<Response>)[] = [];
    for (const value of weird) {
      const v = encodeURIComponent(value);
      calls.push(
        () => owner.session.get(`${BASE}/${v}`),
        () => owner.session.get(`${BASE}?scope=${v}`),
        () => owner.session.get(`${BASE}?cursor=${v}`),
        () => owner.session.get(`${BASE}?q=${v}`),
        () => owner.session.get(`${BASE}?scope=team&organization_id=${v}`),
        () => owner.session.get(`${BASE}/${collection.id}/documents?cursor=${v}&limit=${v}`),
        () => owner.session.post(BASE, { name: value, owner_type: 'user', slug: value }),
        () => owner.session.patch(`${BASE}/${collection.id}`, { name: value, visibility: value }),
        () =>
          owner.session.post(`${BASE}/${collection.id}/documents`, { document_id: value, as_of: value, note: value }),
        () => owner.session.patch(`${BASE}/${collection.id}/documents/${v}`, { position: value }),
        () =>
          owner.session.post(`${BASE}/${collection.id}/maintainers`, { maintainer_type: 'org', maintainer_id: value }),
        () => owner.session.delete(`${BASE}/${collection.id}/maintainers/${v}?maintainer_type=${v}`),
      );
    }
    calls.push(
      () => owner.session.get(`${BASE}?cursor=${Buffer.from('[1]').toString('base64url')}`),
      () => owner.session.get(`${BASE}?cursor=${Buffer.from('["a\\u0000","b"]').toString('base64url')}`),
      () => owner.session.get(`${BASE}?cursor=${Buffer.from('["a","not-a-uuid"]').toString('base64url')}`),
      () => owner.session.post(BASE, '{"name":'),
      () => owner.session.post(BASE, [1, 2]),
      // Found by the security review: a forged items cursor past PostgreSQL's integer, year 0000.
      () =>
        owner.session.get(
          `${BASE}/${collection.id}/documents?cursor=${Buffer.from(`[3000000000,"${MISSING}"]`).toString('base64url')}`,
        ),
      () => owner.session.post(`${BASE}/${collection.id}/documents`, { document_id: MISSING, as_of: '0000-01-01' }),
    );
    for (const call of calls) {
      const response = await call();
      expect(response.status, `${response.url}: ${await response.clone().text()}`).toBeGreaterThanOrEqual(200);
      expect(response.status, `${response.url}: ${await response.text()}`).toBeLessThan(500);
    }
  });
});
