// The e-Sbírka source against a local server that speaks e-Sbírka's JSON interface.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseFile } from '../../server/importers/import-files.js';
import type { ParsedDocument } from '../../server/importers/model.js';
import { EsbirkaSource } from '../../server/importers/sources/esbirka.js';
import { folderNameOf, writeFetchedFiles } from '../../server/importers/sources/write-files.js';
import { SOURCE_ID_PATTERNS } from '../../src/api/contract/source-imports.js';
import { hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { PAGE_SIZE, startFakeEsbirka, type FakeEsbirka } from '../support/fake-esbirka-service.js';

warnIfNoCorpus('sources-esbirka');

describe.skipIf(!hasCorpus)('e-Sbírka source', () => {
  let esbirka: FakeEsbirka;
  let dataDir: string;
  const source = () => new EsbirkaSource({ baseUrl: esbirka.url, dataDir, timeoutMs: 5000 });

  beforeAll(async () => {
    esbirka = await startFakeEsbirka();
  });
  afterAll(() => esbirka.close());
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lexhub-esbirka-'));
    esbirka.requests.length = 0;
    esbirka.wrongShape = false;
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('takes an ELI only on e-Sbírka itself, never naming another host', async () => {
    await expect(source().resolve('https://attacker.example/eli/cz/sb/1993/1')).rejects.toThrow();
    expect(SOURCE_ID_PATTERNS['e-sbirka'].test('https://attacker.example/eli/cz/sb/1993/1')).toBe(false);
    expect(SOURCE_ID_PATTERNS['e-sbirka'].test('https://www.e-sbirka.cz/eli/cz/sb/1993/1')).toBe(true);
    expect(folderNameOf('..')).not.toBe('..');
    expect(folderNameOf('.')).not.toBe('.');
    expect(folderNameOf('/sb/1993/1/2026-01-01')).toBe('sb_1993_1_2026-01-01');
  });

  it.each(['1/1993', '1/1993 Sb.', 'č. 1/1993 Sb.', 'eli/cz/sb/1993/1', 'https://www.e-sbirka.cz/eli/cz/sb/1993/1'])(
    'resolves %s to its wordings',
    async (id) => {
      const act = await source().resolve(id);
      expect(act).toEqual({
        actId: '1/1993 Sb.',
        title: 'Ústava České republiky',
        versions: [
          {
            actId: '1/1993 Sb.',
            versionId: '/sb/1993/1/0000-00-00',
            kind: 'original',
            date: '1993-01-01',
            languages: ['cs'],
          },
          {
            actId: '1/1993 Sb.',
            versionId: '/sb/1993/1/2026-01-01',
            kind: 'consolidated',
            date: '2026-01-01',
            languages: ['cs'],
          },
        ],
      });
      expect(esbirka.requests[0]!.path).toBe('/sbr-cache/dokumenty-sbirky/%2Fsb%2F1993%2F1');
    },
  );

  it('fetches every page of each wording into an e-Sbírka JSON file the parser reads, dated by its effect', async () => {
    const esbirkaSource = source();
    const act = await esbirkaSource.resolve('1/1993');
    const parsed: ParsedDocument[] = [];
    for (const version of act.versions) {
      const files = await esbirkaSource.fetch(version, 'cs');
      const [file] = await writeFetchedFiles(path.join(dataDir, 'out'), files);
      parsed.push(...((await parseFile(file!)) ?? []));
    }
    expect(parsed.map((doc) => [doc.externalId, doc.versionDate, doc.metadata.title])).toEqual([
      ['1/1993 Sb.', '1993-01-01', 'Ústava České republiky'],
      ['1/1993 Sb.', '2026-01-01', 'Ústava České republiky'],
    ]);
    const articles = (doc: ParsedDocument) => JSON.stringify(doc.nodes);
    // The 1993 wording has no Čl. 10a; the 2026 one has it (added in 2001).
    expect(articles(parsed[0]!)).not.toContain('cl-10a');
    expect(articles(parsed[1]!)).toContain('cl-10a');
    const pages = esbirka.requests.filter((r) => r.path.includes('/fragmenty'));
    expect(pages.length).toBeGreaterThan(2); // more than one page per wording at PAGE_SIZE fragments
    expect(pages[0]!.path).toMatch(/%2Fsb%2F1993%2F1%2F0000-00-00\/fragmenty\?cisloStranky=0$/);
    expect(PAGE_SIZE).toBe(100);
  });

  it('refuses a number e-Sbírka does not have, a foreign language and an undocumented shape', async () => {
    await expect(source().resolve('9999/1993')).rejects.toThrow(/e-Sbírka has no 9999\/1993 Sb\. \(400 for /);
    const [original] = (await source().resolve('1/1993')).versions;
    await expect(source().fetch(original!, 'en')).rejects.toThrow('e-Sbírka has 1/1993 Sb. in Czech only, not en');
    esbirka.wrongShape = true;
    await expect(source().resolve('1/1993')).rejects.toThrow(
      /e-Sbírka sent an undocumented answer for .*historie: no list of wordings \(expected seznam\[\]\)/,
    );
    await expect(source().resolve('GDPR')).rejects.toThrow(/is not a Czech act number/);
  });
});
