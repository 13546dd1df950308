// memory.read tools: the official memory server's search_nodes, open_nodes and read_graph over
// the key owner's graph, and provision_notes (the owner's links from entities to provisions).
import { z } from 'zod';
import { MEMORY_LIMITS } from '../../memory/limits.js';
import { readGraphAnswer } from '../../memory/graph-answer.js';
import { openNodes, provisionNotes, searchNodes } from '../../memory/store.js';
import { defineTool, text } from '../tool.js';
import { documentOf, documentRef } from './library-refs.js';

const readOnly = { readOnlyHint: true };

export const memoryReadTools = [
  defineTool({
    name: 'read_graph',
    scope: 'memory.read',
    description: 'Read the entire knowledge graph (entities with their observations, and relations).',
    input: z.object({}),
    annotations: readOnly,
    // Serialized once per graph version (graph-answer.ts), pretty-printed as the official server's.
    run: async (context) => {
      const answer = await readGraphAnswer(context.db, context.owner);
      context.serialized = answer;
      return answer.text;
    },
  }),
  defineTool({
    name: 'search_nodes',
    scope: 'memory.read',
    description:
      'Search for nodes in the knowledge graph: entity names, types and observation contents containing the query (case and accents ignored). An entity found by its observations lists only the matching ones; open_nodes gives all.',
    input: z.object({
      query: text(MEMORY_LIMITS.nameLength).describe(
        'The search query to match against entity names, types, and observation content',
      ),
    }),
    annotations: readOnly,
    pretty: true,
    run: ({ db, owner }, { query }) => searchNodes(db, owner, query),
  }),
  defineTool({
    name: 'open_nodes',
    scope: 'memory.read',
    description: 'Open specific nodes in the knowledge graph by their names (unknown names are left out).',
    input: z.object({
      names: z
        .array(text(MEMORY_LIMITS.nameLength))
        .max(MEMORY_LIMITS.itemsPerCall)
        .describe('An array of entity names to retrieve'),
    }),
    annotations: readOnly,
    pretty: true,
    run: ({ db, owner }, { names }) => openNodes(db, owner, names),
  }),
  defineTool({
    name: 'provision_notes',
    scope: 'memory.read',
    description:
      'Notes linking entities to provisions of the library (document, node, citation, note), of one document or all.',
    input: z.object({ document_id: documentRef.optional() }),
    annotations: readOnly,
    run: async ({ db, owner }, { document_id }) => {
      const documentId = document_id === undefined ? undefined : (await documentOf(db, document_id)).id;
      return { notes: await provisionNotes(db, owner, documentId) };
    },
  }),
];
