// memory.write tools: the official memory server's writes, with its argument shapes so existing
// agent prompts work, each one transaction in the store (concurrent writers lose nothing), and
// link_provision (an entity to a provision named by document and cite key).
import { z } from 'zod';
import { MEMORY_LIMITS } from '../../memory/limits.js';
import {
  addObservations,
  createEntities,
  createRelations,
  deleteEntities,
  deleteObservations,
  deleteRelations,
  linkProvision,
} from '../../memory/store.js';
import { readProvisionText } from '../../copilot/library-search.js';
import { defineTool, text } from '../tool.js';
import { citeKeyRef, documentOf, documentRef, provisionNodeOf } from './library-refs.js';

const name = text(MEMORY_LIMITS.nameLength);
const observation = text(MEMORY_LIMITS.observationLength);
const items = <T extends z.ZodType>(item: T) => z.array(item).max(MEMORY_LIMITS.itemsPerCall);

/** Nested lists count too: one call carries at most itemsPerCall observations in all. */
const withinItems =
  <T>(count: (value: T) => number) =>
  (value: T, context: z.RefinementCtx) => {
    if (count(value) > MEMORY_LIMITS.itemsPerCall)
      context.addIssue({ code: 'custom', message: `at most ${MEMORY_LIMITS.itemsPerCall} items in one call` });
  };

const relation = z.object({
  from: name.describe('The name of the entity where the relation starts'),
  to: name.describe('The name of the entity where the relation ends'),
  relationType: name.describe('The type of the relation'),
});

export const memoryWriteTools = [
  defineTool({
    name: 'create_entities',
    scope: 'memory.write',
    description: 'Create multiple new entities in the knowledge graph (names that exist are left as they are).',
    input: z
      .object({
        entities: items(
          z.object({
            name: name.describe('The name of the entity'),
            entityType: name.describe('The type of the entity'),
            observations: items(observation).describe('An array of observation contents associated with the entity'),
          }),
        ),
      })
      .superRefine(withinItems((v) => v.entities.reduce((sum, e) => sum + e.observations.length, 0))),
    annotations: { idempotentHint: true },
    pretty: true,
    run: ({ db, owner }, { entities }) => createEntities(db, owner, entities),
  }),
  defineTool({
    name: 'create_relations',
    scope: 'memory.write',
    description:
      'Create multiple new relations between entities in the knowledge graph. Relations should be in active voice.',
    input: z.object({ relations: items(relation) }),
    annotations: { idempotentHint: true },
    pretty: true,
    run: ({ db, owner }, { relations }) => createRelations(db, owner, relations),
  }),
  defineTool({
    name: 'add_observations',
    scope: 'memory.write',
    description: 'Add new observations to existing entities in the knowledge graph.',
    input: z
      .object({
        observations: items(
          z.object({
            entityName: name.describe('The name of the entity to add the observations to'),
            contents: items(observation).describe('An array of observation contents to add'),
          }),
        ),
      })
      .superRefine(withinItems((v) => v.observations.reduce((sum, o) => sum + o.contents.length, 0))),
    annotations: { idempotentHint: true },
    pretty: true,
    run: ({ db, owner }, { observations }) => addObservations(db, owner, observations),
  }),
  defineTool({
    name: 'delete_entities',
    scope: 'memory.write',
    description: 'Delete multiple entities and their associated relations from the knowledge graph.',
    input: z.object({ entityNames: items(name).describe('An array of entity names to delete') }),
    annotations: { destructiveHint: true, idempotentHint: true },
    run: async ({ db, owner }, { entityNames }) => {
      await deleteEntities(db, owner, entityNames);
      return 'Entities deleted successfully';
    },
  }),
  defineTool({
    name: 'delete_observations',
    scope: 'memory.write',
    description: 'Delete specific observations from entities in the knowledge graph.',
    input: z
      .object({
        deletions: items(
          z.object({
            entityName: name.describe('The name of the entity containing the observations'),
            observations: items(observation).describe('An array of observations to delete'),
          }),
        ),
      })
      .superRefine(withinItems((v) => v.deletions.reduce((sum, d) => sum + d.observations.length, 0))),
    annotations: { destructiveHint: true, idempotentHint: true },
    run: async ({ db, owner }, { deletions }) => {
      await deleteObservations(db, owner, deletions);
      return 'Observations deleted successfully';
    },
  }),
  defineTool({
    name: 'delete_relations',
    scope: 'memory.write',
    description: 'Delete multiple relations from the knowledge graph.',
    input: z.object({ relations: items(relation).describe('An array of relations to delete') }),
    annotations: { destructiveHint: true, idempotentHint: true },
    run: async ({ db, owner }, { relations }) => {
      await deleteRelations(db, owner, relations);
      return 'Relations deleted successfully';
    },
  }),
  defineTool({
    name: 'link_provision',
    scope: 'memory.write',
    description:
      'Link an entity to a provision of the library (document and cite key), with a note. Linking the same provision again replaces its note.',
    input: z.object({
      entityName: name.describe('The name of an existing entity'),
      document_id: documentRef,
      cite_key: citeKeyRef,
      note: z
        .string()
        .max(MEMORY_LIMITS.observationLength)
        .refine((v) => !v.includes('\u0000'), {
          message: 'must not contain NUL characters',
        }),
    }),
    annotations: { idempotentHint: true },
    run: async ({ db, owner }, input) => {
      const document = await documentOf(db, input.document_id);
      const nodeId = await provisionNodeOf(db, document, input.cite_key);
      const provision = await readProvisionText(db, document, nodeId, document.languages[0] ?? 'cs');
      return linkProvision(db, owner, {
        entityName: input.entityName,
        documentId: document.id,
        nodeId,
        citation: provision?.citation ?? `${input.cite_key}, ${document.externalId}`,
        note: input.note,
      });
    },
  }),
];
