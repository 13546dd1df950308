// The reverse lookup GET /v1/legal/documents/{id}/collections over HTTP on PGlite and (with
// DATABASE_URL) PostgreSQL: public_count counts public collections only; the items are the public
// ones plus those the caller may read, public first, then by name, at most 50; 404 for an unknown
// document, 400 for an id that is no UUID, never a 5xx.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collection, DocumentCollections } from '../../src/api/contract/collections.js';
import { Org } from '../../src/api/contract/orgs.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { addOrgMember, registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020, actVersion2024, bilingualAct } from '../support/fixture-documents.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const ACT = documentIdFor(actVersion2020.externalId);
const EU_ACT = documentIdFor(bilingualAct.externalId);
/** A document no collection holds. */
const LONELY_ACT = { ...bilingualAct, externalId: '32099R0002' };
const LONELY = documentIdFor(LONELY_ACT.externalId);
const MISSING = '00000000-0000-4000-8000-000000000000';
const lookup = (documentId: string) => `/v1/legal/documents/${documentId}/collections`;

describe.each(ENGINES)('collections holding a document (%s)', (engine) => {
  let server: TestServer;
  let anonymous: HttpSession;
  const who: Record<string, TestAccount> = {};
  const ids: Record<string, string> = {};

  const ok = async (response: Response, expected = 200) => {
    expect(response.status, await response.clone().text()).toBe(expected);
    return response;
  };
  const setVisibility = (id: string, visibility: string) =>
    server.database.db.execute(sql`UPDATE collections SET visibility = ${visibility} WHERE id = ${id}`);

  /** A collection holding `documents`, at `visibility` (set directly: publishing is its own call). */
  async function collection(
    account: TestAccount,
    name: string,
    visibility: string,
    documents: string[],
    organizationId?: string,
  ) {
    const body = { name, owner_type: organizationId ? 'org' : 'user', organization_id: organizationId };
    const created = await json(await ok(await account.session.post('/v1/legal/collections', body), 201), Collection);
    for (const document_id of documents) {
      await ok(await account.session.post(`/v1/legal/collections/${created.id}/documents`, { document_id }), 201);
    }
    await setVisibility(created.id, visibility);
    ids[name] = created.id;
    return created.id;
  }

  const lookUp = async (session: HttpSession, documentId = ACT) => {
    const response = await ok(await session.get(lookup(documentId)));
    return { response, body: await json(response, DocumentCollections) };
  };
  const names = (body: DocumentCollections) => body.items.map((item) => item.name);

  beforeAll(async () => {
    server = await startTestServer(engine);
    anonymous = new HttpSession(server.url);
    for (const name of ['owner', 'orgOwner', 'orgMember', 'maintUser', 'stranger']) {
      who[name] = await registerAndLogin(server, { first_name: name, last_name: 'Reverse' });
    }
    for (const act of [actVersion2020, actVersion2024, bilingualAct, LONELY_ACT]) {
      await storeVersion(server.database.db, act, `fixture-${act.externalId}`);
    }
    const org = await json(
      await ok(await who.orgOwner!.session.post('/v1/orgs', { name: 'Reverse org', slug: 'reverse-org' })),
      Org,
    );
    await ok(await addOrgMember(who.orgOwner!, 'reverse-org', who.orgMember!, 'member'));

    await collection(who.owner!, 'Zeta public', 'public', [ACT]);
    await collection(who.orgOwner!, 'Alpha public', 'public', [ACT, EU_ACT], org.id);
    const priv = await collection(who.owner!, 'Beta private', 'private', [ACT]);
    await collection(who.orgOwner!, 'Gamma team', 'team', [ACT], org.id);
    await collection(who.owner!, 'Delta public elsewhere', 'public', [EU_ACT]);
    // The maintainer accepts the invitation: only then may they read the private collection.
    const maintainers = `/v1/legal/collections/${priv}/maintainers`;
    await ok(
      await who.owner!.session.post(maintainers, {
        maintainer_type: 'user',
        maintainer_id: who.maintUser!.user.username,
      }),
      201,
    );
    await ok(
      await who.maintUser!.session.post(`${maintainers}/${who.maintUser!.user.id}/accept?maintainer_type=user`, {}),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts only public collections and lists them alone, public first by name, to anonymous callers and strangers', async () => {
    for (const session of [anonymous, who.stranger!.session]) {
      const { body } = await lookUp(session);
      expect(body.public_count).toBe(2);
      expect(names(body)).toEqual(['Alpha public', 'Zeta public']);
      expect(body.items.every((item) => item.role === 'reader' && item.visibility === 'public')).toBe(true);
      expect(body.items[0]).toMatchObject({
        id: ids['Alpha public'],
        owner_type: 'org',
        owner_handle: 'reverse-org',
        public_path: '/org/reverse-org/alpha-public',
      });
    }
    const raw = await (await anonymous.get(lookup(ACT))).text();
    expect(raw).not.toContain('Beta private');
    expect(raw).not.toContain('Gamma team');
  });

  it('adds the collections the caller may read, after the public ones, with their role', async () => {
    const cases: [string, string[], string][] = [
      ['owner', ['Alpha public', 'Zeta public', 'Beta private'], 'owner'],
      ['maintUser', ['Alpha public', 'Zeta public', 'Beta private'], 'maintainer'],
      ['orgMember', ['Alpha public', 'Zeta public', 'Gamma team'], 'reader'],
      ['orgOwner', ['Alpha public', 'Zeta public', 'Gamma team'], 'owner'],
    ];
    for (const [name, expected, lastRole] of cases) {
      const { body } = await lookUp(who[name]!.session);
      // The count is the same for everyone: private and team collections never raise it.
      expect(body.public_count, name).toBe(2);
      expect(names(body), name).toEqual(expected);
      expect(body.items.at(-1)!.role, name).toBe(lastRole);
    }
  });

  it('answers no-store to a logged-in caller and no-cache to an anonymous one', async () => {
    const mine = (await lookUp(who.owner!.session)).response;
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const theirs = (await lookUp(anonymous)).response;
    expect(theirs.headers.get('cache-control')).toBe('no-cache');
    expect(theirs.headers.get('vary')).toMatch(/cookie/i);
  });

  it('follows visibility and removal at once', async () => {
    await setVisibility(ids['Beta private']!, 'public');
    try {
      const { body } = await lookUp(anonymous);
      expect(body.public_count).toBe(3);
      expect(names(body)).toEqual(['Alpha public', 'Beta private', 'Zeta public']);
    } finally {
      await setVisibility(ids['Beta private']!, 'private');
    }
    await ok(await who.owner!.session.delete(`/v1/legal/collections/${ids['Zeta public']}/documents/${ACT}`));
    try {
      const { body } = await lookUp(anonymous);
      expect(body).toMatchObject({ public_count: 1 });
      expect(names(body)).toEqual(['Alpha public']);
    } finally {
      await ok(
        await who.owner!.session.post(`/v1/legal/collections/${ids['Zeta public']}/documents`, { document_id: ACT }),
        201,
      );
    }
  });

  it('answers an empty list for a document no collection holds, and 404 for an unknown one', async () => {
    expect((await lookUp(who.owner!.session, LONELY)).body).toEqual({ public_count: 0, items: [] });
    for (const session of [anonymous, who.owner!.session]) {
      await expectApiError(await session.get(lookup(MISSING)), 404, 'not_found');
      await expectApiError(await session.get(lookup(randomUUID())), 404, 'not_found');
    }
  });

  it('lists at most 50, public ones first, while counting them all', async () => {
    const owner = who.stranger!.user.id;
    await server.database.db.transaction(async (tx) => {
      for (let n = 1; n <= 55; n += 1) {
        const id = randomUUID();
        const label = String(n).padStart(2, '0');
        await tx.execute(
          sql`INSERT INTO collections (id, owner_user_id, name, slug, visibility)
              VALUES (${id}, ${owner}, ${`Bulk ${label}`}, ${`bulk-${label}`}, 'public')`,
        );
        await tx.execute(
          sql`INSERT INTO collection_items (collection_id, document_id, position) VALUES (${id}, ${EU_ACT}, 1)`,
        );
      }
    });
    const { body } = await lookUp(who.owner!.session, EU_ACT);
    expect(body.public_count).toBe(57);
    expect(body.items).toHaveLength(50);
    expect(names(body).slice(0, 3)).toEqual(['Alpha public', 'Bulk 01', 'Bulk 02']);
    expect(body.items.every((item) => item.visibility === 'public')).toBe(true);
  });

  it('filters in SQL before the limit: 50 unreadable collections do not hide a readable one', async () => {
    // Strangers' private collections sort before the caller's own; reading 50 rows and filtering
    // afterwards would leave the caller's out.
    const stranger = who.stranger!.user.id;
    await server.database.db.transaction(async (tx) => {
      for (let n = 1; n <= 52; n += 1) {
        const id = randomUUID();
        const label = String(n).padStart(2, '0');
        await tx.execute(
          sql`INSERT INTO collections (id, owner_user_id, name, slug, visibility)
              VALUES (${id}, ${stranger}, ${`Hidden ${label}`}, ${`hidden-${label}`}, 'private')`,
        );
        await tx.execute(
          sql`INSERT INTO collection_items (collection_id, document_id, position) VALUES (${id}, ${LONELY}, 1)`,
        );
      }
    });
    const mine = await collection(who.owner!, 'Zz mine', 'private', [LONELY]);
    try {
      expect((await lookUp(who.owner!.session, LONELY)).body).toMatchObject({
        public_count: 0,
        items: [{ id: mine, role: 'owner' }],
      });
      expect((await lookUp(who.stranger!.session, LONELY)).body.items).toHaveLength(50);
      expect((await lookUp(anonymous, LONELY)).body).toEqual({ public_count: 0, items: [] });
    } finally {
      await server.database.db.execute(sql`DELETE FROM collections WHERE name LIKE 'Hidden %' OR id = ${mine}`);
    }
  });

  it('answers 400 validation_failed naming the id when it is no UUID, and never a 5xx to fuzzed ids', async () => {
    // Clearly no UUID: 400 naming the field.
    const notUuids = [
      'x',
      '1',
      '-1',
      'null',
      '1e999',
      '%00',
      "1'%20OR%20'1'%3D'1",
      encodeURIComponent("'; DROP TABLE collections; --"),
      MISSING.slice(0, 35),
      `${MISSING}0`,
      MISSING.replace(/-/g, ''),
      MISSING.replace('0', 'g'),
    ];
    for (const session of [anonymous, who.owner!.session]) {
      for (const value of notUuids) {
        const body = await expectApiError(await session.get(lookup(value)), 400, 'validation_failed');
        expect(body.field, value).toBe('id');
      }
    }
    // Anything else (too long for the router, odd characters): a 4xx, never a 5xx.
    const weird = [encodeURIComponent('ž'.repeat(300)), 'a'.repeat(5000), '%2F..%2F..', '%E0%A4%A'];
    // A seeded generator: the same strings on every run, so a failure repeats.
    let seed = 10;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 40; n += 1) {
      const length = 1 + (next() % 60);
      weird.push(encodeURIComponent(String.fromCharCode(...Array.from({ length }, () => 1 + (next() % 0x2fff)))));
    }
    for (const session of [anonymous, who.owner!.session]) {
      for (const value of weird) {
        const response = await session.get(lookup(value));
        expect(response.status, `${value}: ${await response.clone().text()}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${value}: ${await response.clone().text()}`).toBeLessThan(500);
        expect((await response.json()) as unknown, value).toHaveProperty('detail');
      }
      // Query strings are ignored, whatever they hold (but NUL, refused before any route: issue 15, L1).
      const extra = await session.get(`${lookup(ACT)}?limit=-1&cursor=%01&item=${'x'.repeat(300)}`);
      expect(extra.status).toBe(200);
      expect((await session.get(`${lookup(ACT)}?cursor=%00`)).status).toBe(400);
    }
  });
});
