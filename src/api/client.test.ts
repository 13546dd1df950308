// @vitest-environment jsdom
// The one call path: the address is built from the route, the CSRF header goes with writes,
// answers are parsed with the route's schema, and every failure is one ApiError (the server's
// code and field, a proxy's page as http_error, a broken answer as invalid_response, a network
// failure as network_error, a missing path parameter as the programming error it is); a cancelled
// call never settles, nor does a cancelled conditional read or Copilot stream.
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { mockApi } from '../testing/mock-api';
import type { CopilotSession } from './contract/copilot';
import { route } from './contract/route';
import { routes } from './contract/routes';
import { ApiError, call, callResponse, csrfToken, routeUrl } from './client';
import { loadChatUrl, streamChat } from './copilot';
import { getFragmentText } from './library';

const ID = '7d3f2c1a-0b9e-4f5d-8c7a-6e5d4c3b2a10';
const echo = route({
  method: 'POST',
  path: '/echo/{id}',
  summary: 'echo',
  tag: 'test',
  params: z.object({ id: z.string() }),
  query: z.object({ n: z.coerce.number().optional() }),
  body: z.object({ n: z.number() }),
  response: z.object({ n: z.number(), id: z.string(), csrf: z.string().nullable(), lang: z.string().nullable() }),
});
const slow = route({ method: 'GET', path: '/slow', summary: 'slow', tag: 'test', response: z.unknown() });
const proxy = route({ method: 'GET', path: '/proxy', summary: 'proxy', tag: 'test', response: z.unknown() });
const broken = route({
  method: 'GET',
  path: '/broken',
  summary: 'broken',
  tag: 'test',
  response: z.object({ n: z.number() }),
});
const offline = route({ method: 'GET', path: '/offline', summary: 'offline', tag: 'test', response: z.unknown() });

const server = mockApi(
  http.post('*/v1/echo/:id', async ({ request, params }) => {
    const body = (await request.json()) as { n: number };
    return HttpResponse.json({
      n: body.n + Number(new URL(request.url).searchParams.get('n') ?? 0),
      id: String(params.id),
      csrf: request.headers.get('X-CSRF-Token'),
      lang: request.headers.get('Accept-Language'),
    });
  }),
  http.get('*/v1/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return HttpResponse.json({ detail: 'not_found', message: 'nothing here' }, { status: 404 });
  }),
  http.get('*/v1/proxy', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
  http.get('*/v1/broken', () => HttpResponse.json({ n: 'one' })),
  http.delete('*/v1/things/:id', () => new HttpResponse(null, { status: 204 })),
  http.get('*/v1/offline', () => HttpResponse.error()),
  http.get('*/v1/legal/fragments/:id/text', ({ request }) =>
    request.headers.get('If-None-Match') === '"e1"'
      ? new HttpResponse(null, { status: 304 })
      : HttpResponse.json({ detail: 'validation_failed', field: 'id', message: 'id: bad' }, { status: 400 }),
  ),
  http.get('*/copilot/config', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return new HttpResponse(null, { status: 404 });
  }),
  http.post('*/copilot/slow-chat', () => slowBody('Čl. 54 ')),
);

/** A 200 whose body starts at once and stalls: the read is under way when the caller cancels. */
function slowBody(start: string) {
  return new HttpResponse(
    new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(start));
        await new Promise((resolve) => setTimeout(resolve, 50));
        controller.error(new Error('connection reset'));
      },
    }),
    { headers: { 'Content-Type': 'application/json', ETag: '"e2"' } },
  );
}

const SESSION: CopilotSession = {
  session_id: 's',
  nonce: 'n',
  expires_at: '2030-01-01T00:00:00.000Z',
  user_id: ID,
  signed_headers: {
    'x-copilot-session': 's',
    'x-copilot-user': ID,
    'x-copilot-login': 'l',
    'x-copilot-nonce': 'n',
    'x-copilot-expires': '1',
    'x-copilot-signature': 'sig',
  },
};

/** Whether the promise settled within 150 ms after its signal was aborted at `abortAfterMs`. */
async function settlesOnceCancelled(start: (signal: AbortSignal) => Promise<unknown>, abortAfterMs = 10) {
  const controller = new AbortController();
  let settled = false;
  void start(controller.signal).then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, abortAfterMs));
  controller.abort();
  await new Promise((resolve) => setTimeout(resolve, 150));
  return settled;
}

describe('call', () => {
  it('builds the address from the route, sends the CSRF header and parses the answer', async () => {
    document.cookie = 'csrf_token=tok%3D1';
    const answer = await call(echo, { params: { id: 'a b' }, query: { n: 2 }, body: { n: 1 } });
    expect(answer).toEqual({ n: 3, id: 'a b', csrf: 'tok=1', lang: 'en' });
  });

  it('answers null for a 204 without reading a body', async () => {
    const remove = route({
      method: 'DELETE',
      path: '/things/{id}',
      summary: 'test',
      tag: 't',
      params: z.object({ id: z.string() }),
      response: z.null(),
      status: 204,
    });
    await expect(call(remove, { params: { id: 'x' } })).resolves.toBeNull();
  });

  it('fills path parameters encoded and skips empty query values', () => {
    expect(routeUrl(routes.getDocument, { id: ID }, { branch: 'main', lang: undefined })).toBe(
      `/v1/legal/documents/${ID}?branch=main`,
    );
    expect(() => routeUrl(routes.getDocument, {}, {})).toThrow(/missing \{id\}/);
  });

  it('throws the server code and message as an ApiError', async () => {
    const error = await call(slow, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, detail: 'not_found', message: 'nothing here' });
  });

  it('keeps the field of a validation failure and lets a 304 through for conditional reads', async () => {
    const error = await callResponse(routes.getFragmentText, { params: { id: ID } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, detail: 'validation_failed', field: 'id' });
    const notModified = await callResponse(routes.getFragmentText, {
      params: { id: ID },
      headers: { 'If-None-Match': '"e1"' },
    });
    expect(notModified.status).toBe(304);
  });

  it('names a page that is not the contract http_error, and an answer that breaks the schema invalid_response', async () => {
    await expect(call(proxy, {})).rejects.toMatchObject({
      status: 502,
      detail: 'http_error',
      message: '<html>Bad gateway</html>',
    });
    await expect(call(broken, {})).rejects.toMatchObject({ status: 200, detail: 'invalid_response' });
    await expect(call(offline, {})).rejects.toMatchObject({ status: 0, detail: 'network_error' });
  });

  it('never settles once cancelled', async () => {
    expect(await settlesOnceCancelled((signal) => call(slow, { signal }), 0)).toBe(false);
  });

  it('throws a missing path parameter as itself, not as a network failure', async () => {
    const error = await call(routes.getDocument, { params: { id: '' } }).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/missing \{id\}/);
  });

  it('reads the CSRF token from the cookie string', () => {
    expect(csrfToken('a=1; csrf_token=x%20y; b=2')).toBe('x y');
    expect(csrfToken('a=1')).toBeUndefined();
  });
});

describe('cancelled reads outside call', () => {
  it('a conditional read cancelled while its body arrives never settles (no invalid_response)', async () => {
    server.use(http.get('*/v1/legal/fragments/:id/text', () => slowBody('{"id":')));
    expect(await settlesOnceCancelled((signal) => getFragmentText(ID, undefined, { signal }), 20)).toBe(false);
    // Not cancelled, the same broken body is the one ApiError.
    await expect(getFragmentText(ID)).rejects.toMatchObject({ status: 200, detail: 'invalid_response' });
  });

  it('the chat address and the chat stream never settle once cancelled', async () => {
    expect(await settlesOnceCancelled((signal) => loadChatUrl({ signal }))).toBe(false);
    expect(
      await settlesOnceCancelled(
        (signal) =>
          streamChat({
            url: '/copilot/slow-chat',
            session: SESSION,
            request: { session_id: 's', nonce: 'n', scope: 'chat', messages: [], template: 't', template_hash: 'h' },
            onChunk: () => {},
            signal,
          }),
        20,
      ),
    ).toBe(false);
  });
});
