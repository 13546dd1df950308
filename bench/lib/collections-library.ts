// The collections bench's database: the real corpus plus document rows cloned in SQL (documents
// and their branches, no text) up to 6,000 documents, a user with 1,000 collections (one of them
// public, with 5,000 items), and other owners' collections around them; cached between runs.
import { hashPassword } from '../../server/auth/password-hash.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/auth/rate-limit.js';
import type { Database, Engine } from '../../server/db/client.js';
import { importPaths } from '../../server/importers/import-files.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { assertCorpus } from './corpus.js';
import { countRows, openBenchDatabase } from './engines.js';

/** Bumped when the seed changes: a cached database of another version is rebuilt. */
const SEED_VERSION = 3;
export const LIBRARY_DOCUMENTS = 6_000;
export const BIG_COLLECTION_ITEMS = 5_000;
/** The bench user's collections: owned plus maintained (scope=mine lists both). */
export const MINE_OWNED = 950;
export const MINE_MAINTAINED = 50;
const OTHER_OWNERS = 200;
const COLLECTIONS_PER_OTHER_OWNER = 20;
const ORGS = 10;
const COLLECTIONS_PER_ORG = 50;
const ITEMS_PER_SMALL_COLLECTION = 8;

export const BENCH_USER = {
  email: 'kolekce@bench.example.cz',
  password: 'Bench-heslo-Sazava-2026!',
  first_name: 'Kolekce',
  last_name: 'Bench',
};
export const BIG_COLLECTION_SLUG = 'prehled-predpisu';
const CSRF = 'bench-csrf-token';
export const CSRF_HEADERS = { cookie: `csrf_token=${CSRF}`, 'x-csrf-token': CSRF };
const UNLIMITED = { limit: 1_000_000_000, windowSeconds: 60 };

/** Accounts options without rate limits: the bench logs in from one address again and again. */
export const benchAccounts = () => ({
  publicUrl: 'http://127.0.0.1',
  mailer: new MemoryMailer(),
  rateLimits: Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, UNLIMITED]),
  ) as unknown as RateLimits,
  maxFailedLogins: 1_000_000,
});

export interface CollectionsLibrary {
  database: Database;
  documents: number;
  collections: number;
  items: number;
  userId: string;
  handle: string;
  bigCollectionId: string;
  /** Seconds spent building it in this run; undefined when the cached database was reused. */
  buildS?: number;
}

const TOPICS = [
  'Pracovní právo',
  'Nájem bytu',
  'Ochrana osobních údajů',
  'Stavební řízení',
  'Insolvence',
  'Daň z příjmů',
  'Veřejné zakázky',
  'Ochrana spotřebitele',
  'Rodinné právo',
  'Obchodní korporace',
  'Správní řízení',
  'Trestní řízení',
  'Katastr nemovitostí',
  'Energetika',
  'Zdravotnictví',
  'Školství',
  'Doprava',
  'Životní prostředí',
  'Kybernetická bezpečnost',
  'Hospodářská soutěž',
];
const CLIENTS = ['Novák', 'Svoboda', 'Dvořák', 'Černá', 'Procházka', 'Kučera', 'Veselá', 'Horák', 'Němec', 'Pokorná'];

/** A collection name from its number: topics and clients interleave, so owners mix in name order. */
const nameSql = (n: string) =>
  `(ARRAY[${TOPICS.map((t) => `'${t}'`).join(',')}])[(${n} * 7) % ${TOPICS.length} + 1] || ' – ' ||
   (ARRAY[${CLIENTS.map((c) => `'${c}'`).join(',')}])[(${n} * 3) % ${CLIENTS.length} + 1] || ' ' || (2015 + ${n} % 11)::text`;

async function seededVersion(database: Database): Promise<number | null> {
  const { rows } = await database.raw(`SELECT to_regclass('bench_collections_seed') IS NOT NULL AS present`);
  if (!rows[0]?.present) return null;
  const seed = await database.raw('SELECT version FROM bench_collections_seed');
  return seed.rows[0] ? Number(seed.rows[0].version) : null;
}

/**
 * The bench user, with a real argon2id hash of its password (it logs in through the app every run).
 * Inserted in SQL rather than through POST /auth/register: the register route's password check
 * starts a worker thread that keeps the bench process from exiting (see BENCHMARKS.md).
 */
async function createBenchUser(database: Database): Promise<void> {
  await database.raw(
    `INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, language, email_verified_at)
     VALUES (bench_uuid('bench-user'), $1, '+420601200300', 'kolekce-bench', $2, $3, $4, 'cs', now())`,
    [BENCH_USER.email, await hashPassword(BENCH_USER.password), BENCH_USER.first_name, BENCH_USER.last_name],
  );
}

/** Clones of the real documents (rows only: documents and every branch), up to LIBRARY_DOCUMENTS. */
async function cloneDocuments(database: Database): Promise<void> {
  const real = await countRows(database, 'documents');
  const missing = LIBRARY_DOCUMENTS - real;
  const rounds = Math.ceil(missing / real);
  // One statement: the branches' foreign keys are checked at its end, after the documents exist.
  await database.raw(
    `WITH src AS (
       SELECT d.*, row_number() OVER (ORDER BY d.external_id) - 1 AS i, count(*) OVER () AS n FROM documents d
     ), pairs AS (
       SELECT s.id AS src_id, k, bench_uuid(s.id::text || ':' || k) AS new_id, s.external_id, s.external_key,
              s.metadata, s.search_text, s.published_date, s.effective_date, s.expiry_date
       FROM src s CROSS JOIN generate_series(1, $1::int) AS k
       WHERE (k - 1) * s.n + s.i < $2::int
     ), docs AS (
       INSERT INTO documents (id, external_id, external_key, metadata, search_text, published_date, effective_date, expiry_date)
       SELECT new_id, external_id || ' [kopie ' || k || ']', external_key || ' kopie ' || k,
              jsonb_set(metadata, '{title}', to_jsonb((metadata->>'title') || ' (kopie ' || k || ')')),
              search_text || ' kopie ' || k, published_date, effective_date, expiry_date
       FROM pairs
       RETURNING id
     )
     INSERT INTO branches (id, document_id, name, kind, valid_from, content_hash, source_file, node_count, fragment_count, languages)
     SELECT bench_uuid(b.id::text || ':' || p.k), p.new_id, b.name, b.kind, b.valid_from, b.content_hash,
            'bench-clone', 0, 0, b.languages
     FROM pairs p JOIN branches b ON b.document_id = p.src_id`,
    [rounds, missing],
  );
}

/** Users, organizations, collections, items and maintainers, all in bulk SQL. */
async function seedCollections(database: Database, userId: string, maintainerAccepted: boolean): Promise<void> {
  const raw = database.raw;
  await raw(
    `INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, email_verified_at)
     SELECT bench_uuid('bench-owner:' || g), 'owner' || g || '@bench.example.cz', '+420700' || lpad(g::text, 6, '0'),
            'bench-owner-' || g, '-', 'Vlastník', 'Číslo ' || g, now()
     FROM generate_series(1, ${OTHER_OWNERS}) AS g`,
  );
  await raw(
    `INSERT INTO organizations (id, slug, name)
     SELECT bench_uuid('bench-org:' || g), 'bench-kancelar-' || g, 'Advokátní kancelář ' || g
     FROM generate_series(1, ${ORGS}) AS g`,
  );
  // Every other owner belongs to one organization; the bench user is a member of three.
  await raw(
    `INSERT INTO org_members (org_id, user_id, role)
     SELECT bench_uuid('bench-org:' || ((g - 1) % ${ORGS} + 1)), bench_uuid('bench-owner:' || g),
            CASE WHEN g <= ${ORGS} THEN 'owner' ELSE 'member' END
     FROM generate_series(1, ${OTHER_OWNERS}) AS g
     UNION ALL
     SELECT bench_uuid('bench-org:' || g), $1::uuid, 'member' FROM generate_series(1, 3) AS g`,
    [userId],
  );
  // The bench user's own collections; number 1 is the big public one.
  await raw(
    `INSERT INTO collections (id, owner_user_id, name, slug, description, visibility)
     SELECT bench_uuid('mine:' || g), $1::uuid,
            CASE WHEN g = 1 THEN 'Přehled předpisů pro praxi' ELSE ${nameSql('g')} END,
            CASE WHEN g = 1 THEN '${BIG_COLLECTION_SLUG}' ELSE 'kolekce-' || g END,
            CASE WHEN g % 4 = 0 THEN 'Předpisy ke spisu č. ' || g || ', seřazené podle důležitosti.' END,
            CASE WHEN g = 1 OR g % 10 = 0 THEN 'public' ELSE 'private' END
     FROM generate_series(1, ${MINE_OWNED}) AS g`,
    [userId],
  );
  await raw(
    `INSERT INTO collections (id, owner_user_id, name, slug, visibility)
     SELECT bench_uuid('other:' || g), bench_uuid('bench-owner:' || ((g - 1) % ${OTHER_OWNERS} + 1)),
            ${nameSql('g')}, 'kolekce-' || g, CASE WHEN g % 4 = 0 THEN 'public' ELSE 'private' END
     FROM generate_series(1, ${OTHER_OWNERS * COLLECTIONS_PER_OTHER_OWNER}) AS g`,
  );
  await raw(
    `INSERT INTO collections (id, owner_org_id, name, slug, visibility)
     SELECT bench_uuid('org:' || g), bench_uuid('bench-org:' || ((g - 1) % ${ORGS} + 1)),
            ${nameSql('g')}, 'kolekce-' || g,
            CASE WHEN g % 5 = 0 THEN 'public' WHEN g % 2 = 0 THEN 'team' ELSE 'private' END
     FROM generate_series(1, ${ORGS * COLLECTIONS_PER_ORG}) AS g`,
  );
  // The bench user maintains 50 other owners' collections; other owners maintain some too.
  const accepted = maintainerAccepted ? ', accepted_at' : '';
  const acceptedValue = maintainerAccepted ? ', now()' : '';
  await raw(
    `INSERT INTO collection_maintainers (collection_id, user_id${accepted})
     SELECT bench_uuid('other:' || (g * 80)), $1::uuid${acceptedValue} FROM generate_series(1, ${MINE_MAINTAINED}) AS g
     UNION ALL
     SELECT bench_uuid('other:' || g), bench_uuid('bench-owner:' || ((g + 7) % ${OTHER_OWNERS} + 1))${acceptedValue}
     FROM generate_series(1, ${OTHER_OWNERS * COLLECTIONS_PER_OTHER_OWNER}) AS g WHERE g % 8 = 3`,
    [userId],
  );
  await raw(
    `INSERT INTO collection_maintainers (collection_id, org_id${accepted})
     SELECT bench_uuid('other:' || g), bench_uuid('bench-org:' || (g % ${ORGS} + 1))${acceptedValue}
     FROM generate_series(1, ${OTHER_OWNERS * COLLECTIONS_PER_OTHER_OWNER}) AS g WHERE g % 50 = 7`,
  );
  // The big collection: 5,000 distinct documents in a pseudo-random order, a note on every third,
  // every fifth pinned to its first version's date (resolved to a snapshot at read time).
  await raw(
    `WITH picked AS (
       SELECT d.id, row_number() OVER (ORDER BY md5(d.id::text)) AS position,
              (SELECT min(b.valid_from) FROM branches b WHERE b.document_id = d.id) AS first_version
       FROM documents d
     )
     INSERT INTO collection_items (collection_id, document_id, position, note, as_of)
     SELECT bench_uuid('mine:1'), id, position,
            CASE WHEN position % 3 = 0 THEN 'Položka ' || position || ': použít při posouzení lhůt a přechodných ustanovení.' END,
            CASE WHEN position % 5 = 0 THEN first_version END
     FROM picked WHERE position <= ${BIG_COLLECTION_ITEMS}`,
  );
  // Every other collection: 8 documents each, spread over the library.
  await raw(
    `WITH docs AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM documents),
     owners AS (
       SELECT c.id, row_number() OVER (ORDER BY c.id) AS n FROM collections c WHERE c.id <> bench_uuid('mine:1')
     )
     INSERT INTO collection_items (collection_id, document_id, position)
     SELECT o.id, d.id, j + 1
     FROM owners o CROSS JOIN generate_series(0, ${ITEMS_PER_SMALL_COLLECTION - 1}) AS j
     JOIN docs d ON d.i = (o.n * 37 + j * 101) % ${LIBRARY_DOCUMENTS}`,
  );
  await raw('CREATE TABLE bench_collections_seed (version integer NOT NULL, built_at timestamptz NOT NULL)');
  await raw('INSERT INTO bench_collections_seed VALUES ($1, now())', [SEED_VERSION]);
}

async function describe(database: Database, buildS?: number): Promise<CollectionsLibrary> {
  const { rows } = await database.raw(
    `SELECT u.id, u.username,
            (SELECT count(*)::int FROM collections) AS collections,
            (SELECT count(*)::int FROM collection_items) AS items
     FROM users u WHERE u.email = $1`,
    [BENCH_USER.email],
  );
  const row = rows[0];
  if (!row) throw new Error('the collections bench user is missing');
  const big = await database.raw(
    `SELECT c.id, (SELECT count(*)::int FROM collection_items i WHERE i.collection_id = c.id) AS n
     FROM collections c WHERE c.owner_user_id = $1 AND c.slug = $2`,
    [row.id, BIG_COLLECTION_SLUG],
  );
  if (Number(big.rows[0]?.n) !== BIG_COLLECTION_ITEMS) throw new Error('the big collection is not as seeded');
  return {
    database,
    documents: await countRows(database, 'documents'),
    collections: Number(row.collections),
    items: Number(row.items),
    userId: String(row.id),
    handle: String(row.username),
    bigCollectionId: String(big.rows[0]!.id),
    buildS,
  };
}

export async function openCollectionsLibrary(engine: Engine, log: (line: string) => void): Promise<CollectionsLibrary> {
  // A cached database whose migrations no longer apply (the schema moved on) is rebuilt too.
  const cached = await openBenchDatabase(engine, 'collections', false).catch((error: unknown) => {
    log(
      `  the cached collections database does not open (${error instanceof Error ? error.message.split('\n')[0] : error})`,
    );
    return undefined;
  });
  if (cached) {
    if ((await seededVersion(cached)) === SEED_VERSION) return describe(cached);
    await cached.close();
  }
  log(`  building the collections database (corpus import + SQL seed)...`);
  const started = performance.now();
  const database = await openBenchDatabase(engine, 'collections', true);
  try {
    await importPaths(database.db, [assertCorpus()]);
    // Deterministic ids that pass the API's UUID check (version 4, RFC variant).
    await database.raw(
      `CREATE FUNCTION bench_uuid(text) RETURNS uuid LANGUAGE sql IMMUTABLE
       AS $$ SELECT overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$`,
    );
    await cloneDocuments(database);
    if ((await countRows(database, 'documents')) !== LIBRARY_DOCUMENTS)
      throw new Error(`expected ${LIBRARY_DOCUMENTS} documents after cloning`);
    await createBenchUser(database);
    const { rows } = await database.raw('SELECT id FROM users WHERE email = $1', [BENCH_USER.email]);
    const maintainerAccepted =
      (
        await database.raw(
          `SELECT 1 FROM information_schema.columns WHERE table_name = 'collection_maintainers' AND column_name = 'accepted_at'`,
        )
      ).rows.length > 0;
    await seedCollections(database, String(rows[0]!.id), maintainerAccepted);
  } catch (error) {
    await database.close();
    throw error;
  }
  const buildS = Math.round((performance.now() - started) / 100) / 10;
  log(`  built in ${buildS} s`);
  return describe(database, buildS);
}
