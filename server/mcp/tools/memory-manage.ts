// memory.manage tools: the whole memory out (the official server's JSONL file format), the whole
// memory gone (only with confirm: true), and what happened to the owner's keys.
import { z } from 'zod';
import { listKeyEvents } from '../../api-keys/events.js';
import { clearMemory, exportMemory } from '../../memory/store.js';
import { isUuid } from '../../../src/shared/uuid.js';
import { defineTool } from '../tool.js';

export const memoryManageTools = [
  defineTool({
    name: 'export_memory',
    scope: 'memory.manage',
    description:
      'Export the whole knowledge graph in the official memory server\'s file format: one JSON object per line ({"type":"entity",...} then {"type":"relation",...}).',
    input: z.object({}),
    annotations: { readOnlyHint: true },
    run: ({ db, owner }) => exportMemory(db, owner),
  }),
  defineTool({
    name: 'clear_memory',
    scope: 'memory.manage',
    description: 'Delete every entity, observation, relation and provision link of this memory. Cannot be undone.',
    input: z.object({
      confirm: z.literal(true).describe('Must be true: clearing cannot be undone'),
    }),
    annotations: { destructiveHint: true, idempotentHint: true },
    run: async ({ db, owner }) => {
      await clearMemory(db, owner);
      return 'Memory cleared';
    },
  }),
  defineTool({
    name: 'list_key_events',
    scope: 'memory.manage',
    description:
      "Recent events (created, rotated, revoked, used, denied, expired) of this memory owner's API keys, newest first.",
    input: z.object({
      key_id: z.string().refine(isUuid, { message: 'must be a key id (UUID)' }).optional(),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    annotations: { readOnlyHint: true },
    run: async ({ db, owner }, { key_id, limit }) => ({
      events: await listKeyEvents(db, owner, key_id?.toLowerCase(), limit),
    }),
  }),
];
