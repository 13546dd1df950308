// Every /mcp tool, and the ones a key's scopes allow: tools beyond them are absent from
// tools/list, and calling one is refused before the MCP server sees it (403 insufficient_scope).
import type { ApiKeyScope } from '../../src/api/contract/api-keys.js';
import { scopesAllow } from '../policies/api-keys.js';
import type { McpTool } from './tool.js';
import { libraryTools } from './tools/library.js';
import { memoryManageTools } from './tools/memory-manage.js';
import { memoryReadTools } from './tools/memory-read.js';
import { memoryWriteTools } from './tools/memory-write.js';

export const ALL_TOOLS: readonly McpTool[] = [
  ...memoryReadTools,
  ...libraryTools,
  ...memoryWriteTools,
  ...memoryManageTools,
];

const BY_NAME = new Map(ALL_TOOLS.map((tool) => [tool.name, tool]));

export const toolNamed = (name: string): McpTool | undefined => BY_NAME.get(name);

export const toolsFor = (scopes: readonly ApiKeyScope[]): McpTool[] =>
  ALL_TOOLS.filter((tool) => scopesAllow(scopes, tool.scope));
