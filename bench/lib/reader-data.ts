// Data for the reader bench: the corpus document with the most fragments (main branch, main
// language), a 5,000-fragment Czech work joined from real acts (cached in its own bench
// database), and the plain static HTML page of a document's whole text (the baseline).
import type { Database } from '../../server/db/client.js';
import type { ParsedDocument } from '../../server/importers/model.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { COMPARE_FRAGMENTS, compareVersions } from './compare-work.js';
import { newestCzechWorks } from './corpus.js';

export const READER_WORK_ID = 'bench/reader-5000';

export interface ReaderDocument {
  documentId: string;
  branchId: string;
  externalId: string;
  title: string;
  lang: string;
  languageId: number;
  /** Fragments of the main branch in its main language (what the reader lists). */
  fragments: number;
  withText: number;
  nodes: number;
  textChars: number;
}

const DOCUMENT_COLUMNS = `
  d.id AS "documentId", b.id AS "branchId", d.external_id AS "externalId", d.metadata->>'title' AS title,
  l.iso_639_1 AS lang, l.language_id AS "languageId", count(f.id)::int AS fragments,
  (count(f.id) FILTER (WHERE f.has_text))::int AS "withText", b.node_count AS nodes,
  coalesce(sum(length(f.text)), 0)::int AS "textChars"`;

const FROM_MAIN = `
  FROM documents d
  JOIN branches b ON b.document_id = d.id AND b.name = 'main'
  JOIN languages l ON l.iso_639_1 = b.languages[1]
  JOIN fragments f ON f.branch_id = b.id AND f.language_id = l.language_id`;

const GROUP = 'GROUP BY d.id, b.id, l.iso_639_1, l.language_id';

function toDocument(row: Record<string, unknown> | undefined): ReaderDocument | undefined {
  if (!row) return undefined;
  return {
    documentId: String(row.documentId),
    branchId: String(row.branchId),
    externalId: String(row.externalId),
    title: String(row.title),
    lang: String(row.lang),
    languageId: Number(row.languageId),
    fragments: Number(row.fragments),
    withText: Number(row.withText),
    nodes: Number(row.nodes),
    textChars: Number(row.textChars),
  };
}

/** The document whose main branch has the most fragments in the branch's main language. */
export async function largestDocument(database: Database): Promise<ReaderDocument> {
  const { rows } = await database.raw(
    `SELECT ${DOCUMENT_COLUMNS} ${FROM_MAIN} ${GROUP} ORDER BY fragments DESC, d.external_id LIMIT 1`,
  );
  const found = toDocument(rows[0]);
  if (!found) throw new Error('the corpus database holds no main branch with fragments');
  return found;
}

export async function documentByExternalId(
  database: Database,
  externalId: string,
): Promise<ReaderDocument | undefined> {
  const { rows } = await database.raw(`SELECT ${DOCUMENT_COLUMNS} ${FROM_MAIN} WHERE d.external_id = $1 ${GROUP}`, [
    externalId,
  ]);
  return toDocument(rows[0]);
}

/** The compare bench's version A (real Czech acts joined to 5,000 fragments) as its own work. */
export async function readerWork(): Promise<ParsedDocument> {
  const { a } = compareVersions(await newestCzechWorks());
  return {
    ...a,
    externalId: READER_WORK_ID,
    metadata: { ...a.metadata, title: 'Čtecí dílo: 5 000 fragmentů spojených českých předpisů' },
  };
}

/** The 5,000-fragment work in `database`, stored once (later runs find it there). */
export async function ensureReaderWork(
  database: Database,
  log: (line: string) => void,
): Promise<{ doc: ReaderDocument; builtS?: number }> {
  const found = await documentByExternalId(database, READER_WORK_ID);
  if (found?.fragments === COMPARE_FRAGMENTS) return { doc: found };
  log(`  storing the ${COMPARE_FRAGMENTS}-fragment work ${READER_WORK_ID} (once; cached afterwards)...`);
  const started = performance.now();
  await storeVersion(database.db, await readerWork(), 'bench:reader-5000');
  const doc = await documentByExternalId(database, READER_WORK_ID);
  if (!doc) throw new Error(`${READER_WORK_ID} was not stored`);
  return { doc, builtS: Math.round((performance.now() - started) / 100) / 10 };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The whole text of `doc` as one plain HTML page: a heading where a node's run of fragments
 * starts (cite key + title, as the reader's node header), then a paragraph per fragment.
 */
export async function staticPage(database: Database, doc: ReaderDocument): Promise<string> {
  const { rows } = await database.raw(
    `SELECT f.node_id AS "nodeId", f.cite_key AS "citeKey", f.has_text AS "hasText", f.text,
            n.cite_key AS "nodeCite", n.title AS "nodeTitle"
       FROM fragments f JOIN nodes n ON n.id = f.node_id
      WHERE f.branch_id = $1 AND f.language_id = $2
      ORDER BY f.seq`,
    [doc.branchId, doc.languageId],
  );
  const parts: string[] = [
    `<!doctype html><html lang="${doc.lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.title)}</title>`,
    '<style>body{font:16px/1.6 system-ui,sans-serif;max-width:48em;margin:2em auto;padding:0 1em}h3{font-size:1.05em;margin:1.2em 0 .4em}p{margin:0 0 .6em}</style>',
    `</head><body><h1>${escapeHtml(doc.title)}</h1>`,
  ];
  let previousNode: unknown;
  for (const row of rows) {
    if (row.nodeId !== previousNode) {
      const heading = [row.nodeCite ?? row.citeKey, row.nodeTitle]
        .filter((part) => part)
        .map((part) => escapeHtml(String(part)));
      if (heading.length) parts.push(`<h3>${heading.join(' ')}</h3>`);
      previousNode = row.nodeId;
    }
    parts.push(
      row.hasText
        ? `<p class="t">${escapeHtml(String(row.text))}</p>`
        : `<p class="c">${escapeHtml(String(row.citeKey ?? ''))}</p>`,
    );
  }
  parts.push('</body></html>');
  return parts.join('\n');
}
