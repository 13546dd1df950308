// The CELLAR source against a local server that speaks CELLAR's documented protocol.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseFile } from '../../server/importers/import-files.js';
import { CellarSource } from '../../server/importers/sources/cellar.js';
import { SourceNotFoundError, SourceShapeError } from '../../server/importers/sources/source-errors.js';
import { writeFetchedFiles } from '../../server/importers/sources/write-files.js';
import { hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { CELLAR_CELEX, CELLAR_CONSOLIDATED, startFakeCellar, type FakeCellar } from '../support/fake-cellar-service.js';

warnIfNoCorpus('sources-cellar');

describe.skipIf(!hasCorpus)('CELLAR source', () => {
  let cellar: FakeCellar;
  let dataDir: string;
  const source = () => new CellarSource({ baseUrl: cellar.url, dataDir, timeoutMs: 5000 });

  beforeAll(async () => {
    cellar = await startFakeCellar();
  });
  afterAll(() => cellar.close());
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lexhub-cellar-'));
    cellar.requests.length = 0;
    cellar.mode = 'normal';
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('resolves a CELEX number to the act and its consolidation, with languages and title', async () => {
    const act = await source().resolve(' celex:32011r1319 ');
    expect(act.actId).toBe(CELLAR_CELEX);
    expect(act.title).toMatch(/^Commission Implementing Regulation \(EU\) No 1319\/2011/);
    expect(act.versions).toEqual([
      { actId: CELLAR_CELEX, versionId: CELLAR_CELEX, kind: 'original', date: '2011-12-15', languages: ['de', 'en'] },
      {
        actId: CELLAR_CELEX,
        versionId: CELLAR_CONSOLIDATED,
        kind: 'consolidated',
        date: '2012-03-01',
        languages: ['en'],
      },
    ]);
    const sparql = cellar.requests[0]!;
    expect(sparql.accept).toBe('application/sparql-results+json');
    expect(sparql.userAgent).toMatch(/^Lexhub\/\d+\.\d+\.\d+( \(\+https?:\/\/\S+\))?$/);
  });

  it('fetches the Formex package in two languages (a zip behind a 303, a 300 list) and the parser reads both', async () => {
    const cellarSource = source();
    const [original] = (await cellarSource.resolve(CELLAR_CELEX)).versions;
    for (const language of ['en', 'de']) {
      const files = await cellarSource.fetch(original!, language);
      expect(files.map((file) => file.name)).toEqual(['DOC_1.xml', 'DOC_2.xml', 'DOC_3.xml', 'DOC_4.xml']);
      const folder = path.join(dataDir, 'out', language);
      const paths = await writeFetchedFiles(folder, files);
      const docs = (await Promise.all(paths.map((file) => parseFile(file)))).flatMap((d) => d ?? []);
      expect(docs).toHaveLength(1);
      expect(docs[0]!.externalId).toBe(CELLAR_CELEX);
      expect(docs[0]!.languages).toEqual([language]);
      expect(docs[0]!.nodes.length).toBeGreaterThan(0);
    }
    const negotiated = cellar.requests.filter((r) => r.path === `/resource/celex/${CELLAR_CELEX}`);
    expect(negotiated.map((r) => [r.acceptLanguage, r.status])).toEqual([
      ['eng', 303],
      ['deu', 300],
    ]);
    expect(negotiated[0]!.accept).toContain('application/zip;mtype=fmx4');
  });

  it('downloads nothing unchanged on a second run: every file is revalidated and answered 304', async () => {
    const [original] = (await source().resolve(CELLAR_CELEX)).versions;
    const first = [...(await source().fetch(original!, 'en')), ...(await source().fetch(original!, 'de'))];
    cellar.requests.length = 0;
    const again = [...(await source().fetch(original!, 'en')), ...(await source().fetch(original!, 'de'))];
    expect(again).toEqual(first);
    expect(cellar.requests.filter((r) => r.status === 200 || (r.status === 300 && !r.conditional))).toEqual([]);
    const files = cellar.requests.filter((r) => r.path.startsWith('/resource/cellar/'));
    expect(files).toHaveLength(5); // the zip and four German streams
    expect(files.every((r) => r.conditional && r.status === 304)).toBe(true);
  });

  it('says which language is missing', async () => {
    const act = await source().resolve(CELLAR_CELEX);
    await expect(source().fetch(act.versions[0]!, 'fr')).rejects.toThrow(
      new SourceNotFoundError(
        `CELLAR has no fr Formex 4 text of ${CELLAR_CELEX} (${cellar.url}/resource/celex/${CELLAR_CELEX})`,
      ),
    );
  });

  it('fails with a named message on an undocumented shape or a malformed package, returning nothing', async () => {
    const act = await source().resolve(CELLAR_CELEX);
    cellar.mode = 'html';
    await expect(source().fetch(act.versions[0]!, 'en')).rejects.toThrow(
      /CELLAR sent an undocumented answer for .*\/resource\/celex\/32011R1319: content type "text\/html"/,
    );
    cellar.mode = 'broken-zip';
    const broken = source().fetch(act.versions[0]!, 'en');
    await expect(broken).rejects.toBeInstanceOf(SourceShapeError);
    await expect(broken).rejects.toThrow(/a malformed zip package/);
  });

  it('follows a listed part only on the service itself, never to another host', async () => {
    const act = await source().resolve(CELLAR_CELEX);
    cellar.mode = 'elsewhere';
    await expect(source().fetch(act.versions[0]!, 'de')).rejects.toThrow(
      /a listed part on another host: http:\/\/attacker\.invalid\//,
    );
    // Refused before any part is asked for.
    expect(cellar.requests.some((request) => request.path.includes('.de/DOC_'))).toBe(false);
  });

  it('refuses a version CELLAR lists under something that is not a CELEX number', async () => {
    cellar.mode = 'bad-celex';
    await expect(source().resolve(CELLAR_CELEX)).rejects.toThrow(/"\.\." is not a CELEX number/);
  });

  it('refuses ids that are neither CELEX nor ELI and acts CELLAR does not have', async () => {
    await expect(source().resolve('GDPR')).rejects.toThrow(/neither a CELEX number/);
    await expect(source().resolve('32099R9999')).rejects.toThrow('CELLAR has no Formex 4 text of 32099R9999');
  });
});
