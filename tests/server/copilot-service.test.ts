// The chat service as its own app on its own port (what `npm run copilot` runs), on the same
// database as the main server: it accepts the main server's sessions, answers on /chat, and lets
// the web app's origin call it (CORS); other origins get no CORS headers.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contract/common.js';
import { buildCopilotService } from '../../server/copilot/copilot-service.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { registerAndLogin } from '../support/accounts.js';
import { capturePublish, chatBody, issueSession, postChat, readChunks, templatesOf } from '../support/copilot-chat.js';
import { actVersion2024 } from '../support/fixture-documents.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const PUBLIC_URL = 'http://lexhub.test:8080';

describe.each(ENGINES)('the chat service on its own port (%s)', (engine) => {
  let server: TestServer;
  let service: FastifyInstance;
  let serviceUrl: string;
  const captured = capturePublish();

  beforeAll(async () => {
    server = await startTestServer(engine);
    await storeVersion(server.database.db, actVersion2024, 'fixture-2024');
    service = await buildCopilotService({
      database: server.database,
      publicUrl: PUBLIC_URL,
      copilot: { publish: captured.publish },
    });
    await service.listen({ port: 0, host: '127.0.0.1' });
    const address = service.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    serviceUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await service?.close();
    await server?.close();
  });

  it("answers /chat with the main server's session and publishes the direct request's commands", async () => {
    const hash = (await templatesOf(server.url)).hash;
    const { session, user } = await registerAndLogin(server);
    const copilot = await issueSession(session, hash);
    const response = await postChat(
      `${serviceUrl}/chat`,
      copilot.signed_headers,
      chatBody(copilot, hash, 'otevři 99/2020 § 2'),
    );
    expect(response.status).toBe(200);
    expect((await readChunks(response)).join('')).toContain('[§ 2, 99/2020 Sb.](/documents/');
    expect(captured.commands.find((c) => c.cmd === 'editor.open')?.userId).toBe(user.id);
  });

  it('refuses a request without a valid session', async () => {
    const response = await postChat(`${serviceUrl}/chat`, {}, { session_id: 'x' });
    expect(response.status).toBe(401);
    expect(ErrorBody.parse(await response.json()).detail).toBe('copilot_session_invalid');
  });

  it("lets the web app's origin call it (CORS preflight and answer), and only that origin", async () => {
    const preflight = await fetch(`${serviceUrl}/chat`, {
      method: 'OPTIONS',
      headers: {
        origin: PUBLIC_URL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-copilot-signature',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-copilot-signature');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const refused = await fetch(`${serviceUrl}/chat`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);

    const foreign = await fetch(`${serviceUrl}/chat`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
