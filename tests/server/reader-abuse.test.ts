// The last batch's reader and Copilot History read as an attacker would, on PGlite and (with
// DATABASE_URL) PostgreSQL: a user's private translation layer never reaches another user or the
// anonymous through find or export; query metacharacters are text; the export escapes the
// library's title and texts and names its file safely; ELI aliases redirect only to our own
// reader pages; bad ids are 4xx; a Copilot conversation keeps a bounded number of messages; the
// costly reads (find, export) are rate limited per caller.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopilotConversation } from '../../src/api/contract/copilot.js';
import { FindResult } from '../../src/api/contract/find.js';
import { MAX_MESSAGES_PER_CONVERSATION, storeTurn } from '../../server/copilot/conversation-store.js';
import { sqlRows } from '../../server/db/sql.js';
import { documentIdFor, fragmentUidFor, translationFragmentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { EXPORT_RATE_LIMIT } from '../../server/routes/export.js';
import { FIND_RATE_LIMIT } from '../../server/routes/find.js';
import { SEARCH_RATE_LIMIT } from '../../server/routes/search.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020 } from '../support/fixture-documents.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const actId = documentIdFor(actVersion2020.externalId);
/** A word only user A's private English layer holds. */
const SECRET = 'Zanzibarquux';

describe.each(ENGINES)('reader and history under attack (%s)', (engine) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { db } = server.database;
    await storeVersion(db, actVersion2020, 'fixture-2020');
    alice = await registerAndLogin(server);
    bob = await registerAndLogin(server, { first_name: 'Bob', last_name: 'Builder' });
    // Alice's private English translation of § 1 (her layer), aligned with the imported Czech text.
    const [source] = await sqlRows<{
      group_id: string;
      node_id: string;
      seq: number;
      cite_key: string | null;
      branch_id: string;
    }>(
      db,
      sql`SELECT f.group_id, f.node_id, f.seq, f.cite_key, f.branch_id FROM fragments f
          JOIN nodes n ON n.id = f.node_id JOIN branches b ON b.id = f.branch_id
          WHERE b.document_id = ${actId} AND b.kind = 'main' AND n.external_id = 'par-1' AND f.has_text`,
    );
    const [en] = await sqlRows<{ language_id: number }>(
      db,
      sql`SELECT language_id FROM languages WHERE iso_639_1 = 'en'`,
    );
    const text = `${SECRET} governs <b>examinations</b>.`;
    await db.execute(
      sql`INSERT INTO fragments (id, branch_id, node_id, language_id, seq, cite_key, fragment_uid, group_id,
            has_text, text, owner_id, translation_status, stale, translated_at)
          VALUES (${translationFragmentIdFor(source!.group_id, 'en', alice.user.id)}, ${source!.branch_id},
            ${source!.node_id}, ${en!.language_id}, ${source!.seq}, ${source!.cite_key},
            ${fragmentUidFor('en', 'par-1', text, 0)}, ${source!.group_id}, true, ${text}, ${alice.user.id},
            'translated', false, now())`,
    );
  }, 120_000);
  afterAll(() => server?.close());

  const find = (query: string, who?: TestAccount) => {
    const path = `/v1/legal/documents/${actId}/find?${query}`;
    return who ? who.session.get(path) : server.get(path);
  };

  describe('find in the document', () => {
    it("finds in the caller's own layer only: Alice sees her word, Bob and the anonymous do not", async () => {
      const mine = await json(await find(`q=${SECRET}&lang=en`, alice), FindResult);
      expect(mine.total).toBe(1);
      for (const who of [bob, undefined]) {
        const response = await find(`q=${SECRET}&lang=en`, who);
        const result = await json(response, FindResult);
        expect(result).toEqual({ query: SECRET, total: 0, items: [] });
        expect(JSON.stringify(result)).not.toContain('examinations');
      }
    });

    it('treats LIKE and regular-expression characters as text', async () => {
      for (const q of ['%', '_', '.*', '\\', '(', '[a-z]+', "'; --"]) {
        const response = await find(`q=${encodeURIComponent(q)}`);
        expect(response.status, q).toBe(200);
        expect((await json(response, FindResult)).total, q).toBe(0);
      }
    });

    it('refuses an oversized or empty query and a malformed id with 400, an unknown id with 404', async () => {
      await expectApiError(await find(`q=${'a'.repeat(201)}`), 400, 'validation_failed');
      await expectApiError(await find('q='), 400, 'validation_failed');
      await expectApiError(await server.get('/v1/legal/documents/not-a-uuid/find?q=a'), 400, 'validation_failed');
      await expectApiError(await server.get(`/v1/legal/documents/${randomUUID()}/find?q=a`), 404, 'not_found');
    });
  });

  describe('export', () => {
    const exportOf = (query: string, who?: TestAccount) => {
      const path = `/v1/legal/documents/${actId}/export.html?${query}`;
      return who ? who.session.get(path) : server.get(path);
    };

    it("never holds a user's private layer, not even for that user", async () => {
      for (const who of [alice, bob, undefined]) {
        const response = await exportOf('lang=en', who);
        expect(response.status).toBe(200);
        expect(await response.text()).not.toContain(SECRET);
      }
    });

    it('escapes a hostile title and names the file with safe characters only', async () => {
      const { db } = server.database;
      const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>\r\nX-Evil: 1 "; filename=evil.exe`;
      const [before] = await sqlRows<{ metadata: unknown }>(
        db,
        sql`SELECT metadata FROM documents WHERE id = ${actId}`,
      );
      await db.execute(
        sql`UPDATE documents SET metadata = jsonb_set(metadata, '{title}', to_jsonb(${hostile}::text)) WHERE id = ${actId}`,
      );
      try {
        const response = await exportOf('download=1');
        expect(response.status).toBe(200);
        const html = await response.text();
        // As text only: no element, no attribute comes from the title.
        expect(html).not.toMatch(/<script|<img/i);
        expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(response.headers.get('x-evil')).toBeNull();
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+\.html"$/);
        expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      } finally {
        await db.execute(
          sql`UPDATE documents SET metadata = ${JSON.stringify(before!.metadata)}::jsonb WHERE id = ${actId}`,
        );
      }
    });
  });

  describe('ELI aliases', () => {
    const redirectOf = async (path: string) => {
      const response = await fetch(server.url + path, { redirect: 'manual', headers: { accept: 'text/html' } });
      return { status: response.status, location: response.headers.get('location') };
    };

    it('redirects only to our own reader page, whatever the alias holds', async () => {
      expect((await redirectOf('/eli/cz/sb/2020/99')).location).toMatch(new RegExp(`^/documents/${actId}-`));
      const hostile = [
        '/eli//evil.example',
        '/eli/%2F%2Fevil.example',
        '/eli/cz/sb/2020/99/%2F%2Fevil.example',
        '/eli/cz/sb/2020/99/%5C%5Cevil.example',
        '/eli/cz/sb/2020/99/2026-01-01/%0d%0aLocation:%20https:%2F%2Fevil.example',
        '/eli/cz/sb/2020/99/..%2F..%2F..%2Fevil',
        '/eli/cz/sb/2020/99/par-1%E0%A4%A',
        '/eli/cz/sb/2020/99/https:%2F%2Fevil.example',
        '/eli/cz/sb/2020%2F99',
        '/eli\\evil.example',
      ];
      for (const path of hostile) {
        const { status, location } = await redirectOf(path);
        expect(status, path).toBeLessThan(500);
        if (location !== null) {
          expect(location, path).toMatch(new RegExp(`^/documents/${actId}-[a-z0-9-]*(\\?[^\\s\\\\]*)?$`));
          expect(location, path).not.toMatch(/evil/);
        }
      }
    });
  });

  describe('Copilot History', () => {
    it('answers 404 for an unknown id and 400 for a malformed one, to read and to delete', async () => {
      const unknown = randomUUID();
      await expectApiError(await alice.session.get(`/v1/copilot/conversations/${unknown}`), 404, 'not_found');
      await expectApiError(await alice.session.delete(`/v1/copilot/conversations/${unknown}`), 404, 'not_found');
      for (const bad of ['nope', "1'%20OR%20'1'='1", '00000000-0000-0000-0000-00000000000g']) {
        await expectApiError(await alice.session.get(`/v1/copilot/conversations/${bad}`), 400, 'validation_failed');
        await expectApiError(await alice.session.delete(`/v1/copilot/conversations/${bad}`), 400, 'validation_failed');
      }
      await expectApiError(await server.get(`/v1/copilot/conversations/${unknown}`), 401, 'not_authenticated');
    });

    it('keeps a bounded number of messages per conversation, dropping the oldest turns', async () => {
      expect(MAX_MESSAGES_PER_CONVERSATION).toBeGreaterThanOrEqual(100);
      expect(MAX_MESSAGES_PER_CONVERSATION % 2).toBe(0);
      const db = server.database.db;
      const id = randomUUID();
      for (let turn = 1; turn <= 4; turn++) {
        const stored = await storeTurn(
          db,
          { userId: bob.user.id, conversationId: id, question: `Q${turn}`, answer: `A${turn}` },
          undefined,
          4,
        );
        expect(stored).toBe(true);
      }
      const conversation = await json(await bob.session.get(`/v1/copilot/conversations/${id}`), CopilotConversation);
      expect(conversation.messages.map((message) => message.text)).toEqual(['Q3', 'A3', 'Q4', 'A4']);
      // The title stays the first question's.
      expect(conversation.title).toBe('Q1');
    });
  });

  // Last: they use up this server's budget for 127.0.0.1 and for Alice.
  describe('rate limits of the costly reads', () => {
    /** Requests until the first 429 (at most twice the limit: a window may end meanwhile). */
    async function untilLimited(send: () => Promise<Response>, limit: number) {
      for (let sent = 1; sent <= 2 * limit + 1; sent++) {
        const response = await send();
        if (response.status === 429) return { sent, response };
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      throw new Error('never limited');
    }

    it('limits find per user and per address, with Retry-After', async () => {
      // Alice has used a few finds above.
      const { sent, response } = await untilLimited(() => find('q=zkou', alice), FIND_RATE_LIMIT.limit);
      expect(sent).toBeGreaterThan(FIND_RATE_LIMIT.limit - 10);
      await expectApiError(response, 429, 'rate_limited');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another user is counted apart.
      expect((await find('q=zkou', bob)).status).toBe(200);
      const anonymous = await untilLimited(() => find('q=zkou'), FIND_RATE_LIMIT.limit);
      await expectApiError(anonymous.response, 429, 'rate_limited');
    }, 120_000);

    it('limits export per address', async () => {
      const path = `/v1/legal/documents/${actId}/export.html`;
      // The export tests above have used a few.
      const { sent, response } = await untilLimited(() => server.get(path), EXPORT_RATE_LIMIT.limit);
      expect(sent).toBeGreaterThan(EXPORT_RATE_LIMIT.limit - 10);
      await expectApiError(response, 429, 'rate_limited');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }, 120_000);

    it('limits the full-text search per address, with Retry-After', async () => {
      const { sent, response } = await untilLimited(() => server.get('/v1/search?q=zkou'), SEARCH_RATE_LIMIT.limit);
      expect(sent).toBeGreaterThan(SEARCH_RATE_LIMIT.limit - 10);
      await expectApiError(response, 429, 'rate_limited');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      // A logged-in reader is counted apart from the address.
      expect((await bob.session.get('/v1/search?q=zkou')).status).toBe(200);
    }, 120_000);
  });
});
