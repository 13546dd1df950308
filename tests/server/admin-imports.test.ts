// POST /v1/admin/imports (issue 15): operators import through the running server. Only verified
// accounts in OPERATOR_EMAILS, with the CSRF header, or the local token; bad uploads are 4xx with
// the contract's codes; a real corpus folder is imported, and again unchanged; one at a time.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportOptions, ImportResult } from '../../src/api/contract/admin-imports.js';
import { MeResponse } from '../../src/api/contract/auth.js';
import { ErrorBody } from '../../src/api/contract/errors.js';
import { SESSION_COOKIE } from '../../server/auth/sessions.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { fixturePath } from '../support/fixtures.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'local-token-for-tests-0123456789abcdef';
const LIMITS = { maxFiles: 20, maxFileBytes: 200_000, maxTotalBytes: 400_000 };
const LAW = 'cz-consolidated-md/1-1993.md';

interface Part {
  name: string;
  content: string | Buffer;
}

const lawPart = (): Part => ({ name: LAW, content: fs.readFileSync(corpusPath(LAW)) });

function formOf(files: Part[], inputs: string[] = []) {
  const form = new FormData();
  for (const input of inputs) form.append('input', input);
  for (const file of files)
    form.append(
      'file',
      new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]),
      file.name,
    );
  return form;
}

/** Cookies and CSRF header of a logged-in session, as the web app sends them. */
function sessionHeaders(session: HttpSession): Record<string, string> {
  const csrf = session.cookie('csrf_token') ?? '';
  return {
    cookie: `${SESSION_COOKIE}=${session.cookie(SESSION_COOKIE)}; csrf_token=${csrf}`,
    'x-csrf-token': csrf,
  };
}

describe.each(ENGINES)('POST /v1/admin/imports on %s', (engine) => {
  let server: TestServer;
  let operator: TestAccount;
  let reader: TestAccount;
  let uploadDir: string;
  const operatorEmail = `operator-${Date.now()}@example.com`;

  const upload = (headers: Record<string, string>, body: FormData | string, extra: RequestInit = {}) =>
    fetch(`${server.url}/v1/admin/imports`, { method: 'POST', headers, body, ...extra });
  const asOperator = (files: Part[], inputs?: string[]) =>
    upload(sessionHeaders(operator.session), formOf(files, inputs));
  const detailOf = async (response: Response) => ErrorBody.parse(await response.json()).detail;

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-uploads-'));
    // What an import killed mid-way left behind, and something else in the folder.
    fs.mkdirSync(path.join(uploadDir, 'import-killed', 'a'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, 'import-killed', 'a', 'b.md'), 'left over');
    // One of a process that no longer runs (past Linux's largest pid), one of a process that runs:
    // another instance sharing the folder, in the middle of its upload.
    fs.mkdirSync(path.join(uploadDir, `import-${2 ** 22 + 7}-dead`));
    fs.mkdirSync(path.join(uploadDir, `import-${process.ppid}-running`));
    // One of this very process (pid 1 in a container after a restart): left over, not running.
    fs.mkdirSync(path.join(uploadDir, `import-${process.pid}-before-restart`));
    fs.writeFileSync(path.join(uploadDir, 'keep.txt'), 'not ours');
    server = await startTestServer(engine, {
      accounts: { operatorEmails: [operatorEmail.toUpperCase()] },
      imports: { localToken: TOKEN, uploadDir, limits: LIMITS },
    });
    operator = await registerAndLogin(server, { email: operatorEmail });
    reader = await registerAndLogin(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it('removes the folders an import killed mid-way left, and nothing else', () => {
    expect(fs.readdirSync(uploadDir).sort()).toEqual([`import-${process.ppid}-running`, 'keep.txt']);
    fs.rmSync(path.join(uploadDir, 'keep.txt'));
    fs.rmSync(path.join(uploadDir, `import-${process.ppid}-running`), { recursive: true });
  });

  it('tells the web app who is an operator and which engine runs', async () => {
    const me = MeResponse.parse(await (await operator.session.get('/v1/auth/me')).json());
    expect(me.user.operator).toBe(true);
    const other = MeResponse.parse(await (await reader.session.get('/v1/auth/me')).json());
    expect(other.user.operator).toBe(false);
    const options = ImportOptions.parse(await (await operator.session.get('/v1/admin/imports/options')).json());
    expect(options).toEqual({
      engine,
      operator: true,
      limits: { max_files: 20, max_file_bytes: 200_000, max_total_bytes: 400_000 },
    });
    // Others learn the engine (the empty library says how to import there), not the limits.
    const anonymous = ImportOptions.parse(await (await server.get('/v1/admin/imports/options')).json());
    expect(anonymous).toEqual({ engine, operator: false });
    const notOperator = ImportOptions.parse(await (await reader.session.get('/v1/admin/imports/options')).json());
    expect(notOperator).toEqual({ engine, operator: false });
  });

  it('refuses a logged-in user who is not an operator (403 operator_required)', async () => {
    const response = await upload(sessionHeaders(reader.session), formOf([{ name: 'a/b.md', content: 'x' }]));
    expect(response.status).toBe(403);
    expect(await detailOf(response)).toBe('operator_required');
  });

  it('refuses anonymous callers (401) and an operator without the CSRF header (403 csrf_failed)', async () => {
    const anonymous = await upload({}, formOf([{ name: 'a/b.md', content: 'x' }]));
    expect(anonymous.status).toBe(401);
    expect(await detailOf(anonymous)).toBe('not_authenticated');
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = sessionHeaders(operator.session);
    const response = await upload(withoutCsrf, formOf([{ name: 'a/b.md', content: 'x' }]));
    expect(response.status).toBe(403);
    expect(await detailOf(response)).toBe('csrf_failed');
  });

  it.skipIf(!hasCorpus)(
    'imports a real corpus folder, then again unchanged',
    async () => {
      const first = await asOperator([lawPart()]);
      expect(first.status).toBe(200);
      const result = ImportResult.parse(await first.json());
      expect(result.files).toBe(1);
      expect(result.versions).toHaveLength(1);
      expect(result.versions[0]).toMatchObject({ file: LAW, status: expect.stringMatching(/created|unchanged/) });
      expect(result.versions[0]!.nodes).toBeGreaterThan(10);
      const id = result.versions[0]!.external_id;

      const documents = await operator.session.get(`/v1/legal/documents?q=${encodeURIComponent(id)}`);
      expect(JSON.stringify(await documents.json())).toContain(id);

      const again = ImportResult.parse(await (await asOperator([lawPart()])).json());
      expect(again.counts).toEqual({ created: 0, replaced: 0, unchanged: 1, skipped: 0, failed: 0 });
      // The upload's folder is gone once the import answered.
      expect(fs.readdirSync(uploadDir)).toEqual([]);
    },
    60_000,
  );

  it.skipIf(!hasCorpus)(
    'accepts the local token without a session, and refuses a wrong one',
    async () => {
      const good = await upload({ 'x-lexhub-import-token': TOKEN }, formOf([lawPart()]));
      expect(good.status).toBe(200);
      expect(ImportResult.parse(await good.json()).versions[0]!.status).toBe('unchanged');
      const wrong = await upload({ 'x-lexhub-import-token': `${TOKEN}x` }, formOf([lawPart()]));
      expect(wrong.status).toBe(401);
      expect(await detailOf(wrong)).toBe('import_token_invalid');
      // A wrong token is refused even with an operator's session beside it.
      const mixed = await upload(
        { ...sessionHeaders(operator.session), 'x-lexhub-import-token': 'nope' },
        formOf([lawPart()]),
      );
      expect(mixed.status).toBe(401);
    },
    60_000,
  );

  it('names skipped and failed files with their reasons', async () => {
    const response = await asOperator([
      { name: 'notes.txt', content: 'not a law' },
      { name: 'folder/readme.txt', content: 'not a law either' },
      { name: 'folder/.hidden.md', content: 'hidden' },
    ]);
    expect(response.status).toBe(200);
    const result = ImportResult.parse(await response.json());
    expect(result.versions).toEqual([]);
    expect(result.skipped).toEqual([
      { file: 'folder/.hidden.md', reason: 'hidden' },
      { file: 'folder/readme.txt', reason: 'format_not_recognized' },
    ]);
    expect(result.failed).toEqual([{ file: 'notes.txt', reason: 'format_not_recognized' }]);
    expect(result.counts).toMatchObject({ skipped: 2, failed: 1 });
  });

  // The web app says the reason in the reader's language: a code for each, and `message` only for
  // data (a parser's place and words), never the importer's English sentence.
  it('gives each failed file a reason code, with details only as data', async () => {
    const law = fs.readFileSync(fixturePath('czech', 'pravidla-ukazka.md'), 'utf8');
    const response = await asOperator([
      // One version (pirati/law, 2015-03-02) from two files with different text: a conflict.
      { name: 'law/a.md', content: law },
      { name: 'law/b.md', content: law.replace('ukázek,', 'jiných ukázek,') },
      { name: 'broken/8-2001.json', content: '{"metadata": {"number": "8", "year": "2001", "source": "e-sbirka"}' },
      // Parsed, then refused while storing: 30 February is no date.
      { name: 'bad/2015.md', content: law.replace('2015-03-02', '2015-02-30') },
    ]);
    expect(response.status).toBe(200);
    const result = ImportResult.parse(await response.json());
    expect(result.versions).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.failed).toEqual([
      { file: 'broken/8-2001.json', reason: 'parse_failed', message: expect.stringMatching(/^line \d+: invalid JSON/) },
      { file: 'law/a.md', reason: 'conflict' },
      { file: 'law/b.md', reason: 'conflict' },
      { file: 'bad/2015.md', reason: 'store_failed', message: expect.stringContaining('metadata.versionDate') },
    ]);
    expect(result.conflicts).toEqual([
      { external_id: 'pirati/law', valid_from: '2015-03-02', files: ['law/a.md', 'law/b.md'] },
    ]);
    expect(result.counts).toEqual({ created: 0, replaced: 0, unchanged: 0, skipped: 0, failed: 4 });
    expect(JSON.stringify(result)).not.toContain(uploadDir);
  });

  it.each([
    ['a path that leaves the folder', [{ name: '../evil.md', content: 'x' }], 400, 'invalid_file_path'],
    ['an absolute path', [{ name: '/etc/evil.md', content: 'x' }], 400, 'invalid_file_path'],
    ['a backslash path', [{ name: 'a\\..\\b.md', content: 'x' }], 400, 'invalid_file_path'],
    [
      'the same path twice',
      [
        { name: 'a/b.md', content: 'x' },
        { name: 'a/b.md', content: 'y' },
      ],
      400,
      'invalid_file_path',
    ],
    ['no files', [], 400, 'no_files'],
    [
      'too many files',
      Array.from({ length: 21 }, (_, i) => ({ name: `f/${i}.md`, content: 'x' })),
      413,
      'too_many_files',
    ],
    ['a file over the limit', [{ name: 'big/law.md', content: Buffer.alloc(200_001, 97) }], 413, 'file_too_large'],
    [
      'a total over the limit',
      Array.from({ length: 3 }, (_, i) => ({ name: `big/${i}.md`, content: Buffer.alloc(190_000, 97) })),
      413,
      'payload_too_large',
    ],
  ] as const)('answers %s with %i %s', async (_name, files, status, detail) => {
    const response = await asOperator([...files]);
    expect(response.status).toBe(status);
    expect(await detailOf(response)).toBe(detail);
    expect(fs.readdirSync(uploadDir)).toEqual([]);
  });

  it('takes a `path` field before a file as its path (browsers may rewrite a filename with slashes)', async () => {
    const form = new FormData();
    form.append('path', 'folder/notes.txt');
    form.append('file', new Blob(['not a law']), 'notes.txt');
    form.append('path', '../escape.txt');
    form.append('file', new Blob(['x']), 'fine.txt');
    const refused = await upload(sessionHeaders(operator.session), form);
    expect(refused.status).toBe(400);
    expect(await detailOf(refused)).toBe('invalid_file_path');
    const good = new FormData();
    good.append('path', 'folder/notes.txt');
    good.append('file', new Blob(['not a law']), 'notes.txt');
    const result = ImportResult.parse(await (await upload(sessionHeaders(operator.session), good)).json());
    expect(result.skipped).toEqual([{ file: 'folder/notes.txt', reason: 'format_not_recognized' }]);
  });

  it('refuses a JSON body (415) and an input that is not in the upload (400)', async () => {
    const json = await upload({ ...sessionHeaders(operator.session), 'content-type': 'application/json' }, '{}');
    expect(json.status).toBe(415);
    expect(await detailOf(json)).toBe('unsupported_media_type');
    const input = await asOperator([{ name: 'a/b.md', content: 'x' }], ['elsewhere']);
    expect(input.status).toBe(400);
    expect(await detailOf(input)).toBe('validation_failed');
  });

  it('runs one import at a time (409 import_running), and the next one after it', async () => {
    // A first upload that stays open: its body never ends until the test closes it.
    const url = new URL(`${server.url}/v1/admin/imports`);
    const pending = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'x-lexhub-import-token': TOKEN },
    });
    pending.on('error', () => {});
    pending.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a/b.md"\r\n\r\nslow');
    // The first upload holds the lock once its folder exists (the handler makes it after taking it).
    await expect.poll(() => fs.readdirSync(uploadDir).length, { timeout: 10_000 }).toBe(1);
    const second = await upload({ 'x-lexhub-import-token': TOKEN }, formOf([{ name: 'a/b.txt', content: 'x' }]));
    expect(second.status).toBe(409);
    expect(await detailOf(second)).toBe('import_running');
    pending.destroy();
    await expect
      .poll(
        async () =>
          (await upload({ 'x-lexhub-import-token': TOKEN }, formOf([{ name: 'a/b.txt', content: 'x' }]))).status,
      )
      .toBe(200);
  });
});

if (!hasCorpus) console.warn(`admin-imports: corpus tests skipped: ${CORPUS_SKIP_REASON}`);
