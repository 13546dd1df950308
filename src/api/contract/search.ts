// Search: quick search of documents by title or number (GET /search/autocomplete, forgiving of
// case, diacritics and typos), and the full-text search of every provision (GET /search), with
// citations and short names ('čl. 54 ústavy', '1/93', 'GDPR', CELEX numbers) resolved straight
// to the document or provision.
import { z } from 'zod';
import { DOCUMENT_TYPES, JURISDICTIONS } from '../../shared/document-class';
import { IsoDate, Uuid, listOf, pageLimit, pageOffset } from './common';
import { route } from './route';

/** Longer queries answer 400 validation_failed (field q); NUL characters too. */
export const SEARCH_QUERY_MAX = 500;

const searchText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL')
    .transform((value) => value.trim())
    .default('');

// ---------------------------------------------------------------------------------------------
// Quick search

export const AutocompleteQuery = z.object({
  q: z.string().trim().max(200).default(''),
  limit: pageLimit(20, 50).describe('Items in all (every group together), default 20, at most 50'),
  text: z
    .stringbool()
    .optional()
    .describe('Also answer `text_hits`: the first provisions whose text matches (the "in the text" group)'),
  text_limit: pageLimit(3, 10).describe('How many `text_hits` at most, default 3, at most 10'),
});

export const AutocompleteItem = z.object({
  document_id: Uuid,
  title: z.string(),
  external_id: z.string(),
  group: z.enum(['search', 'pinned', 'recent', 'frequent']),
});

/** A highlighted range [start, end) of a snippet's text, in UTF-16 code units. */
export const Highlight = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type Highlight = z.infer<typeof Highlight>;

/** Plain text (never markup) around the matched words, with the matched ranges. */
export const Snippet = z.object({
  text: z.string().describe("Plain text; '…' where it is cut"),
  highlights: z.array(Highlight).describe('Matched words in `text`, in order, not overlapping'),
});
export type Snippet = z.infer<typeof Snippet>;

/** One provision found: where it is and how to open the reader there. */
export const ProvisionHit = z.object({
  document_id: Uuid,
  external_id: z.string(),
  document_title: z.string(),
  branch_id: Uuid,
  branch_name: z.string().describe('main, or snapshot-YYYY-MM-DD'),
  valid_from: IsoDate.nullable(),
  node_id: Uuid,
  fragment_id: Uuid.nullable().describe('The fragment whose text matched; null for a provision found by its citation'),
  path: z.string().describe('The provision path for `?p=` (src/shared/provision-path.ts), e.g. cl-54/odst-1'),
  language: z.string().describe('ISO 639-1 code of the text'),
  cite_key: z.string().nullable(),
  heading: z.string().nullable().describe("The provision's own heading, else its nearest enclosing one"),
  citation: z.string().describe("The short citation: 'čl. 54 odst. 1, 1/1993 Sb.', 'Article 5(1), 32016R0679'"),
  snippet: Snippet,
  score: z.number().describe('Relevance, higher first; comparable only within one answer'),
});
export type ProvisionHit = z.infer<typeof ProvisionHit>;

export const AutocompleteList = listOf(AutocompleteItem).extend({
  text_hits: z
    .array(ProvisionHit)
    .optional()
    .describe('Only with text=true: the first provision hits (a cited provision first), besides `items`'),
});
export type AutocompleteList = z.infer<typeof AutocompleteList>;

// ---------------------------------------------------------------------------------------------
// Full-text search

export const SEARCH_VERSIONS = ['current', 'all', 'snapshots'] as const;
export type SearchVersion = (typeof SEARCH_VERSIONS)[number];

export const SearchQuery = z.object({
  q: searchText(SEARCH_QUERY_MAX).describe(
    'Words (each found by its start: prezident finds prezidenta), "quoted phrases", a citation ' +
      "('čl. 54 ústavy', '284/2023 § 2 písm. a', '1/93', 'čl. 5 GDPR', 32016R0679) or a short name (Ústava, Listina, GDPR); " +
      'case and accents do not matter. Empty: no hits',
  ),
  jurisdiction: z.enum(JURISDICTIONS).optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  lang: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/, 'an ISO 639-1 code such as cs or en')
    .optional()
    .describe('Only texts in this language'),
  version: z
    .enum(SEARCH_VERSIONS)
    .default('current')
    .describe("current: each document's main version (the newest in force); snapshots: the other versions; all"),
  at: IsoDate.optional().describe('Only the version of each document in force on this day (overrides `version`)'),
  in_force: z.stringbool().optional().describe('Documents in force today (as the documents list reads it)'),
  document_id: Uuid.optional().describe('Search one document only'),
  limit: pageLimit(20, 50).describe('Documents per page, default 20, at most 50'),
  offset: pageOffset.describe('Documents to skip'),
  hits_per_document: pageLimit(3, 20).describe('Provision hits listed per document, default 3, at most 20'),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchDocument = z.object({
  id: Uuid,
  external_id: z.string(),
  title: z.string(),
  jurisdiction: z.enum(JURISDICTIONS),
  type: z.enum(DOCUMENT_TYPES),
  in_force: z.boolean(),
});

export const SearchGroup = z.object({
  document: SearchDocument,
  score: z.number(),
  title_match: z.boolean().describe("The query's words are in the document's title or short names"),
  total_hits: z.number().int().describe('Provisions of this document that match (in the versions searched)'),
  hits: z.array(ProvisionHit).describe('The best hits, at most `hits_per_document`'),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

/** What a citation or a name in the query resolved to: the UI may open it straight. */
export const SearchResolution = z.object({
  kind: z.enum(['document', 'provision']),
  document_id: Uuid,
  external_id: z.string(),
  title: z.string(),
  branch_name: z.string(),
  node_id: Uuid.nullable(),
  path: z.string().nullable().describe('`?p=` of the provision; null for the document'),
  citation: z.string(),
  matched: z.string().describe("The part of the query read as the citation or name, e.g. 'čl. 54 ústavy'"),
});
export type SearchResolution = z.infer<typeof SearchResolution>;

const FacetCounts = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const SearchFacets = z.object({
  jurisdiction: FacetCounts,
  type: FacetCounts,
  language: FacetCounts.describe('ISO 639-1 codes of the matching texts'),
  version: FacetCounts.describe("'current' (main versions) and 'snapshots', counted in documents"),
  in_force: FacetCounts.describe("values 'true' and 'false'"),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

export const SearchResult = z.object({
  query: z.string(),
  words: z
    .array(z.string())
    .describe('The folded words and phrases searched (lowercase, no accents), for highlighting'),
  resolved: SearchResolution.nullable(),
  total_documents: z.number().int().describe('Documents matching every filter'),
  groups: z.array(SearchGroup).describe('Best document first'),
  facets: SearchFacets.describe('Counts of documents for each value under the other filters'),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const searchRoute = route({
  method: 'GET',
  path: '/search',
  summary:
    'Full-text search of every provision: words by their start, "phrases", citations and short names; grouped by document, with facets',
  tag: 'search',
  query: SearchQuery,
  response: SearchResult,
  errors: { 429: ['rate_limited'] },
});
