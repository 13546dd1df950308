// Translation memory on real DGT-TM files from the shared corpus, on PGlite and (with DATABASE_URL)
// PostgreSQL: an exact segment at 100 with its CELEX provenance, one word / one number / one 'not'
// changed with expected scores and differences, the threshold and the limit, and library fragments
// of the same alignment group merged into one suggestion per text pair.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../server/db/sql.js';
import { importPaths } from '../../server/importers/import-files.js';
import { lookupMemory, type MemorySuggestion } from '../../server/translation/memory.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/test-database.js';

if (!hasCorpus) console.warn(`translation-memory tests skipped: ${CORPUS_SKIP_REASON}`);

const TMX_FILES = [
  '22019D0391.tmx',
  '22019D0556.tmx',
  '22019D0557.tmx',
  '22019D0920.tmx',
  // Eight 'Decision of the EEA Joint Committee No NNN/2017': more near matches than the limit.
  ...['1356', '1357', '1358', '1359', '1360', '1361', '1362', '1363'].map((n) => `22019D${n}.tmx`),
];

describe.skipIf(!hasCorpus).each(ENGINES)('translation memory on DGT-TM (%s)', (engine) => {
  let database: TestDatabase;
  let cs: number;
  let en: number;
  /** An English segment with 'shall' and no digit, and its Czech translation. */
  let shall: { en: string; cs: string; celex: string };
  /** 'Decision No NN/2018 of the Joint Committee ...' (several in the corpus), and its Czech translation. */
  let numbered: { en: string; cs: string };

  const lookup = (sourceText: string, options: { limit?: number; minScore?: number } = {}) =>
    lookupMemory(database.db, { sourceText, sourceLanguageId: en, targetLanguageId: cs, ...options });
  const tmCelexes = (s: MemorySuggestion) =>
    s.provenance.flatMap((p) => (p.source === 'tm' ? [`${p.celex} ${p.tmx_file}`] : []));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const report = await importPaths(
      database.db,
      TMX_FILES.map((file) => corpusPath('eu-dgt-tm-tmx', file)),
    );
    expect(report.errors).toEqual([]);
    const languages = await sqlRows<{ iso_639_1: string; language_id: number }>(
      database.db,
      sql`SELECT iso_639_1, language_id FROM languages WHERE iso_639_1 IN ('cs', 'en')`,
    );
    cs = Number(languages.find((l) => l.iso_639_1 === 'cs')!.language_id);
    en = Number(languages.find((l) => l.iso_639_1 === 'en')!.language_id);
    const pairs = (where: ReturnType<typeof sql>) =>
      sqlRows<{ en: string; cs: string; celex: string }>(
        database.db,
        sql`
        SELECT e.text AS en, c.text AS cs, d.external_id AS celex
        FROM tm_segments e
        JOIN tm_segments c ON c.unit_id = e.unit_id AND c.language_id = ${cs}
        JOIN tm_units u ON u.id = e.unit_id JOIN documents d ON d.id = u.document_id
        WHERE e.language_id = ${en} AND length(e.text) BETWEEN 80 AND 200 AND ${where}
        ORDER BY length(e.text), e.text LIMIT 1`,
      );
    const [withShall] = await pairs(
      sql`e.text LIKE '% shall %' AND e.text !~ '[0-9]' AND e.text !~* '\\m(not|never|no)\\M'`,
    );
    const [withNumber] = await pairs(sql`e.text LIKE 'Decision No %/2018 of the Joint Committee %'`);
    expect(withShall, 'a segment with "shall"').toBeDefined();
    expect(withNumber, 'a Joint Committee decision').toBeDefined();
    shall = withShall!;
    numbered = withNumber!;
  }, 240_000);
  afterAll(() => database?.dispose());

  it('finds an exact segment at 100 with its CELEX provenance', async () => {
    const [best] = await lookup(shall.en);
    expect(best).toMatchObject({ kind: 'exact', score: 100, source_text: shall.en, text: shall.cs, differences: [] });
    expect(tmCelexes(best!)).toContain(`${shall.celex} ${shall.celex}.tmx`);
    // The imported DGT-TM document also aligns the pair as library fragments: merged, not repeated.
    expect(best!.provenance.some((p) => p.source === 'library' && p.external_id === shall.celex)).toBe(true);
    // Case, spacing and punctuation do not make it fuzzy.
    const [folded] = await lookup(`${shall.en.toUpperCase().replace(/ /g, '  ')}`);
    expect(folded).toMatchObject({ kind: 'exact', score: 100, text: shall.cs });
  });

  it('scores one changed word as fuzzy', async () => {
    const words = shall.en.split(' ');
    const index = words.findIndex((w, i) => i > 2 && /^[a-z]{5,}$/.test(w));
    const changed = [...words.slice(0, index), 'whatsoever', ...words.slice(index + 1)].join(' ');
    const [best] = await lookup(changed);
    expect(best).toMatchObject({ kind: 'fuzzy', source_text: shall.en, text: shall.cs, differences: [] });
    expect(best!.score).toBeGreaterThanOrEqual(85);
    expect(best!.score).toBeLessThan(100);
  });

  it('lists a changed number and never calls it exact', async () => {
    const number = /No (\d+)\//.exec(numbered.en)![1]!;
    const other = String(Number(number) + 7);
    const changed = numbered.en.replace(`No ${number}/`, `No ${other}/`);
    const suggestions = await lookup(changed);
    const best = suggestions.find((s) => s.source_text === numbered.en);
    expect(best).toMatchObject({ kind: 'fuzzy', text: numbered.cs });
    expect(best!.differences).toEqual([expect.objectContaining({ kind: 'number', expected: other, found: number })]);
    const found = best!.differences[0]!;
    expect(numbered.en.slice(found.start!, found.end!)).toBe(number);
    expect(best!.score).toBeGreaterThanOrEqual(85);
    expect(best!.score).toBeLessThanOrEqual(90);
    // The sibling decisions of the same committee (another number) are fuzzy too, never exact.
    expect(suggestions.every((s) => s.kind === 'fuzzy' && s.differences.length > 0)).toBe(true);
  });

  it("lists an added 'not' as a negation", async () => {
    const changed = shall.en.replace(' shall ', ' shall not ');
    const [best] = await lookup(changed);
    expect(best).toMatchObject({ kind: 'fuzzy', source_text: shall.en, text: shall.cs });
    expect(best!.differences).toEqual([expect.objectContaining({ kind: 'negation', expected: 'not', found: null })]);
    expect(best!.score).toBeGreaterThanOrEqual(80);
    expect(best!.score).toBeLessThanOrEqual(90);
  });

  it('suggests nothing below the threshold', async () => {
    const words = shall.en.split(' ');
    const half = [...words.slice(0, Math.ceil(words.length * 0.6)), 'and', 'otherwise', 'unrelated', 'words'].join(' ');
    const loose = await lookup(half, { minScore: 0 });
    const best = loose.find((s) => s.source_text === shall.en);
    expect(best, 'found with no threshold').toBeDefined();
    expect(best!.score).toBeLessThan(75);
    expect((await lookup(half)).some((s) => s.source_text === shall.en)).toBe(false);
    expect((await lookup(half, { minScore: best!.score })).some((s) => s.source_text === shall.en)).toBe(true);
    expect(await lookup('Completely unrelated words about gardening tomatoes')).toEqual([]);
  });

  it('returns at most 5 suggestions, best first, one per text pair with every provenance', async () => {
    const query = 'Decision of the EEA Joint Committee No 999/2017';
    const all = await lookup(query, { limit: 50 });
    expect(all.length).toBeGreaterThan(5);
    const five = await lookup(query);
    expect(five).toHaveLength(5);
    expect(five.map((s) => s.score)).toEqual([...five.map((s) => s.score)].sort((a, b) => b - a));
    for (const s of all) {
      expect(s.kind).toBe('fuzzy');
      expect(s.differences).toEqual([expect.objectContaining({ kind: 'number', expected: '999' })]);
      // The DGT-TM unit and the imported document's aligned fragments of the same pair: one suggestion.
      expect(s.provenance.map((p) => p.source).sort()).toEqual(['library', 'tm']);
    }
    const pairs = all.map((s) => `${s.source_text}\u0000${s.text}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('ranks a match at the same structural path first', async () => {
    const query = 'Decision of the EEA Joint Committee No 999/2017';
    const all = await lookup(query, { limit: 50 });
    const last = all.at(-1)!;
    const library = last.provenance.find((p) => p.source === 'library')!;
    expect(library.source).toBe('library');
    if (library.source !== 'library') return;
    const [node] = await sqlRows<{ path: string }>(
      database.db,
      sql`SELECT n.external_id AS path FROM fragments f JOIN nodes n ON n.id = f.node_id WHERE f.id = ${library.fragment_id}`,
    );
    const common = { sourceText: query, sourceLanguageId: en, targetLanguageId: cs, structuralPath: node!.path };
    const [first] = await lookupMemory(database.db, { ...common, documentId: library.document_id });
    expect(first!.source_text).toBe(last.source_text);
    expect(first!.score).toBeLessThan(all[0]!.score);
    // The same path in another document is not the same provision.
    const [other] = await lookupMemory(database.db, { ...common, documentId: '00000000-0000-4000-8000-000000000000' });
    expect(other!.source_text).toBe(all[0]!.source_text);
  });

  it('has the trigram indexes of the prefilter (migration 0008)', async () => {
    const rows = await sqlRows<{ indexname: string }>(
      database.db,
      sql`SELECT indexname FROM pg_indexes WHERE indexname IN ('tm_segments_text_trgm_idx', 'fragments_text_trgm_idx')`,
    );
    expect(rows.map((r) => r.indexname).sort()).toEqual(['fragments_text_trgm_idx', 'tm_segments_text_trgm_idx']);
  });
});
