// What changed between two versions, provision by provision: changed texts (old and new),
// added and removed provisions, matched by structural path. GET /legal/compare/changes.
import { z } from 'zod';
import { Uuid, pageLimit, pageOffset } from './common';
import type { RouteSpec } from './route';

export const CompareChangesQuery = z.object({
  branch_id_a: Uuid.describe('The older version (A)'),
  branch_id_b: Uuid.describe('The newer version (B)'),
  lang: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/, 'an ISO 639-1 code such as cs or en')
    .optional()
    .describe('Language of the texts compared; default: the first language of B'),
  limit: pageLimit(200, 1000),
  offset: pageOffset,
});

/** Where a provision sits, the same for every kind of change. */
const Place = {
  path: z.string().describe("The node's structural path (external_id), the key nodes are matched by"),
  cite_key: z.string().nullable(),
  citation: z
    .string()
    .nullable()
    .describe(
      "The cite keys from the enclosing article down to the node ('Čl. 54 odst. 2'); containers (part, title, chapter, section) are left out",
    ),
  node_type: z.string(),
  title: z.string().nullable(),
  headings: z
    .array(z.object({ path: z.string(), cite_key: z.string().nullable(), title: z.string().nullable() }))
    .describe(
      'The enclosing parts, chapters and articles (outermost first) that have a cite key or a title: where the provision stands',
    ),
  position: z.number().int().describe('Index in the combined document order (see the route description)'),
};

export const ChangedProvision = z.object({
  ...Place,
  node_id_a: Uuid,
  node_id_b: Uuid,
  text_a: z.string().describe("The node's own text in A: its fragments with text joined by newlines in document order"),
  text_b: z.string().describe('The text in B; for a text split into new subsections, theirs joined by newlines'),
  moved_from: z
    .object({ path: z.string(), citation: z.string().nullable() })
    .nullable()
    .describe(
      'Set when the text moved: where it stood in A (Čl. 1 -> Čl. 1 odst. 1, odst. 2 -> odst. 3). ' +
        'path/citation are then its place in B; null when it stayed at its path',
    ),
});
export type ChangedProvision = z.infer<typeof ChangedProvision>;

export const SubtreeText = z.object({ path: z.string(), cite_key: z.string().nullable(), text: z.string() });

export const AddedOrRemovedProvision = z.object({
  ...Place,
  node_id: Uuid.describe('The node in B for an added provision, in A for a removed one'),
  text: z.string().describe("The node's own text"),
  descendants: z
    .number()
    .int()
    .describe('Provisions inside it that are added (removed) with it and not listed on their own'),
  subtree: z.array(SubtreeText).describe('Texts of those descendants that carry text, in document order'),
});
export type AddedOrRemovedProvision = z.infer<typeof AddedOrRemovedProvision>;

export const CompareChanges = z.object({
  branch_id_a: Uuid,
  branch_id_b: Uuid,
  language: z.string().nullable().describe('The language compared; null when neither version has text'),
  languages: z.array(z.string()).describe("Languages of B then A's others: what `lang` may be"),
  changed: z.array(ChangedProvision),
  added: z.array(AddedOrRemovedProvision),
  removed: z.array(AddedOrRemovedProvision),
  counts: z
    .object({
      changed: z.number().int().describe('Changed provisions, moved ones included'),
      moved: z.number().int().describe('Of the changed, those whose text moved to another path'),
      added: z.number().int(),
      removed: z.number().int(),
    })
    .describe('Totals over all pages'),
  next_offset: z.number().int().nullable().describe('offset of the next page; null on the last'),
});
export type CompareChanges = z.infer<typeof CompareChanges>;

export const compareChangesRoute = {
  method: 'GET',
  path: '/legal/compare/changes',
  summary:
    'What changed between two versions: provisions matched by structural path whose own text differs (old and new text), ' +
    'provisions whose text moved to a child, sibling or parent path (listed as changed, with moved_from), ' +
    'and added and removed provisions (the top node of an added or removed subtree, with its descendants). ' +
    'One page of the combined document order (B order; a removed provision stands after the last provision before it that both versions have), ' +
    'split into the three lists.',
  tag: 'versions',
  query: CompareChangesQuery,
  response: CompareChanges,
} satisfies RouteSpec;
