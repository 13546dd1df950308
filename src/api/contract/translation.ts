// Translations of legal provisions (issue 11): the alignment group of a fragment, a translation
// preview from memory or a provider, saving and flagging a translation, the target languages.
import { z } from 'zod';
import { Uuid, listOf } from './common';

/** An ISO 639-1 code as typed in the custom-code field: trimmed and lower-cased first. */
export const IsoCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, 'an ISO 639-1 code such as cs or en');
const LanguageId = z.coerce.number().int().min(1).max(32767);

/**
 * Where a fragment's text comes from: 'imported' from an official source (never overwritten),
 * 'translated' when a user saved it through POST /legal/fragments.
 */
export const FragmentOrigin = z.enum(['imported', 'translated']);
export type FragmentOrigin = z.infer<typeof FragmentOrigin>;

/** The review state of a saved translation (Tolgee's protect-reviewed keeps a stale reviewed one). */
export const TranslationStatus = z.enum(['translated', 'reviewed']);
export type TranslationStatus = z.infer<typeof TranslationStatus>;

/**
 * What a text answer (`/text`, `/fragments/texts`) says about its translation. An imported text
 * has `status: null` and `stale: false`: it has no review state and is never carried forward.
 */
export const FragmentTranslation = z.object({
  status: TranslationStatus.nullable().describe('null for imported texts'),
  stale: z.boolean().describe('Its source changed in a newer version since it was translated'),
  origin: FragmentOrigin,
});
export type FragmentTranslation = z.infer<typeof FragmentTranslation>;
/** The optional `translation` field of FragmentText/FragmentTextItem, until every text answer carries it. */
export const FragmentTranslationField = FragmentTranslation.nullable().optional();

// GET /legal/alignment-members

export const AlignmentMembersQuery = z
  .object({
    group_id: Uuid.optional().describe('An alignment group'),
    fragment_id: Uuid.optional().describe('Any fragment of the group'),
  })
  .refine((q) => q.group_id !== undefined || q.fragment_id !== undefined, {
    message: 'give group_id or fragment_id',
    path: ['group_id'],
  });

export const AlignmentMember = z.object({
  fragment_id: Uuid,
  language_code: z.string(),
  language_id: z.number().int(),
  language_name: z.string(),
  ...FragmentTranslation.shape,
});
export type AlignmentMember = z.infer<typeof AlignmentMember>;

/** The fragments of one alignment group, one per language, the group's source language first. */
export const AlignmentMembers = z.object({ group_id: Uuid, items: z.array(AlignmentMember) });
export type AlignmentMembers = z.infer<typeof AlignmentMembers>;

// GET /legal/languages

export const LegalLanguage = z.object({ language_id: z.number().int(), iso_639_1: z.string(), name: z.string() });
export type LegalLanguage = z.infer<typeof LegalLanguage>;
/** Every language of the `languages` table (the target select), by name. */
export const LegalLanguageList = listOf(LegalLanguage);

// POST /legal/translate

/** The target by code or id; both must name the same language (400 validation_failed). */
export const TranslateRequest = z
  .object({
    source_fragment_id: Uuid,
    target_language_code: IsoCode.optional(),
    target_language_id: LanguageId.optional(),
  })
  .refine((b) => b.target_language_code !== undefined || b.target_language_id !== undefined, {
    message: 'give target_language_code or target_language_id',
    path: ['target_language_code'],
  });
export type TranslateRequest = z.infer<typeof TranslateRequest>;

/** exact: equal normalized source text; fuzzy: a memory match above the threshold; mt: a provider's output. */
export const SuggestionKind = z.enum(['exact', 'fuzzy', 'mt']);
export type SuggestionKind = z.infer<typeof SuggestionKind>;

export const TranslationProviderName = z.enum(['deepl', 'libretranslate', 'openai']);

/** Where a suggestion comes from; one suggestion lists every source of the same text pair. */
export const Provenance = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('tm'),
    celex: z.string().nullable().describe('CELEX number of the DGT-TM unit'),
    tmx_file: z.string().nullable(),
  }),
  z.object({
    source: z.literal('library'),
    fragment_id: Uuid,
    document_id: Uuid,
    external_id: z.string().describe("The document's number, e.g. 1/1993 Sb."),
    branch_id: Uuid,
    branch_name: z.string().describe('main or snapshot-YYYY-MM-DD'),
    cite_key: z.string().nullable(),
    origin: FragmentOrigin,
    status: TranslationStatus.nullable(),
  }),
  z.object({ source: z.literal('provider'), provider: TranslationProviderName, model: z.string().nullable() }),
]);
export type Provenance = z.infer<typeof Provenance>;

/** A legally significant token that differs between the text asked for and a candidate's source. */
export const LegalDifference = z.object({
  kind: z.enum(['number', 'date', 'negation', 'modal', 'cite_key']),
  expected: z.string().nullable().describe('In the text being translated (null: missing there)'),
  found: z.string().nullable().describe("In the candidate's source text (null: missing there)"),
  start: z.number().int().nullable().describe('Offset of `found` in source_text, for highlighting'),
  end: z.number().int().nullable(),
});
export type LegalDifference = z.infer<typeof LegalDifference>;

export const Suggestion = z.object({
  text: z.string().describe('The target-language text'),
  score: z.number().int().min(0).max(100).describe('Percent; an mt suggestion has no memory score and says 0'),
  kind: SuggestionKind,
  source_text: z.string().describe('The source-language text this translates (the memory match)'),
  provenance: z.array(Provenance).min(1),
  differences: z.array(LegalDifference).describe('Each costs 10 points; a candidate with any is never exact'),
});
export type Suggestion = z.infer<typeof Suggestion>;

/** What a provider's round trip lost or changed (placeholders, numbers, cite keys). */
export const QaIssue = z.object({
  code: z.enum(['placeholder_lost', 'number_changed', 'cite_key_changed']),
  expected: z.string().describe('In the source'),
  found: z.string().nullable().describe('In the translation (null: lost)'),
});
export type QaIssue = z.infer<typeof QaIssue>;

export const TranslateResponse = z.object({
  translation_preview: z.string().describe('The exact match, else the provider output, else the best fuzzy match'),
  target_language_id: z.number().int(),
  target_language_code: z.string(),
  group_id: Uuid.describe("The source fragment's alignment group (alignment_group_id when saving)"),
  origin: SuggestionKind.describe('Which kind of suggestion the preview is'),
  suggestions: z.array(Suggestion).max(6).describe('At most 5 memory matches, best first, and the provider output'),
  qa: z.array(QaIssue),
});
export type TranslateResponse = z.infer<typeof TranslateResponse>;

// POST /legal/fragments

/**
 * A translation aligned with its source: the group must be the node's. The id is a UUID v5 of
 * group, language and layer, so a retry answers 200 with the same id and a second save replaces the text.
 */
export const SaveFragmentRequest = z
  .object({
    node_id: Uuid,
    text: z
      .string()
      .trim()
      .min(1)
      .max(100_000)
      // PostgreSQL text cannot hold NUL; other C0 controls but tab and line breaks are no legal text.
      // eslint-disable-next-line no-control-regex
      .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text), 'control characters are not allowed'),
    language_code: IsoCode.optional(),
    language_id: LanguageId.optional(),
    alignment_group_id: Uuid,
  })
  .refine((b) => b.language_code !== undefined || b.language_id !== undefined, {
    message: 'give language_code or language_id',
    path: ['language_code'],
  });
export type SaveFragmentRequest = z.infer<typeof SaveFragmentRequest>;

export const SaveFragmentResponse = z.object({ id: Uuid });

// PATCH /legal/fragments/{id}/translation

/** Set the review state or clear the stale flag (only clearing: stale can only become false). */
export const TranslationPatch = z
  .object({ status: TranslationStatus.optional(), stale: z.literal(false).optional() })
  .strict()
  .refine((b) => b.status !== undefined || b.stale !== undefined, {
    message: 'give status or stale',
    path: ['status'],
  });
export type TranslationPatch = z.infer<typeof TranslationPatch>;

export const TranslationPatchResponse = z.object({ id: Uuid, translation: FragmentTranslation });
