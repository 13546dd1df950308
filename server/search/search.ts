// GET /v1/search: citations and short names resolved first, then the full-text match of every
// provision, grouped by document (a title or short-name match outranks a text match), with facets
// counted under the other filters, and the best hits of each listed document with snippet,
// citation and the `?p=` path. No hits: the words corrected to the library's vocabulary (a fuzzy
// match, ranked below), then any word instead of every word.
import { sql } from 'drizzle-orm';
import type {
  ProvisionHit,
  SearchFacets,
  SearchGroup,
  SearchQuery,
  SearchResolution,
  SearchResult,
} from '../../src/api/contract/search.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { correctWords } from '../library/autocomplete.js';
import { isCitation, parseCitation, type CitationQuery } from './citation-query.js';
import { documentsInfo, type DocumentInfo } from './documents-info.js';
import { matchCounts, textQuery, topHits, type HitRow, type MatchRow, type TextQuery } from './full-text.js';
import { hitCitation } from './hit-citation.js';
import { parseQuery, type ParsedQuery, type QueryTerm } from './parse-query.js';
import {
  documentByAlias,
  documentByNumber,
  provisionIn,
  provisionsAnywhere,
  type ResolvedDocument,
  type ResolvedProvision,
} from './resolve-citation.js';
import { snippetOf } from './snippet.js';
import { CITED_NUMBERS } from './known-aliases.js';

/** Score added to what the query's citation or short name names, so it comes first. */
const RESOLVED_BOOST = 10;
/** A title or short-name match outranks any text match (text ranks stay below 1). */
const TITLE_BOOST = 1;
/** Corrected words and any-word matches rank below what was typed. */
const FALLBACK_FACTOR = 0.5;
/**
 * The hierarchy of norms at equal text relevance: constitutional acts first, a party's internal
 * rules (not state law) and bills after.
 */
const TYPE_WEIGHT: Partial<Record<DocumentInfo['type'], number>> = {
  'constitutional-act': 1.25,
  'internal-rule': 0.4,
  proposal: 0.8,
};

type Filters = Pick<SearchQuery, 'jurisdiction' | 'type' | 'in_force' | 'version' | 'at'> & { languageId?: number };

interface Resolution {
  resolution: SearchResolution | null;
  /** Provisions the citation names, best first (one for a full citation, several for 'čl. 54'). */
  provisions: ResolvedProvision[];
  documents: ResolvedDocument[];
}

const EMPTY_FACETS: SearchFacets = { jurisdiction: [], type: [], language: [], version: [], in_force: [] };

export async function search(db: Db, query: SearchQuery): Promise<SearchResult> {
  const parsed = parseQuery(query.q);
  const base: SearchResult = {
    query: query.q,
    words: parsed.display,
    resolved: null,
    total_documents: 0,
    groups: [],
    facets: EMPTY_FACETS,
  };
  if (parsed.terms.length === 0) return base;
  const citation = parseCitation(query.q);
  const languageId = query.lang ? await languageIdOf(db, query.lang) : undefined;
  if (query.lang && languageId === undefined) return base;
  const resolved = query.document_id ? undefined : await resolve(db, citation);

  const expanded = withCitedNumbers(parsed, citation);
  // A resolved citation needs no corrected or any-word search beside it.
  const { text, rows, factor, terms } = await matchPasses(db, expanded, query, !!resolved?.resolution);
  // What the snippets mark: the terms searched (corrected ones too) and the numbers a short name stands for.
  const marked: QueryTerm[] = [
    ...terms,
    ...(expanded.alternatives ?? []).map((folded) => ({ kind: 'word' as const, folded, stem: folded, exact: true })),
  ];
  const boosts = new Map<string, number>();
  resolved?.documents.forEach((document, index) => {
    boosts.set(document.id, Math.max(boosts.get(document.id) ?? 0, RESOLVED_BOOST - index * 0.1));
  });
  resolved?.provisions.forEach((provision, index) => {
    const id = provision.document.id;
    boosts.set(id, Math.max(boosts.get(id) ?? 0, RESOLVED_BOOST - 1 - index * 0.1));
  });
  const ids = [...new Set([...rows.map((row) => row.document_id), ...boosts.keys()])];
  const infos = await documentsInfo(db, ids, text && !query.document_id && factor === 1 ? text.simple : undefined);
  const filters: Filters = { ...query, languageId };
  const byDocument = groupRows(rows);
  const listed = infos.filter((info) => !query.document_id || info.id === query.document_id);
  const facets = facetsOf(listed, byDocument, filters, boosts);
  const ranked = listed
    .filter(
      (info) =>
        passesDocument(info, filters) &&
        passesRows(byDocument.get(info.id), filters, boosts.has(info.id) || info.title_match),
    )
    .map((info) => ({ info, score: scoreOf(info, byDocument.get(info.id), filters, boosts.get(info.id), factor) }))
    .sort((a, b) => b.score - a.score || a.info.external_id.localeCompare(b.info.external_id));
  const page = ranked.slice(query.offset, query.offset + query.limit);
  const hits = text
    ? await topHits(db, text, {
        documentIds: page.map((entry) => entry.info.id),
        perDocument: query.hits_per_document,
        versions: { version: query.version, at: query.at },
        languageId,
      })
    : [];
  const resolvedHits = await resolvedProvisionHits(
    db,
    resolved?.provisions ?? [],
    page.map((entry) => entry.info),
  );
  const groups: SearchGroup[] = page.map(({ info, score }) => {
    const own = hits.filter((hit) => hit.document_id === info.id).map((hit) => toHit(hit, info, marked, factor));
    const cited = resolvedHits.filter((hit) => hit.document_id === info.id);
    const seen = new Set(cited.map((hit) => hit.node_id));
    const merged = [...cited, ...own.filter((hit) => !seen.has(hit.node_id))].slice(0, query.hits_per_document);
    const counted = (byDocument.get(info.id) ?? []).filter((row) => rowPasses(row, filters));
    return {
      document: {
        id: info.id,
        external_id: info.external_id,
        title: info.title,
        jurisdiction: info.jurisdiction,
        type: info.type,
        in_force: info.in_force,
      },
      score,
      title_match: info.title_match,
      total_hits: Math.max(
        counted.reduce((sum, row) => sum + row.hits, 0),
        cited.length,
      ),
      hits: merged,
    };
  });
  return { ...base, resolved: resolved?.resolution ?? null, total_documents: ranked.length, groups, facets };
}

/** 'GDPR' also finds the texts citing Regulation 2016/679 (an act the library may not hold). */
function withCitedNumbers(parsed: ParsedQuery, citation: CitationQuery): ParsedQuery {
  if (isCitation(citation)) return parsed;
  const numbers = parsed.terms.flatMap((term) => (term.kind === 'word' ? (CITED_NUMBERS[term.folded] ?? []) : []));
  if (numbers.length === 0) return parsed;
  return { ...parsed, alternatives: numbers };
}

async function matchPasses(
  db: Db,
  parsed: ParsedQuery,
  query: SearchQuery,
  exactOnly: boolean,
): Promise<{ text: TextQuery | undefined; rows: MatchRow[]; factor: number; terms: QueryTerm[] }> {
  const options = { at: query.at, documentId: query.document_id };
  const attempt = async (terms: QueryTerm[], join: '&' | '|') => {
    const text = await textQuery(db, terms, join);
    return { text, rows: await matchCounts(db, text, options), terms };
  };
  let first = await attempt(parsed.terms, '&');
  if (parsed.alternatives?.length) {
    // The short name or the number it stands for: any of them.
    const terms: QueryTerm[] = [
      ...parsed.terms,
      ...parsed.alternatives.map((folded) => ({ kind: 'word' as const, folded, stem: folded, exact: true })),
    ];
    first = await attempt(terms, '|');
  }
  if (first.rows.length > 0 || exactOnly) return { ...first, factor: 1 };
  const titleHit = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM documents d WHERE d.search_vector @@ ${first.text.simple} LIMIT 1`,
  );
  if (titleHit.length > 0) return { ...first, factor: 1 };
  const words = parsed.terms.flatMap((term) => (term.kind === 'word' && !term.exact ? [term.folded] : []));
  if (words.length > 0) {
    const corrected = (await correctWords(db, words.join(' '))).split(' ');
    if (corrected.join(' ') !== words.join(' ')) {
      const fixed = parseQuery(
        parsed.terms
          .map((term) => {
            if (term.kind === 'phrase') return `"${term.words.join(' ')}"`;
            const index = words.indexOf(term.folded);
            return index === -1 ? term.folded : corrected[index]!;
          })
          .join(' '),
      );
      const second = await attempt(fixed.terms, '&');
      if (second.rows.length > 0) return { ...second, factor: FALLBACK_FACTOR };
    }
  }
  if (parsed.terms.length > 1) {
    const any = await attempt(parsed.terms, '|');
    if (any.rows.length > 0) return { ...any, factor: FALLBACK_FACTOR };
  }
  return { ...first, factor: 1 };
}

async function languageIdOf(db: Db, code: string): Promise<number | undefined> {
  const [row] = await sqlRows<{ language_id: number }>(
    db,
    sql`SELECT language_id FROM languages WHERE iso_639_1 = ${code}`,
  );
  return row ? Number(row.language_id) : undefined;
}

/** The citation or short name of the query, looked up. */
async function resolve(db: Db, citation: CitationQuery): Promise<Resolution | undefined> {
  const byNumber = await documentByNumber(db, citation);
  const byAlias = byNumber ? undefined : await documentByAlias(db, citation.nameWords);
  const document = byNumber ?? byAlias;
  // A number or name with other words ('Ústava prezident') is a search, not a citation.
  if (document && byNumber && citation.nameWords.length > 0 && !byAliasCovers(citation)) {
    return { resolution: null, provisions: [], documents: [document] };
  }
  if (document) {
    const matched = citation.matched.join(' ') || document.alias || document.external_id;
    if (citation.provision.length > 0) {
      const provision = await provisionIn(db, document, citation.provision);
      if (provision?.node_id) {
        return {
          resolution: await resolutionOf(db, provision, citation, matched),
          provisions: [provision],
          documents: [],
        };
      }
    }
    return {
      resolution: {
        kind: 'document',
        document_id: document.id,
        external_id: document.external_id,
        title: document.title,
        branch_name: 'main',
        node_id: null,
        path: null,
        citation: document.external_id,
        matched: document.alias ?? matched,
      },
      provisions: [],
      documents: [document],
    };
  }
  if (citation.provision.length > 0 && citation.nameWords.length === 0 && !citation.czechKey && !citation.celex) {
    const provisions = await provisionsAnywhere(db, citation.provision, citation.provisionStyle ?? 'cz', 10);
    const best = provisions[0];
    return {
      resolution: best ? await resolutionOf(db, best, citation, citation.matched.join(' ')) : null,
      provisions,
      documents: [],
    };
  }
  return undefined;
}

/** The number's document, and the words left name it too ('§ 2 zákona 284/2023' has none left). */
const byAliasCovers = (citation: CitationQuery) => citation.nameWords.length === 0;

async function resolutionOf(
  db: Db,
  provision: ResolvedProvision,
  citation: CitationQuery,
  matched: string,
): Promise<SearchResolution> {
  const chain = provision.node_id ? await citeChainOf(db, provision.node_id) : null;
  const czech = /Sb\.$/u.test(provision.document.external_id) || citation.provisionStyle === 'cz';
  return {
    kind: 'provision',
    document_id: provision.document.id,
    external_id: provision.document.external_id,
    title: provision.document.title,
    branch_name: provision.branch_name,
    node_id: provision.node_id,
    path: provision.path,
    citation: hitCitation(chain, provision.document.external_id, czech),
    matched,
  };
}

/** The cite keys of a node and the provisions holding it, up to its article or section, joined by '|'. */
async function citeChainOf(db: Db, nodeId: string): Promise<string | null> {
  const rows = await sqlRows<{ cite_key: string | null; node_type: string; depth: number }>(
    db,
    sql`WITH RECURSIVE up AS (
          SELECT n.id, n.derived_parent_id, n.cite_key, n.node_type, 0 AS depth FROM nodes n WHERE n.id = ${nodeId}
          UNION ALL
          SELECT p.id, p.derived_parent_id, p.cite_key, p.node_type, up.depth + 1 FROM nodes p JOIN up ON p.id = up.derived_parent_id
          WHERE up.depth < 8
        ) SELECT cite_key, node_type, depth FROM up ORDER BY depth`,
  );
  const inner = new Set(['paragraph', 'clause', 'point', 'subparagraph', 'indent', 'letter']);
  const chain: string[] = [];
  for (const row of rows) {
    if (row.cite_key) chain.unshift(row.cite_key);
    if (!inner.has(row.node_type)) break;
  }
  return chain.length > 0 ? chain.join('|') : null;
}

/** Hits for the provisions a citation named, on the listed page, with the provision's first text. */
async function resolvedProvisionHits(
  db: Db,
  provisions: ResolvedProvision[],
  page: DocumentInfo[],
): Promise<ProvisionHit[]> {
  const listed = new Map(page.map((info) => [info.id, info]));
  const hits: ProvisionHit[] = [];
  for (const provision of provisions) {
    const info = listed.get(provision.document.id);
    if (!info || !provision.node_id || !provision.path) continue;
    const [row] = await sqlRows<{
      text: string;
      language: string;
      cite_key: string | null;
      valid_from: string | null;
      fragment_id: string | null;
    }>(
      db,
      sql`SELECT string_agg(f.text, ' ' ORDER BY f.seq) AS text, min(l.iso_639_1) AS language,
            (SELECT cite_key FROM nodes WHERE id = ${provision.node_id}) AS cite_key,
            (SELECT to_char(valid_from, 'YYYY-MM-DD') FROM branches WHERE id = ${provision.branch_id}) AS valid_from,
            NULL::uuid AS fragment_id
          FROM (
            SELECT f.text, f.seq, f.language_id FROM fragments f JOIN nodes n ON n.id = f.node_id
            WHERE f.branch_id = ${provision.branch_id} AND f.owner_id IS NULL AND f.has_text
              AND (n.external_id = ${provision.path} OR n.external_id LIKE ${provision.path.replace(/[\\%_]/g, (c) => `\\${c}`) + '/%'})
              AND f.language_id = (SELECT language_id FROM languages WHERE iso_639_1 =
                (SELECT languages[1] FROM branches WHERE id = ${provision.branch_id}))
            ORDER BY f.seq LIMIT 4
          ) f JOIN languages l ON l.language_id = f.language_id`,
    );
    const chain = await citeChainOf(db, provision.node_id);
    const heading = await sqlRows<{ heading: string | null }>(
      db,
      sql`SELECT ps.heading FROM provision_search ps JOIN nodes n ON n.id = ps.node_id
          WHERE ps.branch_id = ${provision.branch_id}
            AND (n.id = ${provision.node_id} OR n.derived_parent_id = ${provision.node_id})
          ORDER BY ps.seq LIMIT 1`,
    );
    hits.push({
      document_id: info.id,
      external_id: info.external_id,
      document_title: info.title,
      branch_id: provision.branch_id,
      branch_name: provision.branch_name,
      valid_from: row?.valid_from ?? null,
      node_id: provision.node_id,
      fragment_id: null,
      path: provision.path,
      language: row?.language ?? 'cs',
      cite_key: row?.cite_key ?? null,
      heading: heading[0]?.heading ?? null,
      citation: hitCitation(chain, info.external_id, info.jurisdiction === 'cz'),
      snippet: { text: truncate(row?.text ?? ''), highlights: [] },
      score: RESOLVED_BOOST,
    });
  }
  return hits;
}

const truncate = (text: string) => (text.length > 220 ? `${text.slice(0, text.lastIndexOf(' ', 220))}…` : text);

function toHit(row: HitRow, info: DocumentInfo, terms: QueryTerm[], factor: number): ProvisionHit {
  const text = row.text !== '' ? row.text : (row.heading ?? '');
  return {
    document_id: info.id,
    external_id: info.external_id,
    document_title: info.title,
    branch_id: row.branch_id,
    branch_name: row.branch_name,
    valid_from: row.valid_from,
    node_id: row.node_id,
    fragment_id: row.fragment_id,
    path: row.path,
    language: row.language,
    cite_key: row.cite_key,
    heading: row.heading,
    citation: hitCitation(row.cite_chain, info.external_id, info.jurisdiction === 'cz'),
    snippet: snippetOf(text, terms),
    score: row.score * factor,
  };
}

function groupRows(rows: MatchRow[]): Map<string, MatchRow[]> {
  const map = new Map<string, MatchRow[]>();
  for (const row of rows) map.set(row.document_id, [...(map.get(row.document_id) ?? []), row]);
  return map;
}

function rowPasses(row: MatchRow, filters: Filters, ignore?: 'language' | 'version'): boolean {
  if (ignore !== 'language' && filters.languageId !== undefined && row.language_id !== filters.languageId) return false;
  if (ignore !== 'version' && !filters.at) {
    if (filters.version === 'current' && row.kind !== 'main') return false;
    if (filters.version === 'snapshots' && row.kind !== 'snapshot') return false;
  }
  return true;
}

/** A document with text hits in the versions and language asked for, or found by title, name or citation. */
function passesRows(
  rows: MatchRow[] | undefined,
  filters: Filters,
  named: boolean,
  ignore?: 'language' | 'version',
): boolean {
  if ((rows ?? []).some((row) => rowPasses(row, filters, ignore))) return true;
  return named && filters.languageId === undefined && filters.version !== 'snapshots';
}

function passesDocument(info: DocumentInfo, filters: Filters, ignore?: 'jurisdiction' | 'type' | 'in_force'): boolean {
  if (ignore !== 'jurisdiction' && filters.jurisdiction && info.jurisdiction !== filters.jurisdiction) return false;
  if (ignore !== 'type' && filters.type && info.type !== filters.type) return false;
  if (ignore !== 'in_force' && filters.in_force !== undefined && info.in_force !== filters.in_force) return false;
  return true;
}

function scoreOf(
  info: DocumentInfo,
  rows: MatchRow[] | undefined,
  filters: Filters,
  boost: number | undefined,
  factor: number,
): number {
  const best = Math.max(0, ...(rows ?? []).filter((row) => rowPasses(row, filters)).map((row) => row.best));
  const title = info.title_match ? TITLE_BOOST + info.title_rank : 0;
  return (best + title) * factor * (TYPE_WEIGHT[info.type] ?? 1) + (boost ?? 0);
}

/** Documents counted for each value of each facet, under every other filter. */
function facetsOf(
  infos: DocumentInfo[],
  byDocument: Map<string, MatchRow[]>,
  filters: Filters,
  boosts: Map<string, number>,
): SearchFacets {
  const count = (values: Iterable<string>) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts.entries()]
      .map(([value, n]) => ({ value, count: n }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  };
  const named = (info: DocumentInfo) => boosts.has(info.id) || info.title_match;
  const eligible = (ignoreDocument?: 'jurisdiction' | 'type' | 'in_force', ignoreRows?: 'language' | 'version') =>
    infos.filter(
      (info) =>
        passesDocument(info, filters, ignoreDocument) &&
        passesRows(byDocument.get(info.id), filters, named(info), ignoreRows),
    );
  return {
    jurisdiction: count(eligible('jurisdiction').map((info) => info.jurisdiction)),
    type: count(eligible('type').map((info) => info.type)),
    in_force: count(eligible('in_force').map((info) => String(info.in_force))),
    language: count(
      eligible(undefined, 'language').flatMap((info) => [
        ...new Set(
          (byDocument.get(info.id) ?? [])
            .filter((row) => rowPasses(row, filters, 'language'))
            .map((row) => row.language),
        ),
      ]),
    ),
    version: count(
      eligible(undefined, 'version').flatMap((info) => [
        ...new Set(
          (byDocument.get(info.id) ?? [])
            .filter((row) => rowPasses(row, filters, 'version'))
            .map((row) => (row.kind === 'main' ? 'current' : 'snapshots')),
        ),
      ]),
    ),
  };
}
