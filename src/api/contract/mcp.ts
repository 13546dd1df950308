// /mcp (issue 12): where AI agents reach an owner's memory and the library with an API key, and
// the OAuth protected-resource metadata (RFC 9728) that a 401 points them to. /mcp itself speaks
// JSON-RPC (the Model Context Protocol), outside the /v1 route table.
import { z } from 'zod';
import { API_KEY_SCOPES } from './api-keys';

export const MCP_PATH = '/mcp';
/** RFC 9728 §3.1: the well-known prefix followed by the resource's path. */
export const PROTECTED_RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;
/** What one call to /mcp may carry (more: 413 payload_too_large). */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;
/** Calls to /mcp one key may make in a minute (more: 429 rate_limited with Retry-After). */
export const MCP_CALLS_PER_MINUTE = 600;

export const ProtectedResourceMetadata = z.object({
  resource: z.string().describe('The MCP endpoint, {PUBLIC_URL}/mcp'),
  resource_name: z.string(),
  scopes_supported: z.array(z.enum(API_KEY_SCOPES)),
  bearer_methods_supported: z.array(z.literal('header')),
  resource_documentation: z.string().optional(),
});
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadata>;
