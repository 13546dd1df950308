// Typed calls of the live channel and the Copilot: the ws-token, the Copilot session, the
// templates and the chat service's address, the test publish, and the streamed chat reply
// (fetch + a ReadableStream reader, so each chunk shows as it arrives).
import { CopilotConfig, CopilotSession, CopilotTemplates, type ChatRequest } from './contract/copilot';
import { PublishResponse, WsTokenResponse } from '../realtime/protocol';
import { apiPost, type RequestOptions } from './legacy-client';

export const issueWsToken = (options?: RequestOptions) =>
  apiPost('/auth/ws-token', undefined, WsTokenResponse, options);

export const issueCopilotSession = (templateHash: string, options?: RequestOptions) =>
  apiPost(
    '/copilot/session',
    { scope: 'chat', template_hash: templateHash, include_ws_token: false },
    CopilotSession,
    options,
  );

export const publishRealtime = (body: { cmd: string; payload: Record<string, unknown> }, options?: RequestOptions) =>
  apiPost('/realtime/publish', body, PublishResponse, options);

/** The default chat address: the build's VITE_COPILOT_CHAT_URL, else this server's /copilot/chat. */
export const DEFAULT_CHAT_URL: string = import.meta.env?.VITE_COPILOT_CHAT_URL || '/copilot/chat';
export const TEMPLATES_URL = '/copilot_templates.json';
export const CONFIG_URL = '/copilot/config';

/** A failed Copilot call outside /v1 (templates, the chat stream), with the server's text. */
export class CopilotRequestError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly detail?: string,
  ) {
    super(`Copilot request failed (${status}): ${text}`);
    this.name = 'CopilotRequestError';
  }
}

async function getJson(url: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (!response.ok) throw await requestError(response);
  return response.json();
}

export const loadCopilotTemplates = async (options?: RequestOptions) =>
  CopilotTemplates.parse(await getJson(TEMPLATES_URL, options));

/** Where chat requests go: GET /copilot/config, else the build's default (same origin). */
export async function loadChatUrl(options?: RequestOptions): Promise<string> {
  try {
    return CopilotConfig.parse(await getJson(CONFIG_URL, options)).chat_url || DEFAULT_CHAT_URL;
  } catch (error) {
    if (options?.signal?.aborted) throw error;
    return DEFAULT_CHAT_URL;
  }
}

/** The error text of a failed answer: the JSON `message` (or `detail`), else the body, else the status text. */
export async function requestError(response: Response): Promise<CopilotRequestError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // the body could not be read: fall back to the status text
  }
  let detail: string | undefined;
  let text = body.trim();
  try {
    const json = JSON.parse(body) as { detail?: unknown; message?: unknown };
    if (typeof json.detail === 'string') detail = json.detail;
    if (typeof json.message === 'string') text = json.message;
    else if (detail) text = detail;
  } catch {
    // not JSON: the text itself
  }
  return new CopilotRequestError(
    response.status,
    text.slice(0, 500) || response.statusText || String(response.status),
    detail,
  );
}

export interface StreamChatInput {
  url: string;
  session: CopilotSession;
  request: ChatRequest;
  onChunk: (text: string) => void;
  signal?: AbortSignal;
}

/** POSTs the chat request with the session's signed headers and hands each decoded chunk to onChunk. */
export async function streamChat({ url, session, request, onChunk, signal }: StreamChatInput): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      // The signed headers are the credentials; the chat service may live on another origin.
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'text/plain', ...session.signed_headers },
      body: JSON.stringify(request),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CopilotRequestError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await requestError(response);
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
    if (signal?.aborted) throw error;
    throw new CopilotRequestError(response.status, error instanceof Error ? error.message : String(error));
  } finally {
    reader.releaseLock();
  }
}
