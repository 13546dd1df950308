// The translation-memory bench database (`lexhub_bench_memory` / data/bench/pglite-memory): the
// whole corpus imported with the real importer (DGT-TM into tm_units/tm_segments and as library
// documents), then library copies of the real Czech texts up to 50,000 Czech fragments with text,
// and two users' private translation layers. Built once, reused while it has that shape.
import type { Database, Engine } from '../../server/db/client.js';
import { importPaths } from '../../server/importers/import-files.js';
import { assertCorpus } from './corpus.js';
import { openBenchDatabase } from './engines.js';

/** Czech library fragments with text the lookup scans (real + copies). */
export const CZECH_LIBRARY_FRAGMENTS = 50_000;
/** Saved translations (English) per bench user: the private layers a viewer filter must skip. */
export const LAYER_FRAGMENTS_PER_USER = 1_000;
export const BENCH_USERS = ['00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000b002'] as const;
const MARKER = 'lexhub-bench-memory-v2';
/** A version-4 UUID from an md5 (the API's zod checks version and variant). */
const uuidOf = (expr: string) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * The copies, in order, until the Czech library reaches CZECH_LIBRARY_FRAGMENTS. Each copies
 * every branch holding Czech text into a new document `<real id> (bench <name>)`; `numbers`
 * copies keep the branch's English fragments too (same transform), as an amended act already
 * translated would; `shuffled` is Czech only. Digits are mapped with translate(), words are
 * shuffled by a hash of word and position.
 */
const VARIANTS = [
  { name: 'numbers-1', withEnglish: true, text: (t: string) => `translate(${t}, '0123456789', '1234567890')` },
  {
    name: 'shuffled',
    withEnglish: false,
    text: (t: string) =>
      `array_to_string(ARRAY(SELECT w FROM unnest(string_to_array(${t}, ' ')) WITH ORDINALITY AS u(w, i) ORDER BY md5(w || i::text)), ' ')`,
  },
  { name: 'numbers-5', withEnglish: true, text: (t: string) => `translate(${t}, '0123456789', '5678901234')` },
] as const;

export interface MemoryLibrary {
  database: Database;
  /** What it holds, for the report. */
  shape: Record<string, number>;
}

async function count(database: Database, query: string): Promise<number> {
  const { rows } = await database.raw(query);
  return Number(rows[0]?.n ?? 0);
}

const czechWithText = `SELECT count(*)::int AS n FROM fragments f JOIN languages l ON l.language_id = f.language_id
  WHERE l.iso_639_1 = 'cs' AND f.has_text AND f.owner_id IS NULL`;

export async function describeLibrary(database: Database): Promise<Record<string, number>> {
  return {
    documents: await count(database, 'SELECT count(*)::int AS n FROM documents'),
    syntheticDocuments: await count(
      database,
      `SELECT count(*)::int AS n FROM documents WHERE metadata->>'bench' = '${MARKER}'`,
    ),
    fragments: await count(database, 'SELECT count(*)::int AS n FROM fragments'),
    czechFragmentsWithText: await count(database, czechWithText),
    englishFragmentsWithText: await count(
      database,
      `SELECT count(*)::int AS n FROM fragments f JOIN languages l ON l.language_id = f.language_id
       WHERE l.iso_639_1 = 'en' AND f.has_text AND f.owner_id IS NULL`,
    ),
    savedTranslations: await count(database, 'SELECT count(*)::int AS n FROM fragments WHERE owner_id IS NOT NULL'),
    tmUnits: await count(database, 'SELECT count(*)::int AS n FROM tm_units'),
    tmSegments: await count(database, 'SELECT count(*)::int AS n FROM tm_segments'),
    tmCzechSegments: await count(
      database,
      `SELECT count(*)::int AS n FROM tm_segments s JOIN languages l ON l.language_id = s.language_id WHERE l.iso_639_1 = 'cs'`,
    ),
  };
}

async function ready(database: Database): Promise<boolean> {
  const shape = await describeLibrary(database).catch(() => undefined);
  return (
    shape !== undefined &&
    shape.czechFragmentsWithText === CZECH_LIBRARY_FRAGMENTS &&
    (shape.syntheticDocuments ?? 0) > 0 &&
    shape.savedTranslations === LAYER_FRAGMENTS_PER_USER * BENCH_USERS.length &&
    (shape.tmSegments ?? 0) > 0
  );
}

async function addCopies(database: Database, log: (line: string) => void) {
  for (const variant of VARIANTS) {
    const missing = CZECH_LIBRARY_FRAGMENTS - (await count(database, czechWithText));
    if (missing <= 0) break;
    const v = `'${variant.name}'`;
    // Branches (and their documents) that hold Czech text.
    const sources = `SELECT DISTINCT f.branch_id FROM fragments f JOIN languages l ON l.language_id = f.language_id
                     WHERE l.iso_639_1 = 'cs' AND f.has_text AND f.owner_id IS NULL
                       AND NOT EXISTS (SELECT 1 FROM documents d JOIN branches b ON b.document_id = d.id
                                       WHERE b.id = f.branch_id AND d.metadata->>'bench' = '${MARKER}')`;
    await database.raw(
      `INSERT INTO documents (id, external_id, external_key, metadata, search_text, published_date, effective_date)
       SELECT ${uuidOf(`${v} || d.id::text`)}, d.external_id || ' (bench ${variant.name})',
              d.external_key || ' bench ${variant.name}',
              d.metadata || jsonb_build_object('bench', '${MARKER}', 'title', (d.metadata->>'title') || ' (bench ${variant.name})'),
              d.search_text || ' bench ${variant.name}', d.published_date, d.effective_date
       FROM documents d WHERE d.id IN (SELECT b.document_id FROM branches b WHERE b.id IN (${sources}))`,
    );
    await database.raw(
      `INSERT INTO branches (id, document_id, name, kind, valid_from, content_hash, languages)
       SELECT ${uuidOf(`${v} || b.id::text`)}, ${uuidOf(`${v} || b.document_id::text`)}, b.name, b.kind, b.valid_from,
              md5(${v} || b.content_hash), b.languages
       FROM branches b WHERE b.id IN (${sources})`,
    );
    // The first `missing` Czech fragments (by id: spread over every branch), and their English partners.
    const languages = variant.withEnglish ? `('cs', 'en')` : `('cs')`;
    await database.raw(
      `WITH picked AS (
         SELECT f.id, f.group_id FROM fragments f JOIN languages l ON l.language_id = f.language_id
         WHERE l.iso_639_1 = 'cs' AND f.has_text AND f.owner_id IS NULL AND f.branch_id IN (${sources})
         ORDER BY f.id LIMIT ${missing}
       )
       INSERT INTO fragments (id, branch_id, node_id, language_id, seq, cite_key, fragment_uid, group_id, has_text, text)
       SELECT ${uuidOf(`${v} || f.id::text`)}, ${uuidOf(`${v} || f.branch_id::text`)}, f.node_id, f.language_id, f.seq,
              f.cite_key, f.fragment_uid, ${uuidOf(`${v} || f.group_id::text`)}, f.has_text,
              CASE WHEN f.has_text THEN ${variant.text('f.text')} ELSE f.text END
       FROM fragments f JOIN languages l ON l.language_id = f.language_id
       WHERE f.owner_id IS NULL AND l.iso_639_1 IN ${languages}
         AND (f.id IN (SELECT id FROM picked)
              OR (l.iso_639_1 <> 'cs' AND f.group_id IN (SELECT group_id FROM picked)))`,
    );
    log(`  memory library: copies "${variant.name}" added (${missing} Czech fragments were missing)`);
  }
  await database.raw(
    `UPDATE branches b SET fragment_count = (SELECT count(*) FROM fragments f WHERE f.branch_id = b.id)
     WHERE b.document_id IN (SELECT id FROM documents WHERE metadata->>'bench' = '${MARKER}')`,
  );
}

/**
 * Two users, each with a private English layer over Czech-only fragments (acts nobody imported in
 * English), texts taken from DGT-TM English segments: what lookups for other viewers must skip.
 */
async function addLayers(database: Database) {
  for (const [index, userId] of BENCH_USERS.entries()) {
    await database.raw(
      `INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, email_verified_at)
       VALUES ($1, $2, $3, $4, 'x', 'Bench', 'Memory', now())`,
      [userId, `bench-memory-${index}@example.com`, `+42077700000${index}`, `bench-memory-${index}`],
    );
    await database.raw(
      `WITH english AS (
         SELECT s.text, row_number() OVER (ORDER BY s.unit_id) AS n FROM tm_segments s
         JOIN languages l ON l.language_id = s.language_id WHERE l.iso_639_1 = 'en'
       ), czech AS (
         SELECT f.*, row_number() OVER (ORDER BY md5($2 || f.id::text)) AS n FROM fragments f
         JOIN languages l ON l.language_id = f.language_id
         JOIN branches b ON b.id = f.branch_id JOIN documents d ON d.id = b.document_id
         WHERE l.iso_639_1 = 'cs' AND f.has_text AND f.owner_id IS NULL AND d.metadata->>'bench' IS NULL
           AND NOT EXISTS (SELECT 1 FROM fragments e WHERE e.group_id = f.group_id AND e.id <> f.id)
       )
       INSERT INTO fragments (id, branch_id, node_id, language_id, seq, cite_key, fragment_uid, group_id, has_text,
                              text, owner_id, translation_status, translated_at)
       SELECT ${uuidOf('$2 || c.id::text')}, c.branch_id, c.node_id,
              (SELECT language_id FROM languages WHERE iso_639_1 = 'en'), c.seq, c.cite_key, c.fragment_uid,
              c.group_id, true, e.text, $1::uuid, 'translated', now()
       FROM czech c JOIN english e ON e.n = 1 + (c.n * 7) % (SELECT count(*) FROM english)
       WHERE c.n <= ${LAYER_FRAGMENTS_PER_USER}`,
      [userId, `layer-${index}`],
    );
  }
}

/** Opens the memory bench database, building it (about half a minute per engine) when needed. */
export async function openMemoryLibrary(engine: Engine, log: (line: string) => void): Promise<MemoryLibrary> {
  // A migration rewritten since the last build (same tag, new timestamp) fails here: rebuild then.
  let database = await openBenchDatabase(engine, 'memory', false).catch((error: unknown) => {
    log(`  memory library: cannot reuse the cached database (${String(error).slice(0, 120)}...), rebuilding`);
    return undefined;
  });
  if (!database || !(await ready(database))) {
    await database?.close();
    database = await openBenchDatabase(engine, 'memory', true);
    log(`  memory library: importing the corpus into an empty ${engine} database (not timed)...`);
    const report = await importPaths(database.db, [assertCorpus()]);
    if (report.errors.length) log(`  memory library: ${report.errors.length} import errors (ignored)`);
    await addCopies(database, log);
    await addLayers(database);
    await database.raw('ANALYZE');
    if (!(await ready(database)))
      throw new Error(`memory library has the wrong shape: ${JSON.stringify(await describeLibrary(database))}`);
  }
  return { database, shape: await describeLibrary(database) };
}

/**
 * The state a lookup meets: on PostgreSQL, after autovacuum's insert-triggered pass (within a
 * minute of an import), which also empties the trigram GIN indexes' pending lists; PGlite has no
 * autovacuum, so there only ANALYZE (what the importer runs).
 */
export async function settleLibrary(engine: Engine, database: Database) {
  if (engine === 'postgres') await database.raw('VACUUM (ANALYZE) tm_segments, fragments');
  await database.raw('ANALYZE');
}
