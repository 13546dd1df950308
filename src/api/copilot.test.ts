// @vitest-environment jsdom
// The Copilot calls against a mocked server: the session request's body and CSRF header, the
// chat stream read chunk by chunk with the signed headers, the one ApiError of a failed answer,
// and the chat address from /copilot/config with the same-origin default.
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { CopilotSession } from './contract/copilot';
import {
  DEFAULT_CHAT_URL,
  issueCopilotSession,
  issueWsToken,
  loadChatUrl,
  loadCopilotTemplates,
  publishRealtime,
  streamChat,
} from './copilot';
import { ApiError } from './client';
import { mockApi } from '../testing/mock-api';

const USER = '7f1d8a3e-2b4c-4d5e-8f60-718293a4b5c6';
const SESSION: CopilotSession = {
  session_id: 'sess',
  nonce: 'nonce',
  expires_at: '2030-01-01T00:00:00.000Z',
  user_id: USER,
  signed_headers: {
    'x-copilot-session': 'sess',
    'x-copilot-user': USER,
    'x-copilot-login': 'login',
    'x-copilot-nonce': 'nonce',
    'x-copilot-expires': '1',
    'x-copilot-signature': 'sig',
  },
};
const seen: { url: string; headers: Record<string, string>; body: unknown }[] = [];
const record = async (request: Request) => {
  const text = await request.text();
  seen.push({
    url: new URL(request.url).pathname,
    headers: Object.fromEntries(request.headers),
    body: text ? JSON.parse(text) : undefined,
  });
};

const server = mockApi(
  http.post('*/v1/copilot/session', async ({ request }) => {
    await record(request);
    return HttpResponse.json(SESSION);
  }),
  http.post('*/v1/auth/ws-token', () =>
    HttpResponse.json({ detail: 'not_authenticated', message: 'Log in first.' }, { status: 401 }),
  ),
  http.post('*/v1/realtime/publish', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ status: 'ok', ts: 42 });
  }),
  http.get('*/copilot_templates.json', () =>
    HttpResponse.json({ hash: 'h', templates: [{ capability: 'chat', template: 'lexhub.chat.v1', text: 't' }] }),
  ),
  http.post('*/copilot/chat', async ({ request }) => {
    await record(request);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of ['Čl. 54 ', 'říká, ', 'že…']) {
          controller.enqueue(encoder.encode(part));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        controller.close();
      },
    });
    return new HttpResponse(stream, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }),
  http.post('*/copilot/failing', () =>
    HttpResponse.json({ detail: 'rate_limited', message: 'Too many Copilot requests.' }, { status: 429 }),
  ),
  http.post('*/copilot/plain', () => new HttpResponse('upstream broke', { status: 502 })),
);
afterEach(() => {
  seen.length = 0;
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const chatRequest = {
  session_id: 'sess',
  nonce: 'nonce',
  scope: 'chat',
  messages: [{ role: 'user' as const, content: 'Co říká čl. 54?' }],
  template: 'lexhub.chat.v1',
  template_hash: 'h',
};

describe('copilot calls', () => {
  it('ask for a chat session for the templates hash, with the CSRF header', async () => {
    document.cookie = 'csrf_token=csrf-value';
    await expect(issueCopilotSession('h')).resolves.toEqual(SESSION);
    expect(seen[0]!.body).toEqual({ scope: 'chat', template_hash: 'h', include_ws_token: false });
    expect(seen[0]!.headers['x-csrf-token']).toBe('csrf-value');
  });

  it('turn a refused ws-token into an ApiError with its status', async () => {
    const error = await issueWsToken().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it('publish a test command', async () => {
    await expect(publishRealtime({ cmd: 'tool.navigate', payload: { path: '/' } })).resolves.toEqual({
      status: 'ok',
      ts: 42,
    });
    expect(seen[0]!.body).toEqual({ cmd: 'tool.navigate', payload: { path: '/' } });
  });

  it('load the templates, and the chat address (same origin when /copilot/config is missing)', async () => {
    await expect(loadCopilotTemplates()).resolves.toMatchObject({ hash: 'h' });
    server.use(
      http.get('*/copilot/config', () =>
        HttpResponse.json({ chat_url: 'http://127.0.0.1:8090/chat', assistant: 'model' }),
      ),
    );
    await expect(loadChatUrl()).resolves.toBe('http://127.0.0.1:8090/chat');
    server.use(http.get('*/copilot/config', () => new HttpResponse(null, { status: 404 })));
    await expect(loadChatUrl()).resolves.toBe(DEFAULT_CHAT_URL);
    expect(DEFAULT_CHAT_URL).toBe('/copilot/chat');
  });

  it('stream the reply chunk by chunk with the signed headers', async () => {
    const chunks: string[] = [];
    await streamChat({
      url: '/copilot/chat',
      session: SESSION,
      request: chatRequest,
      onChunk: (text) => chunks.push(text),
    });
    expect(chunks.join('')).toBe('Čl. 54 říká, že…');
    expect(chunks.length).toBeGreaterThan(1);
    expect(seen[0]!.body).toEqual(chatRequest);
    expect(seen[0]!.headers['x-copilot-signature']).toBe('sig');
    expect(seen[0]!.headers['x-copilot-session']).toBe('sess');
  });

  it('fail with the status and the server message (JSON or text)', async () => {
    const json = await streamChat({
      url: '/copilot/failing',
      session: SESSION,
      request: chatRequest,
      onChunk: () => {},
    }).catch((caught: unknown) => caught);
    expect(json).toBeInstanceOf(ApiError);
    expect(json).toMatchObject({ status: 429, message: 'Too many Copilot requests.', detail: 'rate_limited' });
    const text = await streamChat({
      url: '/copilot/plain',
      session: SESSION,
      request: chatRequest,
      onChunk: () => {},
    }).catch((caught: unknown) => caught);
    expect(text).toBeInstanceOf(ApiError);
    expect(text).toMatchObject({ status: 502, message: 'upstream broke', detail: 'http_error' });
  });
});
