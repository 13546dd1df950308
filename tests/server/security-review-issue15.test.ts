// Security review of issue 15's surfaces: an upload path the file system refuses is the caller's
// 400, not a 500; a failed upload folder does not leave imports locked (409) for good; a subscribe
// that names its channel many times with `last_id` reads the backlog once, not once per name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contract/errors.js';
import { userChannel } from '../../src/realtime/protocol.js';
import { registerAndLogin } from '../support/accounts.js';
import { connectLive, type RealtimeTestClient } from '../support/realtime-client.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'local-token-for-security-review-0123456789';

const formOf = (name: string) => {
  const form = new FormData();
  form.append('file', new Blob(['x']), name);
  return form;
};

describe.each(ENGINES)('issue 15 security review (%s)', (engine) => {
  let server: TestServer;
  let broken: TestServer;
  let scratch: string;
  const clients: RealtimeTestClient[] = [];

  const upload = (target: TestServer, name: string) =>
    fetch(`${target.url}/v1/admin/imports`, {
      method: 'POST',
      headers: { 'x-lexhub-import-token': TOKEN },
      body: formOf(name),
    });

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-review-'));
    server = await startTestServer(engine, { imports: { localToken: TOKEN, uploadDir: path.join(scratch, 'ok') } });
    // The upload folder is checked at start; afterwards a regular file takes the place of its
    // parent, so it can never be made again.
    broken = await startTestServer(engine, {
      imports: { localToken: TOKEN, uploadDir: path.join(scratch, 'a-file', 'uploads') },
    });
    fs.rmSync(path.join(scratch, 'a-file'), { recursive: true, force: true });
    fs.writeFileSync(path.join(scratch, 'a-file'), 'x');
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
    await broken?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it.each([
    ['a file name over 255 bytes', `law/${'a'.repeat(300)}.md`],
    ['a folder name over 255 bytes', `${'a'.repeat(300)}/law.md`],
  ])('answers %s with 400 invalid_file_path', async (_name, name) => {
    const response = await upload(server, name);
    expect(response.status).toBe(400);
    expect(ErrorBody.parse(await response.json()).detail).toBe('invalid_file_path');
  });

  it('answers a file below a file of the same upload with 400 invalid_file_path', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a/b.md');
    form.append('file', new Blob(['x']), 'a/b.md/c.md');
    const response = await fetch(`${server.url}/v1/admin/imports`, {
      method: 'POST',
      headers: { 'x-lexhub-import-token': TOKEN },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(ErrorBody.parse(await response.json()).detail).toBe('invalid_file_path');
  });

  it('does not start with an upload folder that cannot be made', async () => {
    await expect(
      startTestServer(engine, { imports: { localToken: TOKEN, uploadDir: path.join(scratch, 'a-file', 'x') } }),
    ).rejects.toThrow();
  });

  it('does not stay locked (409 import_running) after the upload folder could not be made', async () => {
    const first = await upload(broken, 'a/b.txt');
    expect(first.status).toBe(500);
    const second = await upload(broken, 'a/b.txt');
    expect(second.status).not.toBe(409);
  });

  it('reads the backlog once for a subscribe naming its channel ten times with last_id', async () => {
    const { session, user } = await registerAndLogin(server);
    const channel = userChannel(user.id);
    const { id: seen } = await server.app.realtime.publish(user.id, 'tool.seq', { n: 1 });
    await server.app.realtime.publish(user.id, 'tool.seq', { n: 2 });
    const hub = server.app.realtime;
    const original = hub.backlog.bind(hub);
    let reads = 0;
    hub.backlog = (...args) => {
      reads += 1;
      return original(...args);
    };
    try {
      const client = await connectLive(server.url, session);
      clients.push(client);
      await client.subscribe(
        Array.from({ length: 10 }, () => channel),
        seen,
      );
      await client.waitFor((message) => message.cmd === 'tool.seq');
      expect(reads).toBe(1);
      // The message is sent once, not once per name.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(client.messages.filter((message) => (message as { cmd?: string }).cmd === 'tool.seq')).toHaveLength(1);
    } finally {
      hub.backlog = original;
    }
  });
});
