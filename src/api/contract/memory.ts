// The memory of a user or an organization (issue 12) as the web app reads and edits it under
// /v1/memory: the same store the /mcp tools use, with entities addressed by id (names may hold any
// character) and the owner named in the query of every call, as /v1/api-keys does.
import { z } from 'zod';
import { isStorableText, NOT_STORABLE_MESSAGE } from '../../shared/storable-text';
import { Uuid, listOf } from './common';

export const MEMORY_TEXT_LIMITS = {
  /** Entity name, entity type, relation type (they are keys). */
  name: 500,
  observation: 4_000,
} as const;

/** Trimmed, not empty, at most `max` characters, no NUL (PostgreSQL text cannot hold one). */
const text = (max: number) =>
  z.string().trim().min(1).max(max).refine(isStorableText, { message: NOT_STORABLE_MESSAGE });

export const MemoryOwnerType = z.enum(['user', 'organization']);
export type MemoryOwnerType = z.infer<typeof MemoryOwnerType>;

/** Whose memory: the caller's (default) or an organization's (members read, owners and admins write). */
export const MemoryOwnerQuery = z.object({
  owner_type: MemoryOwnerType.default('user'),
  organization_id: z.string().max(100).optional(),
});
export type MemoryOwnerQuery = z.input<typeof MemoryOwnerQuery>;

export const MEMORY_LIST_MAX = 200;
export const MemoryEntitiesQuery = MemoryOwnerQuery.extend({
  q: z
    .string()
    .max(MEMORY_TEXT_LIMITS.name)
    .optional()
    .describe('Name, type or observation text (case and accents ignored)'),
  limit: z.coerce.number().int().min(1).max(MEMORY_LIST_MAX).default(100),
});

const Timestamp = z.iso.datetime({ offset: true });

export const MemoryEntitySummary = z.object({
  id: Uuid,
  name: z.string(),
  entity_type: z.string(),
  created_at: Timestamp,
  observation_count: z.number().int(),
  relation_count: z.number().int().describe('Relations from or to the entity'),
  link_count: z.number().int().describe('Provisions of the library linked to the entity'),
});
export type MemoryEntitySummary = z.infer<typeof MemoryEntitySummary>;
export const MemoryEntityList = listOf(MemoryEntitySummary);

export const MemoryObservation = z.object({ id: Uuid, content: z.string(), created_at: Timestamp });
export type MemoryObservation = z.infer<typeof MemoryObservation>;

const EntityRef = z.object({ id: Uuid, name: z.string(), entity_type: z.string() });

export const MemoryRelation = z.object({
  id: Uuid,
  relation_type: z.string(),
  from: EntityRef,
  to: EntityRef,
});
export type MemoryRelation = z.infer<typeof MemoryRelation>;

export const MemoryProvisionLink = z.object({
  id: Uuid,
  document_id: Uuid,
  node_id: Uuid.nullable(),
  citation: z.string(),
  note: z.string(),
  document: z.object({ external_id: z.string(), title: z.string() }).describe('For display and the reader link'),
});
export type MemoryProvisionLink = z.infer<typeof MemoryProvisionLink>;

export const MemoryEntityDetail = MemoryEntitySummary.extend({
  observations: z.array(MemoryObservation),
  /** Both directions: `from` or `to` is this entity. */
  relations: z.array(MemoryRelation),
  links: z.array(MemoryProvisionLink),
});
export type MemoryEntityDetail = z.infer<typeof MemoryEntityDetail>;

export const CreateMemoryEntityRequest = z.object({
  name: text(MEMORY_TEXT_LIMITS.name),
  entity_type: text(MEMORY_TEXT_LIMITS.name),
  observations: z.array(text(MEMORY_TEXT_LIMITS.observation)).max(100).default([]),
});
export type CreateMemoryEntityRequest = z.input<typeof CreateMemoryEntityRequest>;

export const AddMemoryObservationRequest = z.object({ content: text(MEMORY_TEXT_LIMITS.observation) });

/** An existing entity's name, exactly as stored (not trimmed: the MCP tools may have stored spaces). */
const entityName = z
  .string()
  .min(1)
  .max(MEMORY_TEXT_LIMITS.name)
  .refine(isStorableText, { message: NOT_STORABLE_MESSAGE });

/** A relation between two entities of the same memory, named as the MCP tools name them. */
export const CreateMemoryRelationRequest = z.object({
  from: entityName.describe('Name of the entity where the relation starts'),
  to: entityName.describe('Name of the entity where the relation ends'),
  relation_type: text(MEMORY_TEXT_LIMITS.name),
});
export type CreateMemoryRelationRequest = z.input<typeof CreateMemoryRelationRequest>;

export const EntityObservationParams = z.object({ id: Uuid, observationId: Uuid });
