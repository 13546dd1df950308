// Public collection reads over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: /v1 (the caller's
// session) and /api/v1 (always anonymous) give identical bodies; the visibility matrix over every
// public read path (readable, or the very bytes of a collection that does not exist); 301s after
// slug, short-handle and user-handle renames for the API and the pages; claiming an old name ends
// its redirect; unknown /api/v1 paths are JSON 404s; odd parameters answer 4xx, never 5xx.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Collection,
  CollectionItemPage,
  CollectionMaintainerList,
  PublicCollection,
  PublicCollectionDocument,
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
const BASES = ['/v1', '/api/v1'] as const;
const ACT = documentIdFor(actVersion2020.externalId);
const EU_ACT = documentIdFor(bilingualAct.externalId);
const MISSING = '00000000-0000-4000-8000-000000000000';
const INDEX_HTML = '<!doctype html><title>Lexhub test page</title>';

describe.each(ENGINES)('public collections (%s)', (engine) => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-public-collections-'));
  let server: TestServer;
  let anonymous: HttpSession;
  const who: Record<string, TestAccount> = {};

  beforeAll(async () => {
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    server = await startTestServer(engine, { webRoot });
    anonymous = new HttpSession(server.url);
    const names = ['owner', 'orgOwner', 'orgMember', 'maintUser', 'maintOrgMember', 'stranger', 'renamer', 'claimer'];
    for (const name of names) who[name] = await registerAndLogin(server, { first_name: name, last_name: 'Reader' });
    for (const act of [actVersion2020, actVersion2024, bilingualAct]) {
      await storeVersion(server.database.db, act, `fixture-${act.externalId}`);
    }
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const status = async (response: Response, expected: number) => {
    expect(response.status, `${response.url}: ${await response.clone().text()}`).toBe(expected);
    return response;
  };
  const created = async (account: TestAccount, body: Record<string, unknown>) =>
    json(await status(await account.session.post(BASE, { owner_type: 'user', ...body }), 201), Collection);
  const publish = async (account: TestAccount, id: string, body: Record<string, unknown>) =>
    json(await status(await account.session.post(`${BASE}/${id}/publish`, body), 200), Collection);
  const addItem = async (account: TestAccount, id: string, body: Record<string, unknown>) =>
    status(await account.session.post(`${BASE}/${id}/documents`, body), 201);
  const setVisibility = (id: string, visibility: string) =>
    server.database.db.execute(sql`UPDATE collections SET visibility = ${visibility} WHERE id = ${id}`);
  const count = async (table: 'collection_redirects' | 'handle_redirects', where: ReturnType<typeof sql>) => {
    const [row] = await sqlRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`,
    );
    return Number(row!.n);
  };
  /** A page request as a browser sends it (no redirect followed). */
  const page = (address: string, method = 'GET') =>
    fetch(server.url + address, { method, headers: { accept: 'text/html' }, redirect: 'manual' });
  const expectMoved = async (response: Response, location: string) => {
    expect(response.status, `${response.url}: ${await response.clone().text()}`).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  };
  const expectPage = async (response: Response) => {
    expect(response.status, response.url).toBe(200);
    expect(await response.text()).toBe(INDEX_HTML);
  };
  async function changeHandle(account: TestAccount, username: string) {
    const { etag } = (await (await account.session.get(`/v1/users/${account.user.id}/etag`)).json()) as {
      etag: string;
    };
    await status(
      await account.session.patch(`/v1/users/${account.user.id}/handle`, { username }, { 'If-Match': etag }),
      200,
    );
    account.user.username = username;
  }
  const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

  it('serves a published collection on both bases with identical bodies, items at their pins, paged', async () => {
    const owner = who.owner!;
    const handle = owner.user.username;
    const collection = await created(owner, { name: 'Zkouška', description: 'Pro kurz' });
    await addItem(owner, collection.id, { document_id: ACT, note: 'Znění 2021', as_of: '2021-01-01' });
    await addItem(owner, collection.id, { document_id: EU_ACT });
    await publish(owner, collection.id, {
      slug: 'zkouska',
      owner_handle: handle,
      vanity_handle: 'zkouska-kratce',
      is_public: true,
    });
    const listed = await json(
      await status(await owner.session.get(`${BASE}/${collection.id}/documents`), 200),
      CollectionItemPage,
    );

    const byAddress = `/public/collections/user/${handle}/zkouska`;
    const byHandle = '/public/collection-handles/zkouska-kratce';
    const texts: string[] = [];
    for (const base of BASES) {
      for (const address of [byAddress, byHandle]) {
        const response = await status(await anonymous.get(base + address), 200);
        expect(response.headers.get('cache-control'), base).toBe(base === '/v1' ? 'no-store' : 'no-cache');
        texts.push(await response.text());
      }
    }
    expect(new Set(texts).size).toBe(1);
    const body = PublicCollection.parse(JSON.parse(texts[0]!));
    expect(body).toEqual({
      collection: expect.objectContaining({
        id: collection.id,
        name: 'Zkouška',
        description: 'Pro kurz',
        slug: 'zkouska',
        vanity_handle: 'zkouska-kratce',
        visibility: 'public',
        role: 'reader',
        document_count: 2,
        public_path: `/u/${handle}/zkouska`,
      }),
      owner: { type: 'user', handle, name: 'owner Reader' },
      items: listed.items,
      next_cursor: null,
      canonical_path: `/u/${handle}/zkouska`,
    });
    expect(body.items[0]).toMatchObject({ document_id: ACT, as_of: '2021-01-01', note: 'Znění 2021' });
    expect(body.items[0]!.branch_name).not.toBe('main');

    // Paging with the items' keyset cursor.
    const first = await json(await status(await anonymous.get(`/api/v1${byAddress}?limit=1`), 200), PublicCollection);
    expect(first.items.map((i) => i.document_id)).toEqual([ACT]);
    const second = await json(
      await status(
        await anonymous.get(`/api/v1${byHandle}?limit=1&cursor=${encodeURIComponent(first.next_cursor!)}`),
        200,
      ),
      PublicCollection,
    );
    expect(second.items.map((i) => i.document_id)).toEqual([EU_ACT]);
    expect(second.next_cursor).toBeNull();

    // One document of it, for the document page.
    const documents: string[] = [];
    for (const base of BASES) {
      for (const address of [byAddress, byHandle]) {
        documents.push(await (await status(await anonymous.get(`${base}${address}/documents/${ACT}`), 200)).text());
      }
    }
    expect(new Set(documents).size).toBe(1);
    const one = PublicCollectionDocument.parse(JSON.parse(documents[0]!));
    expect(one).toMatchObject({ item: listed.items[0], canonical_path: `/u/${handle}/zkouska` });
    for (const base of BASES) {
      const notIn = await expectApiError(
        await anonymous.get(`${base}${byAddress}/documents/${MISSING}`),
        404,
        'not_found',
      );
      expect(notIn.message).toBe('Document in this collection not found');
      const invalid = await expectApiError(
        await anonymous.get(`${base}${byHandle}/documents/not-a-uuid`),
        400,
        'validation_failed',
      );
      expect(invalid.field).toBe('documentId');
      await expectApiError(
        await anonymous.get(`${base}/public/collections/team/${handle}/zkouska`),
        400,
        'validation_failed',
      );
    }

    // /v1 reads the session (the owner sees their role); /api/v1 never does.
    const mine = await json(await status(await owner.session.get(`/v1${byAddress}`), 200), PublicCollection);
    expect(mine.collection.role).toBe('owner');
    const api = await json(await status(await owner.session.get(`/api/v1${byAddress}`), 200), PublicCollection);
    expect(api.collection.role).toBe('reader');
    // Addresses are matched in lowercase.
    await status(await anonymous.get(`/v1/public/collections/user/${handle.toUpperCase()}/ZKOUSKA`), 200);
  });

  describe('the visibility matrix over the public read paths', () => {
    type Row = { name: string; session: () => HttpSession; read: string[] };
    const all = ['private', 'team', 'public'];
    const rows: Row[] = [
      { name: 'anonymous', session: () => anonymous, read: ['public'] },
      { name: 'owner (org owner)', session: () => who.orgOwner!.session, read: all },
      { name: 'maintainer user', session: () => who.maintUser!.session, read: all },
      { name: 'member of a maintainer org', session: () => who.maintOrgMember!.session, read: all },
      { name: 'member of the owning org', session: () => who.orgMember!.session, read: ['team', 'public'] },
      { name: 'stranger', session: () => who.stranger!.session, read: ['public'] },
    ];
    const pathsOf = (slug: string, vanity: string) => [
      `/public/collections/org/pubm-owner/${slug}`,
      `/public/collections/org/pubm-owner/${slug}/documents/${ACT}`,
      `/public/collection-handles/${vanity}`,
      `/public/collection-handles/${vanity}/documents/${ACT}`,
    ];
    const missingPaths = pathsOf('m-none', 'pubm-none');

    beforeAll(async () => {
      const owning = await json(
        await status(await who.orgOwner!.session.post('/v1/orgs', { name: 'Matrix owner', slug: 'pubm-owner' }), 200),
        Org,
      );
      await status(await addOrgMember(who.orgOwner!, 'pubm-owner', who.orgMember!, 'member'), 200);
      const maint = await json(
        await status(
          await who.maintOrgMember!.session.post('/v1/orgs', { name: 'Matrix maint', slug: 'pubm-maint' }),
          200,
        ),
        Org,
      );
      for (const visibility of all) {
        const c = await created(who.orgOwner!, {
          name: `Public matrix ${visibility}`,
          owner_type: 'org',
          organization_id: owning.id,
        });
        const url = `${BASE}/${c.id}/maintainers`;
        await status(
          await who.orgOwner!.session.post(url, { maintainer_type: 'user', maintainer_id: who.maintUser!.user.id }),
          201,
        );
        await status(
          await who.orgOwner!.session.post(url, { maintainer_type: 'org', maintainer_id: 'pubm-maint' }),
          201,
        );
        // Invitations: the user accepts for themselves, the maintainer org's owner for it.
        await status(
          await who.maintUser!.session.post(`${url}/${who.maintUser!.user.id}/accept?maintainer_type=user`, {}),
          200,
        );
        await status(await who.maintOrgMember!.session.post(`${url}/${maint.id}/accept?maintainer_type=org`, {}), 200);
        const maintainers = await json(
          await status(await who.orgOwner!.session.get(url), 200),
          CollectionMaintainerList,
        );
        expect(maintainers.items).toHaveLength(2);
        await addItem(who.orgOwner!, c.id, { document_id: ACT });
        await publish(who.orgOwner!, c.id, {
          slug: `m-${visibility}`,
          owner_handle: 'pubm-owner',
          vanity_handle: `pubm-${visibility}`,
          is_public: true,
        });
        await setVisibility(c.id, visibility);
      }
    });

    it('answers a missing collection with the bytes of GET /v1/legal/collections/{missing id}', async () => {
      const reference = await (await anonymous.get(`${BASE}/${MISSING}`)).text();
      expect(JSON.parse(reference)).toMatchObject({ detail: 'not_found', message: 'Collection not found' });
      for (const base of BASES) {
        for (const address of missingPaths) {
          const response = await anonymous.get(base + address);
          expect(response.status, base + address).toBe(404);
          expect(await response.text(), base + address).toBe(reference);
        }
      }
    });

    it.each(rows)('$name: readable, or the same 404 as what does not exist', async (row) => {
      for (const base of BASES) {
        for (const visibility of all) {
          // Under /api/v1 every caller is anonymous, whatever cookies they send.
          const readable = base === '/api/v1' ? visibility === 'public' : row.read.includes(visibility);
          const paths = pathsOf(`m-${visibility}`, `pubm-${visibility}`);
          for (const [i, address] of paths.entries()) {
            const response = await row.session().get(base + address);
            const label = `${row.name} ${base}${address}`;
            if (readable) {
              expect(response.status, label).toBe(200);
              const body = (await response.json()) as { collection: { visibility: string } };
              expect(body.collection.visibility, label).toBe(visibility);
            } else {
              expect(response.status, label).toBe(404);
              const missing = await (await row.session().get(base + missingPaths[i]!)).text();
              expect(await response.text(), label).toBe(missing);
            }
          }
        }
      }
    });
  });

  it('answers 301 from an old slug (rename or publish) on both bases and for pages, only to a public collection', async () => {
    const owner = who.owner!;
    const h = owner.user.username;
    const collection = await created(owner, { name: 'Moving', slug: 'old-slug' });
    await addItem(owner, collection.id, { document_id: ACT });
    await publish(owner, collection.id, { slug: 'old-slug', owner_handle: h, is_public: true });
    await status(await owner.session.patch(`${BASE}/${collection.id}`, { slug: 'new-slug' }), 200);

    for (const base of BASES) {
      const old = `${base}/public/collections/user/${h}/old-slug`;
      const now = `${base}/public/collections/user/${h}/new-slug`;
      const moved = await anonymous.get(`${old}?limit=1`);
      await expectMoved(moved, `${now}?limit=1`);
      expect(moved.headers.get('cache-control')).toBe('no-cache');
      await expectMoved(await anonymous.get(`${old}/documents/${ACT}`), `${now}/documents/${ACT}`);
      // Following the Location answers the collection.
      const followed = await json(await status(await anonymous.get(`${now}?limit=1`), 200), PublicCollection);
      expect(followed.canonical_path).toBe(`/u/${h}/new-slug`);
    }
    await expectMoved(await page(`/u/${h}/old-slug`), `/u/${h}/new-slug`);
    await expectMoved(await page(`/u/${h}/old-slug`, 'HEAD'), `/u/${h}/new-slug`);
    await expectMoved(
      await page(`/u/${h}/collections/old-slug/documents/abc-zakon?branch=main`),
      `/u/${h}/collections/new-slug/documents/abc-zakon?branch=main`,
    );
    await expectMoved(
      await page(`/u/${h}/old-slug/documents/abc-zakon/compare`),
      `/u/${h}/new-slug/documents/abc-zakon/compare`,
    );
    // The live address is a page, as is an address that never existed.
    await expectPage(await page(`/u/${h}/new-slug`));
    await expectPage(await page(`/u/${h}/never-was`));
    await expectPage(await page(`/u/${h}`));

    // Publishing under another slug moves it again: both old slugs lead to the newest.
    await publish(owner, collection.id, { slug: 'newest-slug', owner_handle: h, is_public: true });
    for (const old of ['old-slug', 'new-slug']) {
      await expectMoved(await page(`/u/${h}/${old}`), `/u/${h}/newest-slug`);
      await expectMoved(
        await anonymous.get(`/api/v1/public/collections/user/${h}/${old}`),
        `/api/v1/public/collections/user/${h}/newest-slug`,
      );
    }
    expect(await count('collection_redirects', sql`collection_id = ${collection.id}`)).toBe(2);

    // Not public any more: the old address must not tell its new name.
    await publish(owner, collection.id, { slug: 'newest-slug', owner_handle: h, is_public: false });
    await expectApiError(await owner.session.get(`/v1/public/collections/user/${h}/old-slug`), 404, 'not_found');
    await expectPage(await page(`/u/${h}/old-slug`));
    await status(await owner.session.get(`/v1/public/collections/user/${h}/newest-slug`), 200);

    // An organization's collection likewise.
    const org = await json(
      await status(await owner.session.post('/v1/orgs', { name: 'Moving org', slug: 'moving-org' }), 200),
      Org,
    );
    const orgSet = await created(owner, { name: 'Org moving', owner_type: 'org', organization_id: org.id });
    await publish(owner, orgSet.id, { slug: 'before', owner_handle: 'moving-org', is_public: true });
    await publish(owner, orgSet.id, { slug: 'after', owner_handle: 'moving-org', is_public: true });
    await expectMoved(await page('/org/moving-org/before'), '/org/moving-org/after');
    await expectMoved(
      await page('/org/moving-org/collections/before/documents/x-y'),
      '/org/moving-org/collections/after/documents/x-y',
    );
    await expectMoved(
      await anonymous.get(`/v1/public/collections/org/moving-org/before/documents/${ACT}`),
      `/v1/public/collections/org/moving-org/after/documents/${ACT}`,
    );
  });

  it('answers 301 from an old short handle, to the new one or, once released, to the collection’s address', async () => {
    const owner = who.owner!;
    const h = owner.user.username;
    const collection = await created(owner, { name: 'Short handles' });
    await addItem(owner, collection.id, { document_id: ACT });
    const body = { slug: 'short-handles', owner_handle: h, is_public: true };
    await publish(owner, collection.id, { ...body, vanity_handle: 'short-one' });
    await publish(owner, collection.id, { ...body, vanity_handle: 'short-two' });

    for (const base of BASES) {
      await expectMoved(
        await anonymous.get(`${base}/public/collection-handles/short-one?limit=5`),
        `${base}/public/collection-handles/short-two?limit=5`,
      );
      await expectMoved(
        await anonymous.get(`${base}/public/collection-handles/short-one/documents/${ACT}`),
        `${base}/public/collection-handles/short-two/documents/${ACT}`,
      );
    }
    await expectMoved(await page('/short-one/documents/abc-zakon?node=x'), '/short-two/documents/abc-zakon?node=x');
    await expectPage(await page('/short-two/documents/abc-zakon'));
    await expectPage(await page('/never-a-handle/documents/abc-zakon'));

    // Released: the old short handles lead to the owner address.
    await publish(owner, collection.id, body);
    for (const old of ['short-one', 'short-two']) {
      await expectMoved(
        await anonymous.get(`/api/v1/public/collection-handles/${old}`),
        `/api/v1/public/collections/user/${h}/short-handles`,
      );
      await expectMoved(
        await page(`/${old}/documents/abc-zakon/compare`),
        `/u/${h}/short-handles/documents/abc-zakon/compare`,
      );
    }
    // Unpublished: nothing to point at.
    await status(await owner.session.delete(`${BASE}/${collection.id}/publish`), 200);
    await expectApiError(await anonymous.get('/v1/public/collection-handles/short-one'), 404, 'not_found');
    await expectPage(await page('/short-one/documents/abc-zakon'));
  });

  it('answers 301 from a user’s old handle, for their collections and their pages', async () => {
    const renamer = who.renamer!;
    const old = renamer.user.username;
    const collection = await created(renamer, { name: 'Mine' });
    await addItem(renamer, collection.id, { document_id: ACT });
    await publish(renamer, collection.id, { slug: 'mine', owner_handle: old, is_public: true });
    const next = unique('renamed');
    await changeHandle(renamer, next);

    for (const base of BASES) {
      await expectMoved(
        await anonymous.get(`${base}/public/collections/user/${old}/mine?limit=2`),
        `${base}/public/collections/user/${next}/mine?limit=2`,
      );
      await expectMoved(
        await anonymous.get(`${base}/public/collections/user/${old}/mine/documents/${ACT}`),
        `${base}/public/collections/user/${next}/mine/documents/${ACT}`,
      );
    }
    const now = await json(
      await status(await anonymous.get(`/v1/public/collections/user/${next}/mine`), 200),
      PublicCollection,
    );
    expect(now).toMatchObject({ canonical_path: `/u/${next}/mine`, owner: { handle: next } });
    await expectMoved(await page(`/u/${old}`), `/u/${next}`);
    await expectMoved(await page(`/u/${old}/mine/documents/abc-zakon`), `/u/${next}/mine/documents/abc-zakon`);
    await expectMoved(
      await page(`/u/${old}/documents/abc-zakon?branch=main`),
      `/u/${next}/documents/abc-zakon?branch=main`,
    );
    await expectMoved(await page(`/u/${old.toUpperCase()}`), `/u/${next}`);
    await expectPage(await page(`/u/${next}`));
    // Organizations have no such redirects: an unknown one is just a page.
    await expectPage(await page(`/org/${old}`));

    // The old handle also becomes, and then stops being, a short handle: each namespace keeps its own redirect.
    const other = await created(who.owner!, { name: 'Borrowed name' });
    const body = { slug: 'borrowed-name', owner_handle: who.owner!.user.username, is_public: true };
    await publish(who.owner!, other.id, { ...body, vanity_handle: old });
    await publish(who.owner!, other.id, { ...body, vanity_handle: `${old}-2` });
    await expectMoved(await page(`/u/${old}`), `/u/${next}`);
    await expectMoved(await page(`/${old}/documents/abc-zakon`), `/${old}-2/documents/abc-zakon`);
  });

  it('ends a redirect when its old name is claimed: slug, short handle, user handle', async () => {
    const owner = who.owner!;
    const h = owner.user.username;
    const moving = await created(owner, { name: 'Claimed from' });
    await publish(owner, moving.id, {
      slug: 'claim-me',
      owner_handle: h,
      vanity_handle: 'claim-short',
      is_public: true,
    });
    await publish(owner, moving.id, {
      slug: 'claimed-away',
      owner_handle: h,
      vanity_handle: 'claim-other',
      is_public: true,
    });
    await expectMoved(await page(`/u/${h}/claim-me`), `/u/${h}/claimed-away`);
    expect(await count('collection_redirects', sql`old_slug = 'claim-me'`)).toBe(1);

    // A new collection at the old slug ends the redirect; the address is its own now.
    const claimer = await created(owner, { name: 'Claimer', slug: 'claim-me' });
    expect(await count('collection_redirects', sql`old_slug = 'claim-me'`)).toBe(0);
    await expectApiError(await anonymous.get(`/v1/public/collections/user/${h}/claim-me`), 404, 'not_found');
    const own = await json(
      await status(await owner.session.get(`/v1/public/collections/user/${h}/claim-me`), 200),
      PublicCollection,
    );
    expect(own.collection.id).toBe(claimer.id);
    await expectPage(await page(`/u/${h}/claim-me`));

    // Renaming back claims it too (and records the name it leaves).
    await status(await owner.session.patch(`${BASE}/${claimer.id}`, { slug: 'claimer-two' }), 200);
    await status(await owner.session.patch(`${BASE}/${moving.id}`, { slug: 'claim-me' }), 200);
    const left = await sqlRows<{ old_slug: string }>(
      server.database.db,
      sql`SELECT old_slug FROM collection_redirects WHERE collection_id = ${moving.id} ORDER BY old_slug`,
    );
    // Its first slug (from the name) and the one it left; not the one it took back.
    expect(left.map((r) => r.old_slug)).toEqual(['claimed-away', 'claimed-from']);
    expect(await count('collection_redirects', sql`old_slug = 'claim-me'`)).toBe(0);
    await status(await anonymous.get(`/v1/public/collections/user/${h}/claim-me`), 200);

    // Another collection taking the old short handle.
    await expectMoved(
      await anonymous.get('/v1/public/collection-handles/claim-short'),
      '/v1/public/collection-handles/claim-other',
    );
    const taker = await created(who.stranger!, { name: 'Taker' });
    await publish(who.stranger!, taker.id, {
      slug: 'taker',
      owner_handle: who.stranger!.user.username,
      vanity_handle: 'claim-short',
      is_public: true,
    });
    expect(await count('handle_redirects', sql`old_handle = 'claim-short'`)).toBe(0);
    const taken = await json(
      await status(await anonymous.get('/v1/public/collection-handles/claim-short'), 200),
      PublicCollection,
    );
    expect(taken.collection.id).toBe(taker.id);
    await expectPage(await page('/claim-short/documents/abc-zakon'));

    // Another user taking an old user handle: /u/{old} is theirs now.
    const first = who.claimer!;
    const old = first.user.username;
    const collection = await created(first, { name: 'Before the rename' });
    await publish(first, collection.id, { slug: 'before', owner_handle: old, is_public: true });
    await changeHandle(first, unique('moved-on'));
    await expectMoved(await page(`/u/${old}`), `/u/${first.user.username}`);
    await changeHandle(who.stranger!, old);
    expect(await count('handle_redirects', sql`old_handle = ${old} AND kind = 'user'`)).toBe(0);
    await expectPage(await page(`/u/${old}`));
    await expectApiError(await anonymous.get(`/v1/public/collections/user/${old}/before`), 404, 'not_found');

    // A live name wins even over a row nobody claimed (a registration taking a free old handle).
    const live = who.orgMember!.user.username;
    await server.database.db.execute(
      sql`INSERT INTO handle_redirects (old_handle, kind, user_id) VALUES (${live}, 'user', ${first.user.id})`,
    );
    await expectPage(await page(`/u/${live}`));
    await expectApiError(await anonymous.get(`/v1/public/collections/user/${live}/before`), 404, 'not_found');
  });

  it('answers unknown /api/v1 paths with a JSON 404 whatever the Accept header', async () => {
    for (const address of ['/api/v1/nope', '/api/v1', '/api', '/api/v1/public/collections/user', '/api/v2/x?y=1']) {
      for (const accept of ['text/html', 'application/json', '*/*']) {
        const response = await fetch(server.url + address, { headers: { accept } });
        expect(response.status, `${address} ${accept}`).toBe(404);
        expect(response.headers.get('content-type')).toContain('application/json');
        expect(await response.json()).toMatchObject({ detail: 'not_found' });
      }
    }
    // Pages are still pages.
    await expectPage(await page('/tools'));
  });

  it('answers odd parameters on every public path and page without a 5xx; impossible names are 400', async () => {
    const weird = [
      '',
      'x',
      '\u0000',
      '%00',
      '..',
      'a/b',
      "'; DROP TABLE collections; --",
      'ž'.repeat(300),
      'Ústava',
      '😀',
      'a'.repeat(5000),
      '-1',
      MISSING,
    ];
    const h = who.owner!.user.username;
    const addresses: string[] = [];
    for (const value of weird) {
      const v = encodeURIComponent(value);
      for (const base of BASES) {
        addresses.push(
          `${base}/public/collections/user/${v}/${v}`,
          `${base}/public/collections/${v}/${h}/zkouska`,
          `${base}/public/collections/org/${v}/x/documents/${v}`,
          `${base}/public/collections/user/${h}/zkouska?cursor=${v}&limit=${v}`,
          `${base}/public/collections/user/${h}/zkouska/documents/${v}`,
          `${base}/public/collection-handles/${v}`,
          `${base}/public/collection-handles/${v}/documents/${v}`,
          `${base}/public/collection-handles/zkouska-kratce?cursor=${v}`,
        );
      }
      addresses.push(`/u/${v}`, `/u/${h}/${v}`, `/org/${v}/${v}/documents/x`, `/${v}/documents/${v}`);
    }
    addresses.push(
      `/v1/public/collections/user/${h}/zkouska?cursor=${Buffer.from(`[3000000000,"${MISSING}"]`).toString('base64url')}`,
      '/u/%E0%A4%A',
      '/%ZZ/documents/x',
    );
    for (const address of addresses) {
      for (const accept of ['application/json', 'text/html']) {
        const response = await fetch(server.url + address, { headers: { accept }, redirect: 'manual' });
        expect(response.status, `${address}: ${await response.clone().text()}`).toBeLessThan(500);
      }
    }
    // A name no handle or slug can be is 400 naming it (the web app says 'Invalid collection');
    // a possible one that names nothing is 404.
    for (const base of BASES) {
      const bad = await expectApiError(
        await anonymous.get(`${base}/public/collections/user/${h}/x`),
        400,
        'validation_failed',
      );
      expect(bad.field).toBe('slug');
      const handle = await expectApiError(
        await anonymous.get(`${base}/public/collection-handles/a`),
        400,
        'validation_failed',
      );
      expect(handle.field).toBe('vanity');
      await expectApiError(await anonymous.get(`${base}/public/collections/user/${h}/no-such-slug`), 404, 'not_found');
    }
  });
});
