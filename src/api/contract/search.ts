// Quick search: documents by title or number, forgiving of case, diacritics and typos.
import { z } from 'zod';
import { Uuid, listOf, pageLimit } from './common';

export const AutocompleteQuery = z.object({
  q: z.string().trim().max(200).default(''),
  limit: pageLimit(20, 50),
});

export const AutocompleteItem = z.object({
  document_id: Uuid,
  title: z.string(),
  external_id: z.string(),
  group: z.enum(['search', 'pinned', 'recent', 'frequent']),
});
export const AutocompleteList = listOf(AutocompleteItem);
