// Calls of the live channel and the Copilot, from the route table: the ws-token, the Copilot
// session, the templates and the chat service's address, the test publish; and the streamed chat
// reply (its own fetch: the chat service may live on another origin, and each chunk shows as it arrives).
import type { z } from 'zod';
import { ApiError, call, errorOf, rethrowUnlessCancelled, toApiError } from './client';
import type { CopilotSession } from './contract/copilot';
import { routePattern } from './contract/route';
import { routes } from './contract/routes';

interface CallOptions {
  signal?: AbortSignal;
}

export const issueWsToken = ({ signal }: CallOptions = {}) => call(routes.issueWsToken, { signal });

export const issueCopilotSession = (templateHash: string, { signal }: CallOptions = {}) =>
  call(routes.issueCopilotSession, {
    body: { scope: 'chat', template_hash: templateHash, include_ws_token: false },
    signal,
  });

export const publishRealtime = (body: z.input<typeof routes.publishRealtime.body>, { signal }: CallOptions = {}) =>
  call(routes.publishRealtime, { body, signal });

export const loadCopilotTemplates = ({ signal }: CallOptions = {}) => call(routes.getCopilotTemplates, { signal });

/** The default chat address: the build's VITE_COPILOT_CHAT_URL, else this server's /copilot/chat. */
export const DEFAULT_CHAT_URL: string = import.meta.env?.VITE_COPILOT_CHAT_URL || routePattern(routes.copilotChat);

/** Where chat requests go: GET /copilot/config, else the build's default (same origin). */
export async function loadChatUrl({ signal }: CallOptions = {}): Promise<string> {
  try {
    return (await call(routes.getCopilotConfig, { signal })).chat_url || DEFAULT_CHAT_URL;
  } catch {
    // A cancelled call never settles, so the default is never the answer of a cancelled load.
    return DEFAULT_CHAT_URL;
  }
}

export interface StreamChatInput {
  url: string;
  session: CopilotSession;
  request: z.input<typeof routes.copilotChat.body>;
  onChunk: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * POSTs the chat request with the session's signed headers and hands each decoded chunk to
 * onChunk; a failure is the one ApiError (its `{detail, message}` when the service sent one).
 * A cancelled stream never settles, as a cancelled call does not.
 */
export function streamChat(input: StreamChatInput): Promise<void> {
  return readChat(input).catch((error: unknown) => rethrowUnlessCancelled(toApiError(error), input.signal));
}

async function readChat({ url, session, request, onChunk, signal }: StreamChatInput): Promise<void> {
  const response = await fetch(url, {
    method: routes.copilotChat.method,
    // The signed headers are the credentials; the chat service may live on another origin.
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json', Accept: 'text/plain', ...session.signed_headers },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  if (!response.body) {
    const text = await response.text();
    if (text) onChunk(text);
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) onChunk(value);
    }
  } catch (error) {
    throw new ApiError(response.status, 'network_error', { message: toApiError(error).message });
  } finally {
    reader.releaseLock();
  }
}
