// The memory tools for the Copilot's model, up to memory.write, run in process as the user's
// managed key: the same tool code, limits and error codes as /mcp, with the owner always the
// user the Copilot session belongs to. Each use is recorded on the managed key (once a minute).
import { tool, type Tool } from 'ai';
import { recordKeyUse } from '../api-keys/events.js';
import { emit, type CopilotActor } from '../copilot/automation.js';
import { scopesAllow } from '../policies/api-keys.js';
import { ensureManagedKey, MANAGED_KEY_SCOPES } from './managed-key.js';
import { callTool, type McpTool } from './tool.js';
import { memoryReadTools } from './tools/memory-read.js';
import { memoryWriteTools } from './tools/memory-write.js';

/** Characters of one tool result the model gets back. */
const RESULT_MAX = 6_000;
/** Where the uses are recorded from: the server itself, not a network address. */
const COPILOT_SOURCE = 'copilot';

const MEMORY_TOOLS: McpTool[] = [...memoryReadTools, ...memoryWriteTools].filter((t) =>
  scopesAllow(MANAGED_KEY_SCOPES, t.scope),
);

export function copilotMemoryTools(actor: CopilotActor): Record<string, Tool> {
  const owner = { type: 'user' as const, id: actor.userId };
  return Object.fromEntries(
    MEMORY_TOOLS.map((memoryTool) => [
      memoryTool.name,
      tool({
        description: `Your memory of this user (a knowledge graph): ${memoryTool.description}`,
        inputSchema: memoryTool.input,
        execute: async (args: unknown) => {
          const key = await ensureManagedKey(actor.db, actor.userId);
          const result = await callTool(memoryTool, { db: actor.db, key, owner, log: actor.log }, args);
          void recordKeyUse(actor.db, key.id, COPILOT_SOURCE).catch((error: unknown) =>
            actor.log.warn({ err: error }, 'copilot: recording the managed key use failed'),
          );
          await emit(actor, 'copilot.tool_call', {
            name: memoryTool.name,
            summary: result.isError ? 'failed' : 'done',
          });
          const text = result.content[0]?.text ?? '';
          return text.length > RESULT_MAX ? `${text.slice(0, RESULT_MAX - 1)}…` : text;
        },
      }),
    ]),
  );
}
