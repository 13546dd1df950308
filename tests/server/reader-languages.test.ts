// GET /legal/documents/{id}?lang=: the title in the reading language where the text spells it
// (an EU act's Czech title from its Czech text), else the original title, and which one it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../src/api/contract/documents.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';
import { expectApiError } from '../support/api-errors.js';

warnIfNoCorpus('reader language tests');
const decision = documentIdFor('22019D0391');
const constitution = documentIdFor('1/1993 Sb.');

describe.skipIf(!hasCorpus).each(ENGINES)('document titles per language on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
    await importPaths(server.database.db, [
      corpusPath('eu-dgt-tm-tmx', '22019D0391.tmx'),
      corpusPath('cz-consolidated-md', '1-1993.md'),
    ]);
  }, 60_000);
  afterAll(() => server?.close());

  const documentIn = async (id: string, lang?: string) =>
    json(await server.get(`/v1/legal/documents/${id}${lang ? `?lang=${lang}` : ''}`), Document);

  it('titles an EU act in Czech from its Czech text', async () => {
    const czech = await documentIn(decision, 'cs');
    expect(czech.title_language).toBe('cs');
    expect(czech.title).toBe(
      'Rozhodnutí Výboru pro obchod a rozvoj zřízeného dohodou o hospodářském partnerství mezi Evropskou unií ' +
        'a jejími členskými státy na jedné straně a státy SADC EPA na straně druhé č. 1/2019 ze dne 18. února 2019 ' +
        'o sestavení seznamu rozhodců [2019/391]',
    );
    // The original title stays in the metadata.
    expect(czech.metadata.title).toMatch(/^Decision No 1\/2019 of the Trade and Development Committee/);
  });

  it('keeps the original title without a language or in the main one', async () => {
    for (const lang of [undefined, 'en']) {
      const english = await documentIn(decision, lang);
      expect(english.title).toMatch(/^Decision No 1\/2019/);
      expect(english.title_language).toBe('en');
    }
  });

  it('falls back to the original title in a language the text lacks', async () => {
    const act = await documentIn(constitution, 'de');
    expect(act.title).toBe('Ústava České republiky');
    expect(act.title_language).toBe('cs');
  });

  it('rejects a language that is no ISO 639-1 code', async () => {
    await expectApiError(await server.get(`/v1/legal/documents/${decision}?lang=czech`), 400, 'validation_failed');
  });
});
