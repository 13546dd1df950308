// The scaled search library (issue 14): the real corpus imported, then copies of its documents made
// in SQL (documents, versions, nodes, alignment groups, imported fragments and their provision_search
// rows, each under new ids and external ids '<id> #<copy>', titles '<title> (kopie <copy>)') until the
// database holds `target` fragments. The texts are the corpus' own varied provisions, each repeated
// once per copy; spans and aliases are not copied (the search reads neither for the copies).
// The secondary indexes of the copied tables are dropped before the copies and built again after
// (timed: the index build of the scaled corpus). Built once per engine and size, then reused.
import type { Database, Engine } from '../../server/db/client.js';
import { importPaths } from '../../server/importers/import-files.js';
import { assertCorpus } from './corpus.js';
import { countRows, openBenchDatabase } from './engines.js';

const TABLES = ['documents', 'branches', 'nodes', 'alignment_groups', 'fragments', 'provision_search'];

export interface SearchLibrary {
  database: Database;
  name: string;
  fragments: number;
  provisions: number;
  documents: number;
  /** Set when built in this run. */
  build?: { importS: number; copyS: number; indexS: number; copies: number; indexes: { name: string; s: number }[] };
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** Copy `copy`'s new id of an id column: deterministic, so a copy's rows point at each other. */
const idOf = (column: string, copy: number) => `md5(${column}::text || ':${copy}')::uuid`;

/** The statements that copy the documents `ids` (a uuid[] literal in $1) as copy number `copy`. */
function copyStatements(copy: number): string[] {
  const id = (column: string) => idOf(column, copy);
  return [
    `INSERT INTO documents (id, external_id, external_key, metadata, search_text, search_vector, published_date,
       effective_date, expiry_date, updated_at)
     SELECT ${id('d.id')}, d.external_id || ' #${copy}', d.external_key || ' #${copy}',
       jsonb_set(d.metadata, '{title}', to_jsonb(coalesce(d.metadata->>'title', '') || ' (kopie ${copy})')),
       d.search_text || ' kopie ${copy}', d.search_vector, d.published_date, d.effective_date, d.expiry_date, d.updated_at
     FROM documents d WHERE d.id = ANY($1::uuid[])`,
    `INSERT INTO branches (id, document_id, name, kind, valid_from, created_at, content_hash, source_file, node_count,
       fragment_count, languages)
     SELECT ${id('b.id')}, ${id('b.document_id')}, b.name, b.kind, b.valid_from, b.created_at, b.content_hash,
       b.source_file, b.node_count, b.fragment_count, b.languages
     FROM branches b WHERE b.document_id = ANY($1::uuid[])`,
    `INSERT INTO nodes (id, branch_id, node_type, type, title, titles, cite_key, external_id, order_index, depth,
       derived_parent_id)
     SELECT ${id('n.id')}, ${id('n.branch_id')}, n.node_type, n.type, n.title, n.titles, n.cite_key, n.external_id,
       n.order_index, n.depth, CASE WHEN n.derived_parent_id IS NULL THEN NULL ELSE ${id('n.derived_parent_id')} END
     FROM nodes n JOIN branches b ON b.id = n.branch_id WHERE b.document_id = ANY($1::uuid[])`,
    `INSERT INTO alignment_groups (group_id, branch_id, node_id)
     SELECT ${id('g.group_id')}, ${id('g.branch_id')}, ${id('g.node_id')}
     FROM alignment_groups g JOIN branches b ON b.id = g.branch_id WHERE b.document_id = ANY($1::uuid[])`,
    `INSERT INTO fragments (id, branch_id, node_id, language_id, seq, cite_key, fragment_uid, group_id, has_text, text,
       stale, aligned)
     SELECT ${id('f.id')}, ${id('f.branch_id')}, ${id('f.node_id')}, f.language_id, f.seq, f.cite_key, f.fragment_uid,
       ${id('f.group_id')}, f.has_text, f.text, f.stale, f.aligned
     FROM fragments f JOIN branches b ON b.id = f.branch_id
     WHERE b.document_id = ANY($1::uuid[]) AND f.owner_id IS NULL`,
    `INSERT INTO provision_search (fragment_id, branch_id, document_id, node_id, language_id, seq, heading, cite_chain,
       vector)
     SELECT ${id('p.fragment_id')}, ${id('p.branch_id')}, ${id('p.document_id')}, ${id('p.node_id')}, p.language_id,
       p.seq, p.heading, p.cite_chain, p.vector
     FROM provision_search p WHERE p.document_id = ANY($1::uuid[])`,
  ];
}

/** The indexes of the copied tables that no constraint owns (primary keys and UNIQUE constraints stay). */
async function secondaryIndexes(database: Database): Promise<{ name: string; definition: string }[]> {
  const { rows } = await database.raw(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
      ORDER BY i.tablename, i.indexname`,
    [`{${TABLES.join(',')}}`],
  );
  return rows.map((row) => ({ name: String(row.name), definition: String(row.definition) }));
}

async function isComplete(database: Database, target: number): Promise<boolean> {
  const { rows } = await database.raw(`SELECT to_regclass('bench_search_library') IS NOT NULL AS present`);
  if (!rows[0]?.present) return false;
  const built = await database.raw(`SELECT target FROM bench_search_library`);
  return Number(built.rows[0]?.target) === target;
}

export async function openSearchLibrary(
  engine: Engine,
  target: number,
  log: (line: string) => void,
): Promise<SearchLibrary> {
  const name = `search_${target}`;
  let database = await openBenchDatabase(engine, name, false);
  let build: SearchLibrary['build'];
  if (!(await isComplete(database, target))) {
    await database.close();
    database = await openBenchDatabase(engine, name, true);
    log(`  building the search library of ${target.toLocaleString('en')} fragments (${engine}; once, then cached)...`);
    let started = performance.now();
    await importPaths(database.db, [assertCorpus()]);
    const importS = seconds(started);
    const base = await database.raw(
      `SELECT b.document_id AS id, count(*)::int AS fragments FROM fragments f JOIN branches b ON b.id = f.branch_id
        WHERE f.owner_id IS NULL GROUP BY b.document_id ORDER BY min(b.created_at), b.document_id`,
    );
    const docs = base.rows.map((row) => ({ id: String(row.id), fragments: Number(row.fragments) }));
    let have = await countRows(database, 'fragments');
    log(`    corpus imported in ${importS} s: ${docs.length} documents, ${have} fragments; copying...`);
    started = performance.now();
    const indexes = await secondaryIndexes(database);
    for (const index of indexes) await database.raw(`DROP INDEX ${index.name}`);
    let copy = 0;
    while (have < target) {
      copy++;
      const chosen: string[] = [];
      for (const doc of docs) {
        if (have >= target) break;
        chosen.push(doc.id);
        have += doc.fragments;
      }
      for (const statement of copyStatements(copy)) await database.raw(statement, [`{${chosen.join(',')}}`]);
      log(`    copy ${copy}: ${chosen.length} documents, ${have} fragments`);
    }
    const copyS = seconds(started);
    started = performance.now();
    const timed: { name: string; s: number }[] = [];
    await database.raw(`SET maintenance_work_mem = '256MB'`).catch(() => undefined);
    for (const index of indexes) {
      const t0 = performance.now();
      await database.raw(index.definition);
      timed.push({ name: index.name, s: seconds(t0) });
      log(`    index ${index.name}: ${seconds(t0)} s`);
    }
    const indexS = seconds(started);
    await database.raw('ANALYZE');
    await database.raw(`CREATE TABLE bench_search_library (target integer NOT NULL, built_at timestamptz NOT NULL)`);
    await database.raw(`INSERT INTO bench_search_library VALUES ($1, now())`, [target]);
    build = { importS, copyS, indexS, copies: copy, indexes: timed };
  }
  const provisions = await database.raw(`SELECT count(*)::int AS n FROM provision_search`);
  return {
    database,
    name,
    fragments: await countRows(database, 'fragments'),
    provisions: Number(provisions.rows[0]?.n ?? 0),
    documents: await countRows(database, 'documents'),
    build,
  };
}

/** Sizes of the search's tables and indexes (bytes), and of the whole database. */
export async function searchSizes(database: Database): Promise<Record<string, number>> {
  const { rows } = await database.raw(
    `SELECT c.relname AS name, pg_relation_size(c.oid)::bigint AS bytes FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace
        AND (c.relname IN ('provision_search', 'fragments', 'documents')
          OR c.relname LIKE 'provision_search%idx' OR c.relname LIKE 'fragments%trgm%' OR c.relname LIKE 'documents_search%')
      ORDER BY c.relname`,
  );
  const sizes: Record<string, number> = Object.fromEntries(rows.map((row) => [String(row.name), Number(row.bytes)]));
  const total = await database.raw(`SELECT pg_database_size(current_database())::bigint AS bytes`);
  sizes.database = Number(total.rows[0]?.bytes ?? 0);
  return sizes;
}
