// /v1/memory over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: listing and searching with
// counts, one entity with observations, relations both ways and linked provisions, the writes,
// isolation between owners, an organization's roles, the quota, and bad input that never 500s.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryEntityDetail,
  MemoryEntityList,
  MemoryEntitySummary,
  MemoryRelation,
} from '../../src/api/contract/memory.js';
import { Org } from '../../src/api/contract/orgs.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { MEMORY_LIMITS } from '../../server/memory/limits.js';
import { linkProvision } from '../../server/memory/store.js';
import { addOrgMember, registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020 } from '../support/fixture-documents.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const ACT = documentIdFor(actVersion2020.externalId);

describe.each(ENGINES)('memory API (%s)', (engine) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let orgId: string;
  let orgQuery: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    alice = await registerAndLogin(server, { first_name: 'Alice', last_name: 'Memory' });
    bob = await registerAndLogin(server, { first_name: 'Bob', last_name: 'Memory' });
    carol = await registerAndLogin(server, { first_name: 'Carol', last_name: 'Memory' });
    await storeVersion(server.database.db, actVersion2020, 'fixture-act');
    const slug = `mem-${Date.now().toString(36)}`;
    const org = Org.parse(await (await alice.session.post('/v1/orgs', { name: 'Memory Org', slug })).json());
    orgId = org.id;
    orgQuery = `?owner_type=organization&organization_id=${orgId}`;
    await addOrgMember(alice, slug, bob, 'admin');
    await addOrgMember(alice, slug, carol, 'member');
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  async function ok<T>(response: Response, schema: { parse(value: unknown): T }, status = 200): Promise<T> {
    expect(response.status, await response.clone().text()).toBe(status);
    return json(response, schema);
  }
  const createEntity = (who: TestAccount, body: Record<string, unknown>, query = '') =>
    who.session.post(`/v1/memory/entities${query}`, body);
  const list = async (who: TestAccount, query = '') =>
    (await ok(await who.session.get(`/v1/memory/entities${query}`), MemoryEntityList)).items;

  it('creates, reads, searches and deletes entities, observations and relations', async () => {
    const judge = await ok(
      await createEntity(alice, { name: 'Judge Dredd', entity_type: 'person', observations: ['Enforces § 12'] }),
      MemoryEntityDetail,
      201,
    );
    expect(judge).toMatchObject({ name: 'Judge Dredd', entity_type: 'person', observation_count: 1 });
    expect(judge.observations.map((o) => o.content)).toEqual(['Enforces § 12']);
    // The same name again answers the existing entity (200), unchanged.
    const again = await ok(
      await createEntity(alice, { name: 'Judge Dredd', entity_type: 'robot' }),
      MemoryEntityDetail,
      200,
    );
    expect(again).toMatchObject({ id: judge.id, entity_type: 'person' });

    const court = await ok(
      await createEntity(alice, { name: 'Ústavní soud', entity_type: 'court' }),
      MemoryEntityDetail,
      201,
    );
    const withObservation = await ok(
      await alice.session.post(`/v1/memory/entities/${court.id}/observations`, { content: 'Sídlí v Brně' }),
      MemoryEntityDetail,
      201,
    );
    expect(withObservation.observations.map((o) => o.content)).toEqual(['Sídlí v Brně']);

    const relation = await ok(
      await alice.session.post('/v1/memory/relations', {
        from: 'Judge Dredd',
        to: 'Ústavní soud',
        relation_type: 'works at',
      }),
      MemoryRelation,
      201,
    );
    expect(relation).toMatchObject({ from: { id: judge.id }, to: { id: court.id }, relation_type: 'works at' });
    const sameRelation = await ok(
      await alice.session.post('/v1/memory/relations', {
        from: 'Judge Dredd',
        to: 'Ústavní soud',
        relation_type: 'works at',
      }),
      MemoryRelation,
      200,
    );
    expect(sameRelation.id).toBe(relation.id);

    await linkProvision(
      db(),
      { type: 'user', id: alice.user.id },
      {
        entityName: 'Ústavní soud',
        documentId: ACT,
        nodeId: null,
        citation: '§ 1',
        note: 'seat',
      },
    );

    const courtDetail = await ok(await alice.session.get(`/v1/memory/entities/${court.id}`), MemoryEntityDetail);
    expect(courtDetail).toMatchObject({ observation_count: 1, relation_count: 1, link_count: 1 });
    // Relations in both directions: the court is the `to` end here.
    expect(courtDetail.relations.map((r) => [r.from.name, r.relation_type, r.to.name])).toEqual([
      ['Judge Dredd', 'works at', 'Ústavní soud'],
    ]);
    expect(courtDetail.links).toEqual([
      expect.objectContaining({
        document_id: ACT,
        node_id: null,
        citation: '§ 1',
        note: 'seat',
        document: { external_id: actVersion2020.externalId, title: expect.any(String) },
      }),
    ]);

    // Listing with counts; search folds case and accents, over names, types and observations.
    const all = await list(alice);
    expect(all.map((e) => [e.name, e.observation_count, e.relation_count, e.link_count])).toEqual([
      ['Judge Dredd', 1, 1, 0],
      ['Ústavní soud', 1, 1, 1],
    ]);
    expect((await list(alice, '?q=USTAVNI')).map((e) => e.name)).toEqual(['Ústavní soud']);
    expect((await list(alice, '?q=brne')).map((e) => e.name)).toEqual(['Ústavní soud']);
    expect((await list(alice, '?q=person')).map((e) => e.name)).toEqual(['Judge Dredd']);
    expect((await list(alice, '?q=100%25')).map((e) => e.name)).toEqual([]);
    expect(await list(alice, '?q=%20%20')).toHaveLength(2);

    // Deleting an observation, a relation, an entity (its relations and links go with it).
    const observationId = courtDetail.observations[0]!.id;
    const noObservation = await ok(
      await alice.session.delete(`/v1/memory/entities/${court.id}/observations/${observationId}`),
      MemoryEntityDetail,
    );
    expect(noObservation.observations).toEqual([]);
    await expectApiError(
      await alice.session.delete(`/v1/memory/entities/${court.id}/observations/${observationId}`),
      404,
      'not_found',
    );
    const removed = await ok(await alice.session.delete(`/v1/memory/relations/${relation.id}`), MemoryRelation);
    expect(removed.id).toBe(relation.id);
    await expectApiError(await alice.session.delete(`/v1/memory/relations/${relation.id}`), 404, 'not_found');
    const gone = await ok(await alice.session.delete(`/v1/memory/entities/${court.id}`), MemoryEntitySummary);
    expect(gone).toMatchObject({ id: court.id, link_count: 1 });
    await expectApiError(await alice.session.get(`/v1/memory/entities/${court.id}`), 404, 'not_found');
    expect((await list(alice)).map((e) => e.name)).toEqual(['Judge Dredd']);
  });

  it("keeps owners apart: another user's entity is not found on any path", async () => {
    const secret = await ok(
      await createEntity(alice, { name: 'Alice secret', entity_type: 'note', observations: ['private'] }),
      MemoryEntityDetail,
      201,
    );
    await createEntity(bob, { name: 'Bob thing', entity_type: 'note' });
    expect((await list(bob)).map((e) => e.name)).toEqual(['Bob thing']);
    expect(await list(bob, '?q=private')).toEqual([]);
    await expectApiError(await bob.session.get(`/v1/memory/entities/${secret.id}`), 404, 'not_found');
    await expectApiError(
      await bob.session.post(`/v1/memory/entities/${secret.id}/observations`, { content: 'mine now' }),
      404,
      'not_found',
    );
    await expectApiError(
      await bob.session.delete(`/v1/memory/entities/${secret.id}/observations/${secret.observations[0]!.id}`),
      404,
      'not_found',
    );
    await expectApiError(await bob.session.delete(`/v1/memory/entities/${secret.id}`), 404, 'not_found');
    // Bob's relation names resolve in Bob's memory only.
    await expectApiError(
      await bob.session.post('/v1/memory/relations', { from: 'Bob thing', to: 'Alice secret', relation_type: 'knows' }),
      404,
      'not_found',
    );
    // Alice's entity is untouched, and her memory is not the organization's.
    const still = await ok(await alice.session.get(`/v1/memory/entities/${secret.id}`), MemoryEntityDetail);
    expect(still.observations.map((o) => o.content)).toEqual(['private']);
    await expectApiError(await alice.session.get(`/v1/memory/entities/${secret.id}${orgQuery}`), 404, 'not_found');
  });

  it('organization memory: members read, owners and admins write, outsiders may not', async () => {
    const outsider = await registerAndLogin(server, { first_name: 'Olga', last_name: 'Outside' });
    const byAdmin = await ok(
      await createEntity(bob, { name: 'Org policy', entity_type: 'rule' }, orgQuery),
      MemoryEntityDetail,
      201,
    );
    await ok(
      await createEntity(alice, { name: 'Org owner note', entity_type: 'rule' }, orgQuery),
      MemoryEntityDetail,
      201,
    );
    expect((await list(carol, orgQuery)).map((e) => e.name)).toEqual(['Org owner note', 'Org policy']);
    await ok(await carol.session.get(`/v1/memory/entities/${byAdmin.id}${orgQuery}`), MemoryEntityDetail);

    await expectApiError(
      await createEntity(carol, { name: 'Member', entity_type: 'x' }, orgQuery),
      403,
      'org_role_required',
    );
    await expectApiError(
      await carol.session.post(`/v1/memory/entities/${byAdmin.id}/observations${orgQuery}`, { content: 'no' }),
      403,
      'org_role_required',
    );
    await expectApiError(
      await carol.session.delete(`/v1/memory/entities/${byAdmin.id}${orgQuery}`),
      403,
      'org_role_required',
    );
    await expectApiError(await outsider.session.get(`/v1/memory/entities${orgQuery}`), 403, 'forbidden');
    await expectApiError(await outsider.session.get(`/v1/memory/entities/${byAdmin.id}${orgQuery}`), 403, 'forbidden');
    // The organization's entity is not in the admin's own memory.
    await expectApiError(await bob.session.get(`/v1/memory/entities/${byAdmin.id}`), 404, 'not_found');

    await expectApiError(
      await alice.session.get('/v1/memory/entities?owner_type=organization'),
      400,
      'organization_id_required',
    );
    await expectApiError(
      await alice.session.get(`/v1/memory/entities?organization_id=${orgId}`),
      400,
      'organization_id_not_allowed',
    );
    await expectApiError(
      await alice.session.get(`/v1/memory/entities?owner_type=organization&organization_id=${randomUUID()}`),
      404,
      'organization_not_found',
    );
    await expectApiError(
      await alice.session.get('/v1/memory/entities?owner_type=organization&organization_id=nope'),
      404,
      'organization_not_found',
    );
    const deleted = await ok(
      await bob.session.delete(`/v1/memory/entities/${byAdmin.id}${orgQuery}`),
      MemoryEntitySummary,
    );
    expect(deleted.name).toBe('Org policy');
  });

  it('needs a session, and CSRF on writes', async () => {
    const anonymous = new HttpSession(server.url);
    await expectApiError(await anonymous.get('/v1/memory/entities'), 401, 'not_authenticated');
    await expectApiError(
      await anonymous.post('/v1/memory/entities', { name: 'a', entity_type: 'b' }),
      401,
      'not_authenticated',
    );
    await expectApiError(
      await alice.session.post('/v1/memory/entities', { name: 'a', entity_type: 'b' }, { 'x-csrf-token': '' }),
      403,
      'csrf_failed',
    );
    expect((await list(alice, '?q=a')).map((e) => e.name)).not.toContain('a');
  });

  it('answers memory_quota_exceeded past the entity quota and keeps nothing of that call', async () => {
    const dave = await registerAndLogin(server, { first_name: 'Dave', last_name: 'Full' });
    await db().execute(
      sql`INSERT INTO memory_entities (id, owner_user_id, name, entity_type, search_text)
          SELECT gen_random_uuid(), ${dave.user.id}::uuid, 'filler ' || g, 'filler', 'filler ' || g
          FROM generate_series(1, ${MEMORY_LIMITS.entities}) AS g`,
    );
    await expectApiError(
      await createEntity(dave, { name: 'One too many', entity_type: 'x' }),
      409,
      'memory_quota_exceeded',
    );
    expect(await list(dave, '?q=too%20many')).toEqual([]);
  });

  it('never answers 500 to bad input', async () => {
    const { id } = await ok(
      await createEntity(alice, { name: 'Fuzz target', entity_type: 'test' }),
      MemoryEntityDetail,
      201,
    );
    const bodies: unknown[] = [
      {},
      { name: '', entity_type: 'x' },
      { name: '   ', entity_type: 'x' },
      { name: 'a\u0000b', entity_type: 'x' },
      // An unpaired surrogate, sent raw (JSON.stringify would escape it the same way).
      '{"name":"x\\ud800","entity_type":"t"}',
      { name: 'ok', entity_type: 'x', observations: ['\udc00 alone'] },
      { name: 'x'.repeat(501), entity_type: 'x' },
      { name: 'ok', entity_type: 'x', observations: ['y'.repeat(4001)] },
      { name: 'ok', entity_type: 'x', observations: 'nope' },
      { name: 42, entity_type: [] },
      'not json',
      '[1,2,3]',
      null,
    ];
    for (const body of bodies) {
      const response = await alice.session.post('/v1/memory/entities', body as object);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const paths = [
      ['GET', '/v1/memory/entities/not-a-uuid'],
      ['GET', `/v1/memory/entities?limit=0`],
      ['GET', `/v1/memory/entities?limit=abc`],
      ['GET', `/v1/memory/entities?owner_type=robot`],
      ['GET', `/v1/memory/entities?q=${'x'.repeat(600)}`],
      ['POST', `/v1/memory/entities/${id}/observations`],
      ['DELETE', `/v1/memory/entities/${id}/observations/nope`],
      ['DELETE', '/v1/memory/relations/nope'],
      ['POST', '/v1/memory/relations'],
    ] as const;
    for (const [method, path] of paths) {
      const response = await alice.session.request(method, path, method === 'GET' ? undefined : { content: '\u0000' });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
    }
    // NUL is no text anyone searches for: refused before the route (issue 15, L1).
    await expectApiError(await alice.session.get(`/v1/memory/entities?q=${'%00'.repeat(3)}`), 400, 'validation_failed');
    await expectApiError(
      await alice.session.post(`/v1/memory/entities/${id}/observations`, { content: 'z'.repeat(4001) }),
      400,
      'validation_failed',
    );
    await expectApiError(
      await alice.session.post('/v1/memory/relations', { from: 'Fuzz target', to: 'Nobody', relation_type: 'knows' }),
      404,
      'not_found',
    );
  });
});
