// The CLI sending files through a running server reads what comes back: a proxy's HTML error page
// (a 413 or 502 with no JSON) is reported by its status, not as a JSON syntax error.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerImportError, collectFiles, sendFiles } from '../../server/importers/through-server/send-files.js';

describe('sending files through the server: answers that are not JSON', () => {
  let server: http.Server;
  let url: string;
  let status = 502;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-send-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'a.md'), '# A\n');
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(status, { 'content-type': 'text/html' });
        response.end('<html><body>Bad Gateway</body></html>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([502, 413, 200])('an HTML answer with status %i is reported by its status', async (code) => {
    status = code;
    const outgoing = await collectFiles([dir]);
    const failure = await sendFiles({ url, token: 'x' }, outgoing).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServerImportError);
    expect((failure as ServerImportError).status).toBe(code);
    expect((failure as ServerImportError).message).toMatch(new RegExp(`^HTTP ${code}`));
  });
});
