// The legal library: documents (works), their versions (branches), structure nodes,
// fragments of text, spans, and version comparison.
import { z } from 'zod';
import { IsoDate, Uuid, listOf, pageLimit, pageOffset } from './common';
import { FragmentTranslation } from './translation';
import { DOCUMENT_TYPES, JURISDICTIONS } from '../../shared/document-class';

export const DocumentMetadata = z.object({
  title: z.string(),
  kind: z.string().optional().describe('ústavní zákon, zákon, nařízení, směrnice, Regulation...'),
  issuer: z.string().optional(),
  source_system: z.string().describe('e-sbirka, czech-law-md, pirati-sbirka, akn, legaldocml.de, formex, dgt-tm'),
  source_ids: z.record(z.string(), z.string()).optional(),
});

export const Counts = z.object({ nodes: z.number().int(), fragments: z.number().int() });

export const Document = z.object({
  id: Uuid,
  external_id: z.string().describe('The number people cite: 1/1993 Sb., 32014L0092, an ELI'),
  title: z.string(),
  metadata: DocumentMetadata,
  published_date: IsoDate.nullable(),
  effective_date: IsoDate.nullable(),
  expiry_date: IsoDate.nullable(),
  updated_at: z.iso.datetime({ offset: true }),
  counts: Counts.describe('Of the main branch, or of the branch asked for'),
  languages: z.array(z.string()).describe('ISO 639-1 codes, main language first'),
  branch: z.object({ id: Uuid, name: z.string() }).nullable().describe('The branch the counts describe'),
  title_language: z
    .string()
    .nullable()
    .optional()
    .describe('ISO 639-1 code of `title`: the language asked for (`lang`) when the text spells the title in it'),
});
export type Document = z.infer<typeof Document>;

/** The list's facets: jurisdiction and type as src/shared/document-class.ts reads them. */
const DocumentListFilters = {
  jurisdiction: z.enum(JURISDICTIONS).optional(),
  jurisdiction_not: z
    .string()
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(JURISDICTIONS)).min(1).max(JURISDICTIONS.length))
    .optional()
    .describe("Jurisdictions left out, comma-separated: 'cz,eu' lists every other legal order"),
  type: z.enum(DOCUMENT_TYPES).optional(),
  year: z.coerce.number().int().min(1).max(9999).optional().describe('Year of publication (else of effect)'),
  in_force: z.stringbool().optional().describe('A version in force today and no expiry date in the past'),
};
export const DocumentFacetsQuery = z.object({
  external_id: z.string().trim().min(1).max(200).optional(),
  q: z.string().trim().min(1).max(200).optional(),
  ...DocumentListFilters,
});

export const DocumentListQuery = z.object({
  external_id: z.string().trim().min(1).max(200).optional().describe('A law number as typed: 1/1993 finds 1/1993 Sb.'),
  q: z.string().trim().min(1).max(200).optional().describe('Words of the title'),
  ...DocumentListFilters,
  sort: z
    .enum(['title', 'number', 'effective', 'updated'])
    .optional()
    .describe('title; number (year, then number); effective (date of effect, newest first); updated (newest first)'),
  limit: pageLimit(50, 200),
  offset: pageOffset,
});
export const DocumentList = listOf(Document);

/** Counts of each facet value under the other facets' filters (so every value stays choosable). */
const FacetCounts = z.array(z.object({ value: z.string(), count: z.number().int() }));
export const DocumentFacets = z.object({
  total: z.number().int().describe('Documents matching every filter'),
  jurisdiction: FacetCounts,
  type: FacetCounts,
  year: FacetCounts,
  in_force: FacetCounts.describe("values 'true' and 'false'"),
});
export type DocumentFacets = z.infer<typeof DocumentFacets>;

export const LibrarySummary = z.object({
  documents: z.number().int(),
  jurisdictions: z.array(z.object({ value: z.string(), count: z.number().int() })),
  recently_updated: z.number().int().describe('Documents imported or changed in the last 30 days'),
  public_collections: z.number().int(),
});
export type LibrarySummary = z.infer<typeof LibrarySummary>;

/** Selects a version by id or by name ('main', 'snapshot-1993-01-01'); main when absent. */
export const BranchSelector = z.string().trim().min(1).max(100).optional();

/** Selects a language by its ISO 639-1 code ('cs', 'en'); absent: the route's default. */
export const LanguageSelector = z
  .string()
  .trim()
  .regex(/^[a-z]{2}$/, 'an ISO 639-1 code such as cs or en')
  .optional();

export const DocumentQuery = z.object({
  branch: BranchSelector,
  lang: LanguageSelector.describe(
    'The reading language: the title in it where the text has it, else the original title',
  ),
});

export const DocumentLanguage = z.object({
  language_id: z.number().int(),
  iso_639_1: z.string(),
  name: z.string(),
  fragments: z.number().int().describe('Fragments with text in this language'),
});
export const DocumentLanguageList = listOf(DocumentLanguage);

export const Node = z.object({
  id: Uuid,
  node_type: z
    .string()
    .describe('part, title, chapter, section, article, paragraph, clause, schedule, appendix, content, or a raw type'),
  type: z.string().describe('The raw marker or element the node came from'),
  title: z.string().nullable(),
  titles: z
    .record(z.string(), z.string())
    .optional()
    .describe('The title by ISO 639-1 code where the source names the node in several languages'),
  cite_key: z.string().nullable(),
  external_id: z.string().describe('Stable structural path or Akoma Ntoso eId'),
  order_index: z.number().int(),
  depth: z.number().int(),
  derived_parent_id: Uuid.nullable(),
});
export type Node = z.infer<typeof Node>;

export const NodesQuery = z.object({
  limit: pageLimit(2000, 2000),
  offset: pageOffset,
  mode: z
    .enum(['hierarchy', 'flat'])
    .default('hierarchy')
    .describe('hierarchy: document order with parent links; flat: the same rows'),
  branch: BranchSelector,
});
export const NodeList = listOf(Node);

const LanguageSelection = {
  lang: LanguageSelector,
  language_id: z.coerce.number().int().min(1).max(32767).optional(),
};

export const FragmentsQuery = z.object({
  limit: pageLimit(100, 500),
  cursor: z.string().max(100).optional().describe('next_cursor of the previous page'),
  branch: BranchSelector,
  ...LanguageSelection,
});

export const Fragment = z.object({
  id: Uuid,
  node_id: Uuid,
  language_id: z.number().int(),
  language_code: z.string(),
  cite_key: z.string().nullable(),
  fragment_uid: z.string(),
  group_id: Uuid.describe('Alignment group: the same fragment in other languages'),
  has_text: z.boolean(),
  seq: z.number().int().describe('Document order'),
});
export const FragmentPage = z.object({ items: z.array(Fragment), next_cursor: z.string().nullable() });

export const FragmentTextsRequest = z.object({
  fragment_ids: z.array(Uuid).min(1).max(200),
  ...LanguageSelection,
});

export const FragmentTextItem = z.object({
  id: Uuid.describe('The fragment asked for'),
  text: z.string(),
  has_text: z.boolean(),
  node_id: Uuid,
  cite_key: z.string().nullable(),
  language_id: z.number().int().describe('Language of the text returned'),
  language_code: z.string(),
  source_fragment_id: Uuid.describe(
    'The fragment the text comes from: the aligned one when another language was asked for',
  ),
  translation: FragmentTranslation.describe(
    "The text's origin and review state: imported, or a translation the caller saved in their layer",
  ),
});
export const FragmentTexts = listOf(FragmentTextItem);

export const FragmentText = z.object({
  text: z.string(),
  document_id: Uuid,
  branch_id: Uuid.describe('The version (branch) of the document the fragment is in'),
  node_id: Uuid,
  language_id: z.number().int(),
  language_code: z.string(),
  translation: FragmentTranslation,
  stale_source_text: z
    .string()
    .nullable()
    .describe(
      'For a stale saved translation: the source text it was translated from, for the old -> new diff against the source now; else null',
    ),
});

export const Span = z.object({
  id: Uuid,
  fragment_id: Uuid,
  abs_start: z.number().int(),
  abs_end: z.number().int(),
  metadata: z.object({
    kind: z.string(),
    citation: z.string().optional(),
    target_node_id: Uuid.nullable().optional(),
    external: z.boolean().optional(),
  }),
});
export const SpanList = listOf(Span);

export const Branch = z.object({
  id: Uuid,
  document_id: Uuid,
  name: z.string().describe('main, or snapshot-YYYY-MM-DD'),
  kind: z.enum(['main', 'snapshot']),
  created_at: z.iso.datetime({ offset: true }),
  valid_from: IsoDate.nullable().describe('The date this version is in force from; null for an undated draft'),
  counts: Counts,
  languages: z.array(z.string()),
});
export type Branch = z.infer<typeof Branch>;

export const BranchListQuery = z.object({
  document_id: Uuid.optional(),
  limit: pageLimit(50, 500),
  offset: pageOffset,
});
export const BranchList = listOf(Branch);

export const CompareQuery = z.object({
  branch_id_a: Uuid,
  branch_id_b: Uuid,
  include_uids: z.stringbool().default(true).describe('Include fragment_uid in the difference lists'),
  limit: pageLimit(100, 5000),
  offset: pageOffset,
});

const CompareItem = z.object({ id: Uuid, fragment_uid: z.string().optional() });
export const Comparison = z.object({
  branch_id_a: Uuid,
  branch_id_b: Uuid,
  counts: z.object({
    a_total: z.number().int(),
    b_total: z.number().int(),
    in_both: z.number().int(),
    only_in_a: z.number().int(),
    only_in_b: z.number().int(),
  }),
  only_in_a: z.array(CompareItem).describe('Fragments of A whose uid B lacks, in document order (paged)'),
  only_in_b: z.array(CompareItem),
});
export type Comparison = z.infer<typeof Comparison>;
