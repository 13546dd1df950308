// Reading history and pins: what a logged-in user read, how often, and what they keep at hand.
import { z } from 'zod';
import { pageLimit } from './common';

export const DOCUMENT_ACCESS_CONTEXTS = ['view', 'autocomplete', 'link', 'copilot'] as const;

export const DocumentAccessRequest = z.object({
  document_id: z.uuid(),
  /** How the document was reached: a page view, a quick-search pick, ... */
  context: z.enum(DOCUMENT_ACCESS_CONTEXTS),
  /** One page view of the client: a second record with the same id is a no-op. */
  session_id: z.string().trim().min(1).max(64),
});

export const DocumentAccessQuery = z.object({ limit: pageLimit(20, 100) });

export const AccessedDocument = z.object({
  document_id: z.uuid(),
  title: z.string(),
  external_id: z.string(),
  access_count: z.number().int(),
  last_accessed_at: z.string(),
});
export const AccessedDocumentList = z.object({ items: z.array(AccessedDocument) });

export const DocumentAccessStats = z.object({
  document_id: z.uuid(),
  access_count: z.number().int(),
  first_accessed_at: z.string().nullable(),
  last_accessed_at: z.string().nullable(),
  pinned: z.boolean(),
});

export const PinnedDocument = z.object({
  document_id: z.uuid(),
  title: z.string(),
  external_id: z.string(),
  pinned_at: z.string(),
});
export const PinnedDocumentList = z.object({ items: z.array(PinnedDocument) });
export const PinState = z.object({ document_id: z.uuid(), pinned: z.boolean() });

export const LanguagePreference = z.object({ language: z.enum(['en', 'cs']) });
export const LanguagePreferenceResponse = z.object({ language: z.enum(['en', 'cs']).nullable() });
