// Library tools for any key (memory.read): search, a provision's text, a document's versions and
// what changed between two of them. Imported text only (the library-search and compare modules
// read fragments with owner_id IS NULL): no user's saved translation reaches an agent. Unlike the
// Copilot's tools these publish nothing on the live channel: an agent has no screen there.
import { z } from 'zod';
import { locateProvisions, readProvisions } from '../../copilot/automation.js';
import { documentsByTitle, readProvisionText, type Provision } from '../../copilot/library-search.js';
import { parseQuestion } from '../../copilot/question.js';
import { listBranches, resolveBranch } from '../../library/branches.js';
import { compareChanges } from '../../library/compare-changes.js';
import { notFound } from '../../http/errors.js';
import { defineTool, text } from '../tool.js';
import { citeKeyRef, documentOf, documentRef, provisionNodeOf, provisionNotFound } from './library-refs.js';
import { readProvisionAt } from './provision-read.js';

/** Characters of one provision's or change's text in an answer. */
const TEXT_MAX = 4_000;
const COMPARE_PAGE = 50;
const cut = (value: string) => (value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX - 1)}…` : value);
const language = z
  .string()
  .regex(/^[a-z]{2}$/, 'an ISO 639-1 code such as "cs" or "en"')
  .describe('ISO 639-1 code; default: the document’s main language');
const readOnly = { readOnlyHint: true };

const provisionOut = (provision: Provision) => ({
  citation: provision.citation,
  document_id: provision.document.id,
  document_title: provision.document.title,
  node_id: provision.nodeId,
  cite_key: provision.citeKey,
  link: provision.path,
  language: provision.language,
  text: cut(provision.lines.map((line) => line.text).join('\n')),
});

export const libraryTools = [
  defineTool({
    name: 'search_documents',
    scope: 'memory.read',
    description:
      'Full-text search of the library (provision texts and document titles), or a provision by name such as "čl. 54 ústavy". Returns documents and provisions with citations and links.',
    input: z.object({ query: text(500).describe('Words to search for, or a provision such as "čl. 54 ústavy"') }),
    annotations: readOnly,
    run: async ({ db }, { query }) => {
      const parsed = parseQuestion(query);
      const located = await locateProvisions(db, parsed, 5);
      const byTitle = parsed.terms.length > 0 ? await documentsByTitle(db, parsed.terms, parsed.titlePhrases, 10) : [];
      const documents = new Map(
        [...located.refs.map((ref) => ref.document), ...located.documents, ...byTitle].map((d) => [d.id, d]),
      );
      const provisions: Provision[] = [];
      for await (const provision of readProvisions(db, located.refs, parsed.language)) provisions.push(provision);
      return {
        documents: [...documents.values()]
          .slice(0, 10)
          .map((d) => ({ document_id: d.id, external_id: d.externalId, title: d.title, languages: d.languages })),
        provisions: provisions.map(provisionOut),
      };
    },
  }),
  defineTool({
    name: 'read_provision',
    scope: 'memory.read',
    description: 'The exact text of one provision (with everything under it) in the main version of a document.',
    input: z.object({ document_id: documentRef, cite_key: citeKeyRef, language: language.optional() }),
    annotations: readOnly,
    run: async ({ db }, input) => {
      // The usual call in one statement; title words or a node id take the general path.
      const read = await readProvisionAt(db, input.document_id, input.cite_key, input.language);
      if (read && !read.nodeId) throw provisionNotFound(read.document, input.cite_key);
      if (read?.provision) return provisionOut(read.provision);
      if (read) throw notFound(`Text of "${input.cite_key}"`, 'cite_key');
      const document = await documentOf(db, input.document_id);
      const nodeId = await provisionNodeOf(db, document, input.cite_key);
      const provision = await readProvisionText(db, document, nodeId, input.language ?? document.languages[0] ?? 'cs');
      if (!provision) throw notFound(`Text of "${input.cite_key}"`, 'cite_key');
      return provisionOut(provision);
    },
  }),
  defineTool({
    name: 'list_versions',
    scope: 'memory.read',
    description: 'The versions of a document: the main (current) one and dated snapshots, with their languages.',
    input: z.object({ document_id: documentRef }),
    annotations: readOnly,
    run: async ({ db }, input) => {
      const document = await documentOf(db, input.document_id);
      const versions = await listBranches(db, { documentId: document.id, snapshotsOnly: false, limit: 200, offset: 0 });
      return {
        document_id: document.id,
        title: document.title,
        versions: versions.map((v) => ({
          id: v.id,
          name: v.name,
          kind: v.kind,
          valid_from: v.valid_from,
          languages: v.languages,
        })),
      };
    },
  }),
  defineTool({
    name: 'compare_versions',
    scope: 'memory.read',
    description:
      'What changed between two versions of a document (ids or names from list_versions, e.g. "main"): counts (moved: of the changed, those whose text moved to another path), then provisions changed (old and new text; moved_from: where a moved text stood in the older version, e.g. Čl. 1 -> Čl. 1 odst. 1, else null), added and removed, 50 at a time from offset.',
    input: z.object({
      document_id: documentRef,
      from: text(100).describe('The older version: id or name'),
      to: text(100).describe('The newer version: id or name'),
      language: language.optional(),
      offset: z.number().int().min(0).max(1_000_000).default(0),
    }),
    annotations: readOnly,
    run: async ({ db }, input) => {
      const document = await documentOf(db, input.document_id);
      const [from, to] = [
        await resolveBranch(db, document.id, input.from),
        await resolveBranch(db, document.id, input.to),
      ];
      const changes = await compareChanges(db, {
        branchA: from.id,
        branchB: to.id,
        lang: input.language,
        limit: COMPARE_PAGE,
        offset: input.offset,
      });
      return {
        from: { id: from.id, name: from.name },
        to: { id: to.id, name: to.name },
        language: changes.language,
        counts: changes.counts,
        changed: changes.changed.map((c) => ({
          citation: c.citation,
          cite_key: c.cite_key,
          // As the /v1 comparison answers it: a text that moved is changed, never removed and added.
          moved_from: c.moved_from,
          old_text: cut(c.text_a),
          new_text: cut(c.text_b),
        })),
        added: changes.added.map((a) => ({ citation: a.citation, cite_key: a.cite_key, text: cut(a.text) })),
        removed: changes.removed.map((r) => ({ citation: r.citation, cite_key: r.cite_key, text: cut(r.text) })),
        next_offset: changes.next_offset,
      };
    },
  }),
];
