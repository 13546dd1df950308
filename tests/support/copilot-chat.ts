// Copilot helpers for server tests: issue a session as a logged-in user, send a chat request with
// its signed headers, read the streamed answer chunk by chunk, and capture published commands.
import { CopilotSession, CopilotTemplates, type ChatRequest } from '../../src/api/contract/copilot.js';
import type { Publish } from '../../server/copilot/automation.js';
import type { HttpSession } from './http-session.js';

export interface PublishedCommand {
  userId: string;
  cmd: string;
  payload: Record<string, unknown>;
}

/** A publish function that records every command (instead of the realtime hub). */
export function capturePublish(): { publish: Publish; commands: PublishedCommand[] } {
  const commands: PublishedCommand[] = [];
  return {
    commands,
    publish: async (userId, cmd, payload) => {
      commands.push({ userId, cmd, payload });
    },
  };
}

export async function templatesOf(baseUrl: string): Promise<CopilotTemplates> {
  return CopilotTemplates.parse(await (await fetch(`${baseUrl}/copilot_templates.json`)).json());
}

export async function issueSession(
  session: HttpSession,
  templateHash: string,
  includeWsToken = false,
): Promise<CopilotSession> {
  const response = await session.post('/v1/copilot/session', {
    scope: 'chat',
    template_hash: templateHash,
    include_ws_token: includeWsToken,
  });
  if (response.status !== 200) throw new Error(`session failed: ${response.status} ${await response.text()}`);
  return CopilotSession.parse(await response.json());
}

export function chatBody(
  copilot: CopilotSession,
  templateHash: string,
  question: string,
  overrides: Partial<ChatRequest> = {},
): ChatRequest {
  return {
    session_id: copilot.session_id,
    nonce: copilot.nonce,
    scope: 'chat',
    messages: [{ role: 'user', content: question }],
    template: 'lexhub.chat.v1',
    template_hash: templateHash,
    ...overrides,
  };
}

/** POST {url} with the signed headers (no cookies, like the browser calling a separate service). */
export function postChat(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The streamed body as the chunks that arrived, decoded. */
export async function readChunks(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(decoder.decode(value, { stream: true }));
  }
  return chunks;
}
