// POST /v1/admin/imports hardening: the local import token counts only from a loopback socket
// (X-Forwarded-For cannot fake it, even with TRUST_PROXY), and an upload that stops sending is
// ended after the idle timeout (408 upload_stalled) so it cannot hold the one import slot.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportResult } from '../../src/api/contract/admin-imports.js';
import { ErrorBody } from '../../src/api/contract/errors.js';
import { SESSION_COOKIE } from '../../server/auth/sessions.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import type { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'local-token-for-hardening-0123456789abcdef';
const IDLE_MS = 300;

function formOf(name = 'notes.txt', content = 'not a law') {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return form;
}

/** The form as bytes and its content type, for app.inject. */
async function encoded(form: FormData) {
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

function sessionHeaders(session: HttpSession): Record<string, string> {
  const csrf = session.cookie('csrf_token') ?? '';
  return {
    cookie: `${SESSION_COOKIE}=${session.cookie(SESSION_COOKIE)}; csrf_token=${csrf}`,
    'x-csrf-token': csrf,
  };
}

interface RawAnswer {
  /** The status line's code; 0 when the socket closed without an answer. */
  status: number;
  text: string;
}

/**
 * Opens a multipart upload on a raw socket, sends the headers and the start of a file, then
 * nothing (or `more` chunks, one every `everyMs`, then the end). Resolves with what came back.
 */
function rawUpload(url: string, options: { more?: string[]; everyMs?: number } = {}): Promise<RawAnswer> {
  const { port } = new URL(url);
  const boundary = 'stallboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow/notes.txt"\r\n\r\nnot a`;
  const tail = `\r\n--${boundary}--\r\n`;
  const more = options.more ?? [];
  const length = Buffer.byteLength(head) + more.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.write(
      'POST /v1/admin/imports HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `x-lexhub-import-token: ${TOKEN}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        // A stalled upload promises more than it sends: its body is not over, only late.
        `Content-Length: ${length + Buffer.byteLength(tail) + (more.length === 0 ? 100 : 0)}\r\n\r\n${head}`,
    );
    if (more.length === 0) return;
    let index = 0;
    const timer = setInterval(() => {
      if (index < more.length) socket.write(more[index++]!);
      else {
        clearInterval(timer);
        socket.write(tail);
        // Our side of a finished request: the server answers and (keep-alive) waits; we close after the answer.
        socket.once('data', () => setTimeout(() => socket.end(), 50));
      }
    }, options.everyMs);
  });
}

describe.each(ENGINES)('POST /v1/admin/imports hardening on %s', (engine) => {
  let server: TestServer;
  let operator: TestAccount;
  let uploadDir: string;
  const operatorEmail = `operator-hardening-${Date.now()}@example.com`;

  const detailOf = async (response: Response) => ErrorBody.parse(await response.json()).detail;
  const withToken = (headers: Record<string, string> = {}) =>
    fetch(`${server.url}/v1/admin/imports`, {
      method: 'POST',
      headers: { 'x-lexhub-import-token': TOKEN, ...headers },
      body: formOf(),
    });
  /** The same request as from another machine: app.inject with a non-loopback socket address. */
  const injectFrom = async (remoteAddress: string, headers: Record<string, string>) => {
    const { body, contentType } = await encoded(formOf());
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/admin/imports',
      remoteAddress,
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });
    return { status: response.statusCode, detail: ErrorBody.safeParse(response.json()).data?.detail };
  };

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-hardening-'));
    server = await startTestServer(engine, {
      accounts: { operatorEmails: [operatorEmail], trustProxy: true },
      imports: { localToken: TOKEN, uploadDir, uploadIdleMs: IDLE_MS },
    });
    operator = await registerAndLogin(server, { email: operatorEmail });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it('accepts the token from a loopback socket, but not through a proxy on this machine', async () => {
    const response = await withToken();
    expect(response.status).toBe(200);
    expect(ImportResult.parse(await response.json()).files).toBe(1);
    // A reverse proxy on the same machine is a loopback peer too; what it adds gives it away.
    const proxyHeaders: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 nginx' },
    ];
    for (const header of proxyHeaders) {
      const proxied = await withToken(header);
      expect(proxied.status, JSON.stringify(header)).toBe(401);
      expect(await detailOf(proxied)).toBe('not_authenticated');
    }
  });

  it('ignores the token from another machine, even one claiming 127.0.0.1 in X-Forwarded-For', async () => {
    for (const remoteAddress of ['203.0.113.9', '::ffff:10.0.0.7', '2001:db8::1']) {
      const anonymous = await injectFrom(remoteAddress, {
        'x-lexhub-import-token': TOKEN,
        'x-forwarded-for': '127.0.0.1',
      });
      expect(anonymous, remoteAddress).toEqual({ status: 401, detail: 'not_authenticated' });
    }
    // A wrong token from elsewhere is ignored too (no import_token_invalid oracle).
    const wrong = await injectFrom('203.0.113.9', { 'x-lexhub-import-token': `${TOKEN}x` });
    expect(wrong).toEqual({ status: 401, detail: 'not_authenticated' });
  });

  it('from another machine an operator needs the session and the CSRF header as usual', async () => {
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = sessionHeaders(operator.session);
    const noCsrf = await injectFrom('203.0.113.9', { ...withoutCsrf, 'x-lexhub-import-token': TOKEN });
    expect(noCsrf).toEqual({ status: 403, detail: 'csrf_failed' });
    const full = await injectFrom('203.0.113.9', {
      ...sessionHeaders(operator.session),
      'x-lexhub-import-token': TOKEN,
    });
    expect(full.status).toBe(200);
  });

  it('ends an upload that stops sending (408 upload_stalled), removes its folder and frees the slot', async () => {
    const started = Date.now();
    const stalled = rawUpload(server.url);
    // While the stalled upload holds the slot, another import waits its turn (409).
    await expect.poll(() => fs.readdirSync(uploadDir).length, { timeout: 5_000, interval: 20 }).toBe(1);
    const busy = await withToken();
    expect(busy.status).toBe(409);
    expect(await detailOf(busy)).toBe('import_running');

    const answer = await stalled;
    expect(answer.status).toBe(408);
    expect(answer.text).toContain('"detail":"upload_stalled"');
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 20);
    expect(fs.readdirSync(uploadDir)).toEqual([]);

    const next = await withToken();
    expect(next.status).toBe(200);
    expect(ImportResult.parse(await next.json()).files).toBe(1);
  });

  it('answers a multipart body cut short with 400, not 500, and frees the slot', async () => {
    const boundary = 'cutboundary';
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/admin/imports',
      remoteAddress: '127.0.0.1',
      headers: { 'x-lexhub-import-token': TOKEN, 'content-type': `multipart/form-data; boundary=${boundary}` },
      // The part starts and the body ends: no closing boundary.
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut/a.md"\r\n\r\n# A`,
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).detail).toBe('validation_failed');
    expect(fs.readdirSync(uploadDir)).toEqual([]);
    expect((await withToken()).status).toBe(200);
  });

  it('keeps an upload that is slow but never idle for the timeout', async () => {
    const answer = await rawUpload(server.url, { more: [' law', ' at', ' all', ' really'], everyMs: IDLE_MS / 2 });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('slow/notes.txt');
  });
});
