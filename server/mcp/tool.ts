// One MCP tool: its name, the scope it needs, a zod input schema (listed as JSON Schema, checked
// before it runs) and what it does for the key's owner. Results and failures are CallToolResults:
// a failure is `isError: true` whose text is our error body ({detail, message, field?}), never a
// 500, so an agent can read the code and correct its call.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isStorableText, NOT_STORABLE_MESSAGE } from '../../src/shared/storable-text.js';
import type { ApiKeyScope } from '../../src/api/contract/api-keys.js';
import type { ErrorBody } from '../../src/api/contract/errors.js';
import type { VerifiedKey } from '../api-keys/verify.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { MemoryOwner } from '../memory/store.js';

/** Who a tool acts for: the owner always comes from the key, never from the arguments. */
export interface ToolContext {
  db: Db;
  key: Pick<VerifiedKey, 'id' | 'scopes'>;
  owner: MemoryOwner;
  log: FastifyBaseLogger;
  /**
   * Set by a tool whose answer text has its JSON form built already (read_graph's, once per graph
   * version): the HTTP answer then carries those bytes (answer-bytes.ts). This request's own object.
   */
  serialized?: { text: string; json: Buffer };
}

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  isError?: boolean;
}

export interface McpTool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  /** The narrowest scope that allows the tool (memory.manage ⊇ memory.write ⊇ memory.read). */
  scope: ApiKeyScope;
  description: string;
  input: Input;
  /** MCP tool annotations: hints for clients (read-only tools, destructive ones). */
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
  /**
   * The official memory server's tools of the same name answer pretty-printed JSON (existing agent
   * prompts and clients see the same text); every other tool answers compact JSON (smaller and
   * cheaper to build, issue 12). A tool answering a string answers it as it is.
   */
  pretty?: boolean;
  run(context: ToolContext, input: z.output<Input>): Promise<unknown>;
}

export const defineTool = <Input extends z.ZodObject>(tool: McpTool<Input>): McpTool => tool as unknown as McpTool;

/** A non-empty string of at most `max` characters without NUL. */
export const text = (max: number) =>
  z.string().min(1).max(max).refine(isStorableText, { message: NOT_STORABLE_MESSAGE });

/** Plain text answers: a string as it is, anything else as JSON (pretty-printed when asked). */
export const textResult = (value: unknown, pretty = false): ToolResult => ({
  content: [
    {
      type: 'text',
      text: typeof value === 'string' ? value : pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value),
    },
  ],
});

export const errorResult = (body: ErrorBody): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(body) }],
  isError: true,
});

/** The first problem of the arguments, named by its path, as validation_failed. */
export function invalidArguments(error: z.ZodError): ToolResult {
  const issue = error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
  return errorResult({ detail: 'validation_failed', message: `${field}: ${issue.message}`, field });
}

/** Runs a tool on checked arguments; a known failure keeps its code, anything else is internal_error. */
export async function callTool(tool: McpTool, context: ToolContext, args: unknown): Promise<ToolResult> {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) return invalidArguments(parsed.error);
  try {
    return textResult(await tool.run(context, parsed.data), tool.pretty);
  } catch (error) {
    if (error instanceof ApiError) return errorResult(error.toBody());
    // Name and stack only: a query error's message carries its parameters (the owner's memory).
    context.log.error(
      { tool: tool.name, error: { name: error instanceof Error ? error.name : 'unknown', stack: stackOf(error) } },
      'mcp tool failed',
    );
    return errorResult({ detail: 'internal_error', message: 'The tool failed; try again later' });
  }
}

const stackOf = (error: unknown) =>
  error instanceof Error
    ? error.stack
        ?.split('\n')
        .filter((line) => line.trim().startsWith('at '))
        .slice(0, 6)
        .join('\n')
    : undefined;
