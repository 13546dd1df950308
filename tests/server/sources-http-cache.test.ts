// The services' file cache under concurrent writers: two import jobs (or two instances on one
// DATA_DIR) fetching the same file at once both keep it, neither fails, and the entry read after
// is one whole answer (CI caught a job failing on a shared temporary file's rename).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpCache } from '../../server/importers/sources/http-cache.js';

describe('HttpCache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lexhub-http-cache-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('takes many writers of one entry at once and answers one whole answer after', async () => {
    const cache = new HttpCache(path.join(dir, 'source-cache'));
    const url = 'https://example.org/act';
    const answers = Array.from({ length: 40 }, (_, i) => ({
      meta: { url, status: 200, contentType: 'application/json', etag: `"v${i}"`, finalUrl: url },
      body: new TextEncoder().encode(`body ${i} `.repeat(2000)),
    }));
    await Promise.all(answers.map(({ meta, body }) => cache.write(url, 'json', meta, body)));
    const read = await cache.read(url, 'json');
    expect(read).toBeDefined();
    expect(answers.some(({ meta }) => meta.etag === read!.meta.etag)).toBe(true);
    expect(new TextDecoder().decode(read!.body)).toMatch(/^(body \d+ )+$/);
    // No temporary file is left behind.
    expect((await fs.readdir(path.join(dir, 'source-cache'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('never fails a fetch because the cache cannot be written', async () => {
    const blocked = path.join(dir, 'a-file');
    await fs.writeFile(blocked, 'not a folder');
    const cache = new HttpCache(blocked);
    await expect(
      cache.write(
        'https://example.org/x',
        'json',
        { url: 'u', status: 200, contentType: 't', finalUrl: 'u' },
        new Uint8Array(1),
      ),
    ).resolves.toBeUndefined();
  });
});
