// Find in the document: every place a query occurs in one version's text in one language,
// case- and accent-insensitive, across the whole version (the reader's list is virtual, so the
// browser's own find cannot see it). GET /legal/documents/{id}/find.
import { z } from 'zod';
import { IdParams } from './common';
import { BranchSelector, LanguageSelector } from './documents';
import { route } from './route';

/** At most this many matching fragments are listed; `total` still counts every hit. */
export const FIND_MAX_ITEMS = 500;

export const FindQuery = z.object({
  q: z
    .string()
    .min(1)
    .max(200)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL')
    .refine((value) => value.trim() !== '', 'must not be blank')
    .describe('The text to find (1-200 characters); case and accents do not matter'),
  branch: BranchSelector,
  lang: LanguageSelector.describe("The language searched; default: the version's main language"),
});

export const FindHit = z.object({
  fragment_id: z.uuid(),
  node_id: z.uuid(),
  seq: z.number().int().describe('Document order'),
  cite_key: z.string().nullable(),
  snippet: z.string().describe('The text around the first hit (up to about 160 characters)'),
  hits: z.number().int().min(1).describe('How often the query occurs in this fragment'),
});
export type FindHit = z.infer<typeof FindHit>;

export const FindResult = z.object({
  query: z.string(),
  total: z.number().int().describe('Hits in the whole version, also beyond the listed items'),
  items: z.array(FindHit).describe(`Fragments with hits in document order, at most ${FIND_MAX_ITEMS}`),
});
export type FindResult = z.infer<typeof FindResult>;

export const findInDocumentRoute = route({
  method: 'GET',
  path: '/legal/documents/{id}/find',
  summary: 'Find a text in one version of a document (case- and accent-insensitive), with hit counts and snippets',
  tag: 'documents',
  params: IdParams,
  query: FindQuery,
  response: FindResult,
  // Counted per user or address (server/routes/find.ts): a find reads the whole version.
  errors: { 429: ['rate_limited'] },
});
