// Imports and deep paths, and the folder uploads wait in (issue 15). A path inside an import has
// at most MAX_PATH_DEPTH segments: an upload's deeper path is 400 invalid_file_path, a folder
// import passes a deeper folder over as `too_deep`. The upload folder (default /tmp/lexhub-uploads,
// a name anyone can take) is made 0700 and refused when it is a link or another user's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportResult, MAX_PATH_DEPTH } from '../../src/api/contract/admin-imports.js';
import { ErrorBody } from '../../src/api/contract/errors.js';
import { importPaths } from '../../server/importers/import-files.js';
import { walkFolder } from '../../server/importers/walk-folder.js';
import { fixturePath } from '../support/fixtures.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'local-token-for-deep-paths-0123456789abcdef';
const LAW = fs.readFileSync(fixturePath('czech', 'pravidla-ukazka.md'));
/** A relative path of `segments` segments, the last the file's name. */
const pathOf = (segments: number) =>
  [...Array.from({ length: segments - 1 }, (_, i) => `d${i + 1}`), 'law.md'].join('/');

describe.each(ENGINES)('deep paths in imports on %s', (engine) => {
  let server: TestServer;
  let uploadDir: string;
  let folder: string;
  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-deep-uploads-'));
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-deep-'));
    server = await startTestServer(engine, { imports: { localToken: TOKEN, uploadDir } });
  });
  afterAll(async () => {
    await server?.close();
    for (const dir of [uploadDir, folder]) fs.rmSync(dir, { recursive: true, force: true });
  });

  const upload = (name: string, asField = false) => {
    const form = new FormData();
    if (asField) form.append('path', name);
    form.append('file', new Blob([new Uint8Array(LAW)]), asField ? 'law.md' : name);
    return fetch(`${server.url}/v1/admin/imports`, {
      method: 'POST',
      headers: { 'x-lexhub-import-token': TOKEN },
      body: form,
    });
  };

  it(`takes an upload path of ${MAX_PATH_DEPTH} segments and refuses one more with 400 invalid_file_path`, async () => {
    const deepest = await upload(pathOf(MAX_PATH_DEPTH));
    expect(deepest.status).toBe(200);
    const result = ImportResult.parse(await deepest.json());
    expect(result.failed).toEqual([]);
    expect(result.versions.map((version) => version.file)).toEqual([pathOf(MAX_PATH_DEPTH)]);

    for (const asField of [false, true]) {
      const tooDeep = await upload(pathOf(MAX_PATH_DEPTH + 1), asField);
      expect(tooDeep.status).toBe(400);
      const body = ErrorBody.parse(await tooDeep.json());
      expect(body.detail).toBe('invalid_file_path');
      expect(body.message).toContain(`More than ${MAX_PATH_DEPTH}`);
    }
    // Nothing of the refused uploads is left behind.
    expect(fs.readdirSync(uploadDir)).toEqual([]);
  });

  it('passes a folder nested deeper over as too_deep and reads the rest', async () => {
    const write = (relative: string) => {
      const file = path.join(folder, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, LAW);
    };
    write(pathOf(MAX_PATH_DEPTH));
    write(pathOf(MAX_PATH_DEPTH + 1));
    const found = await walkFolder(folder);
    expect(found.files).toEqual([path.join(folder, pathOf(MAX_PATH_DEPTH))]);
    const deepFolder = path.join(
      folder,
      ...pathOf(MAX_PATH_DEPTH + 1)
        .split('/')
        .slice(0, MAX_PATH_DEPTH),
    );
    expect(found.passedOver).toEqual([expect.objectContaining({ file: deepFolder, reason: 'too_deep' })]);

    const report = await importPaths(server.database.db, [folder]);
    expect(report.errors).toEqual([]);
    expect(report.stored).toHaveLength(1);
    expect(report.passedOver.map((problem) => problem.reason)).toEqual(['too_deep']);
  });
});

describe('the upload folder', () => {
  let base: string;
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-upload-folder-'));
  });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  const start = (uploadDir: string) => startTestServer('pglite', { imports: { uploadDir } });

  it('is made 0700, and a wider one of ours is closed', async () => {
    const made = path.join(base, 'new', 'uploads');
    const wide = path.join(base, 'wide');
    fs.mkdirSync(wide, { mode: 0o755 });
    fs.chmodSync(wide, 0o755);
    for (const uploadDir of [made, wide]) {
      const server = await start(uploadDir);
      await server.close();
      expect(fs.lstatSync(uploadDir).mode & 0o777, uploadDir).toBe(0o700);
    }
  }, 90_000);

  it('refuses a symbolic link, even to a folder of ours', async () => {
    const target = fs.mkdtempSync(path.join(base, 'target-'));
    const link = path.join(base, 'link');
    fs.symlinkSync(target, link);
    await expect(start(link)).rejects.toThrow(`Upload folder ${link} is a symbolic link`);
  });

  it.skipIf(process.getuid?.() !== 0)("refuses another user's folder", async () => {
    const theirs = path.join(base, 'theirs');
    fs.mkdirSync(theirs, { mode: 0o700 });
    fs.chownSync(theirs, 65534, 65534);
    await expect(start(theirs)).rejects.toThrow(/belongs to user 65534/);
  });
});
