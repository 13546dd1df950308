// Imports the whole shared corpus through the real pipeline and reads it back over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AutocompleteList,
  BranchList,
  Comparison,
  DocumentLanguageList,
  DocumentList,
  FragmentPage,
  FragmentTexts,
  NodeList,
  SpanList,
} from '../../src/api/contract/index.js';
import { importPaths, type ImportReport } from '../../server/importers/import-files.js';
import { CORPUS_DIR, CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasCorpus) console.warn(`corpus-import tests skipped: ${CORPUS_SKIP_REASON}`);

describe.skipIf(!hasCorpus).each(ENGINES)('the whole corpus imported on %s', (engine) => {
  let server: TestServer;
  let report: ImportReport;

  beforeAll(async () => {
    server = await startTestServer(engine);
    report = await importPaths(server.database.db, [CORPUS_DIR]);
    // 1-4 min on PostgreSQL, depending on what the other test workers run beside it.
  }, 600_000);
  afterAll(() => server?.close());

  const documentByNumber = async (number: string) => {
    const { items } = await json(
      await server.get(`/v1/legal/documents?external_id=${encodeURIComponent(number)}`),
      DocumentList,
    );
    return items[0]!;
  };
  const nodesOf = async (documentId: string, branch = 'main') =>
    (await json(await server.get(`/v1/legal/documents/${documentId}/nodes?branch=${branch}`), NodeList)).items;

  it('imports every file with no error but the versions two files give (import-reimport.test.ts)', () => {
    expect(report.conflicts.map((c) => `${c.externalId} ${c.validFrom}`).sort()).toEqual([
      'eli/bund/bgbl-1/1964/s593 1964-08-05',
      'eli/bund/bgbl-1/2017/s419 2017-03-15',
      'pirati/pvr 2010-10-15',
      'pirati/ropr 2015-05-28',
      'pirati/vr 2012-06-16',
    ]);
    const conflicting = report.conflicts.flatMap((conflict) => conflict.files);
    expect(report.errors.map((error) => error.file).sort()).toEqual(conflicting.sort());
    expect(report.stored.length).toBeGreaterThan(200);
    // Only the corpus' own notes and summaries are not legal documents.
    expect(report.skipped.map((file) => file.slice(CORPUS_DIR.length + 1)).sort()).toEqual([
      'SOURCES.md',
      'akn-legaldocml-de/README.md',
      'cz-esbirka-original-json/summary.json',
    ]);
  });

  it('makes the 1993 and 2026 Constitutions two versions of 1/1993 Sb.', async () => {
    const constitution = await documentByNumber('1/1993');
    expect(constitution.external_id).toBe('1/1993 Sb.');
    expect(constitution.title).toMatch(/Ústava České republiky/);
    const { items } = await json(await server.get(`/v1/legal/branches?document_id=${constitution.id}`), BranchList);
    expect(items.map((b) => [b.name, b.valid_from])).toEqual([
      ['main', '2026-01-01'],
      ['snapshot-1993-01-01', '1993-01-01'],
    ]);

    const current = (await nodesOf(constitution.id)).map((n) => n.cite_key);
    expect(current).toContain('Čl. 10a');
    expect(current).toContain('Čl. 54');
    expect(current).not.toContain('Čl. 103');
    const original = (await nodesOf(constitution.id, 'snapshot-1993-01-01')).map((n) => n.cite_key);
    expect(original).toContain('Čl. 103');
    expect(original).not.toContain('Čl. 10a');
  });

  it('keeps a provision’s paragraphs as its children, in order', async () => {
    const constitution = await documentByNumber('1/1993');
    const nodes = await nodesOf(constitution.id);
    const article = nodes.find((n) => n.cite_key === 'Čl. 54')!;
    const children = nodes.filter((n) => n.derived_parent_id === article.id);
    expect(children.map((n) => n.cite_key)).toEqual(['odst. 1', 'odst. 2', 'odst. 3']);
    expect(children.map((n) => n.order_index)).toEqual([...children.map((n) => n.order_index)].sort((a, b) => a - b));
    const withLetters = nodes.find((n) => n.node_type === 'clause' && n.cite_key === 'písm. b)')!;
    const parent = nodes.find((n) => n.id === withLetters.derived_parent_id)!;
    const letters = nodes.filter((n) => n.derived_parent_id === parent.id).map((n) => n.cite_key);
    expect(letters.slice(0, 2)).toEqual(['písm. a)', 'písm. b)']);
  });

  it('compares the two Constitutions: counts add up and both sides differ', async () => {
    const constitution = await documentByNumber('1/1993');
    const { items } = await json(await server.get(`/v1/legal/branches?document_id=${constitution.id}`), BranchList);
    const [main, original] = items;
    const { counts } = await json(
      await server.get(`/v1/legal/compare?branch_id_a=${original!.id}&branch_id_b=${main!.id}`),
      Comparison,
    );
    expect(counts.a_total).toBe(counts.in_both + counts.only_in_a);
    expect(counts.b_total).toBe(counts.in_both + counts.only_in_b);
    expect(counts.in_both).toBeGreaterThan(200);
    expect(counts.only_in_a).toBeGreaterThan(0);
    expect(counts.only_in_b).toBeGreaterThan(0);
  });

  it('resolves cross-references to nodes of the same document', async () => {
    const constitution = await documentByNumber('1/1993');
    const nodes = await nodesOf(constitution.id);
    const page = await json(
      await server.get(`/v1/legal/documents/${constitution.id}/fragments?limit=500`),
      FragmentPage,
    );
    let resolved = 0;
    for (const fragment of page.items.filter((f) => f.has_text)) {
      const { items } = await json(await server.get(`/v1/legal/fragments/${fragment.id}/spans`), SpanList);
      for (const span of items) {
        if (span.metadata.target_node_id) {
          expect(nodes.some((n) => n.id === span.metadata.target_node_id)).toBe(true);
          resolved++;
        }
      }
    }
    expect(resolved).toBeGreaterThan(5);
  });

  it('gives every DGT-TM document Czech and English, aligned pairwise', async () => {
    const { items } = await json(await server.get('/v1/legal/documents?external_id=22019&limit=200'), DocumentList);
    const tmx = items.filter((d) => d.metadata.source_system === 'dgt-tm');
    expect(tmx.length).toBe(35);
    for (const document of tmx) {
      expect(document.languages.slice(0, 2)).toEqual(['en', 'cs']);
      const languages = await json(
        await server.get(`/v1/legal/documents/${document.id}/languages`),
        DocumentLanguageList,
      );
      expect(languages.items.map((l) => l.iso_639_1)).toEqual(expect.arrayContaining(['cs', 'en']));
    }
    // Where a segment exists in both languages, each Czech fragment has exactly one English
    // partner in its alignment group and vice versa.
    const { rows } = await server.database.raw(`
      SELECT d.external_id,
        count(*) FILTER (WHERE l.iso_639_1 = 'cs' AND EXISTS (SELECT 1 FROM fragments p JOIN languages pl USING (language_id)
          WHERE p.group_id = f.group_id AND pl.iso_639_1 = 'en' AND p.has_text))::int AS cs_aligned,
        count(*) FILTER (WHERE l.iso_639_1 = 'en' AND EXISTS (SELECT 1 FROM fragments p JOIN languages pl USING (language_id)
          WHERE p.group_id = f.group_id AND pl.iso_639_1 = 'cs' AND p.has_text))::int AS en_aligned
      FROM fragments f JOIN languages l USING (language_id) JOIN branches b ON b.id = f.branch_id
      JOIN documents d ON d.id = b.document_id
      WHERE d.metadata->>'source_system' = 'dgt-tm' AND f.has_text
      GROUP BY d.external_id`);
    expect(rows).toHaveLength(35);
    for (const row of rows) {
      expect(row.cs_aligned, String(row.external_id)).toBe(row.en_aligned);
      expect(Number(row.cs_aligned), String(row.external_id)).toBeGreaterThan(0);
    }
  });

  it('reads an aligned Czech text for an English fragment, the English one where none exists', async () => {
    const document = await documentByNumber('22019D0391');
    const page = await json(
      await server.get(`/v1/legal/documents/${document.id}/fragments?lang=en&limit=30`),
      FragmentPage,
    );
    const ids = page.items.filter((f) => f.has_text).map((f) => f.id);
    const texts = await json(
      await server.post('/v1/legal/fragments/texts', { fragment_ids: ids, lang: 'cs' }),
      FragmentTexts,
    );
    expect(texts.items.map((t) => t.id)).toEqual(ids);
    for (const item of texts.items) {
      expect(item.text.length).toBeGreaterThan(0);
      if (item.language_code === 'cs') expect(item.source_fragment_id).not.toBe(item.id);
      else expect(item.source_fragment_id).toBe(item.id);
    }
    expect(texts.items.filter((t) => t.language_code === 'cs').length).toBeGreaterThan(10);
  });

  it('finds the Constitution by a lowercase title without diacritics and with a typo', async () => {
    for (const q of ['ustava', 'ústava české', 'ustava ceske republiky', 'ustva']) {
      const { items } = await json(
        await server.get(`/v1/search/autocomplete?q=${encodeURIComponent(q)}`),
        AutocompleteList,
      );
      expect(
        items.map((i) => i.external_id),
        q,
      ).toContain('1/1993 Sb.');
    }
  });

  it('makes the two Italian consolidations versions of one work', async () => {
    const { items } = await json(await server.get('/v1/legal/documents?q=diritto%20d%27autore&limit=10'), DocumentList);
    const copyright = items.find((d) => d.external_id.includes('1941'))!;
    const branches = await json(await server.get(`/v1/legal/branches?document_id=${copyright.id}`), BranchList);
    expect(branches.items).toHaveLength(2);
  });

  it('changes nothing when a file is imported again', async () => {
    const again = await importPaths(server.database.db, [corpusPath('cz-esbirka-original-json', '1_1993.json')]);
    expect(again.errors).toEqual([]);
    expect(again.stored.map((s) => s.status)).toEqual(['unchanged']);
  });
});
