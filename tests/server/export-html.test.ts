// The printable export: GET /v1/legal/documents/{id}/export.html of the 2026 Constitution on PGlite
// and (with DATABASE_URL) PostgreSQL, and the renderer's escaping of text a source may hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contract/index.js';
import { citedNode } from '../../src/testing/citation-fixtures.js';
import { renderExportHtml } from '../../server/library/export-html.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasCorpus) console.warn(`export-html corpus tests skipped: ${CORPUS_SKIP_REASON}`);
const CONSTITUTION = documentIdFor('1/1993 Sb.');

describe('renderExportHtml', () => {
  // Paths unlike the ids: the anchors are seen to come from the structural path.
  const nodes = [
    citedNode('a', 'article', '§ 1'),
    citedNode('b', 'paragraph', 'odst. 1', 'a'),
    citedNode('c', 'clause', 'písm. a)', 'b'),
  ].map((node) => ({ ...node, external_id: `path-${node.id}` }));
  const render = (text: string, title = 'Zákon o zkouškách') =>
    renderExportHtml({
      document: { external_id: '9/2024 Sb.', title, metadata: { kind: 'zákon', title, source_system: 'e-sbirka' } },
      validFrom: '2024-07-01',
      lang: 'cs',
      nodes,
      texts: new Map([
        ['b', [text]],
        ['c', ['první případ']],
      ]),
      today: '2026-11-24',
    });

  it('escapes every text of the library and holds no script', () => {
    const html = render('<script>alert("x")</script> & <b>', '<img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('sets the reader structure and a header with citation, dates, note and page numbers', () => {
    const html = render('Text odstavce.');
    expect(html).toContain('<h2 id="path-a"><span class="heading-number">§ 1</span></h2>');
    expect(html).toContain('<span class="marker">(1)</span><div class="body"><p>Text odstavce.</p>');
    expect(html).toMatch(/margin-left: 2.2em"[^>]*><span class="marker">a\)<\/span>/);
    expect(html).toContain('zákon č. 9/2024 Sb., o zkouškách, ve znění účinném od 1. 7. 2024');
    expect(html).toContain('Znění účinné od 1. 7. 2024 · Vytištěno 24. 11. 2026');
    expect(html).toContain('Nejde o oficiální znění');
    expect(html).toContain('counter(page)');
  });

  it('names a provision in the language exported where the source gives that name', () => {
    const named = (lang: string) =>
      renderExportHtml({
        document: {
          external_id: '22019D0437',
          title: 'Rozhodnutí',
          metadata: { title: 'Rozhodnutí', source_system: 'dgt-tm' },
        },
        validFrom: null,
        lang,
        nodes: [
          {
            ...citedNode('s', 'article', 'Článek 4'),
            title: 'Secretariat',
            titles: { en: 'Secretariat', cs: 'Sekretariát' },
          },
        ],
        texts: new Map([['s', ['Text.']]]),
        today: '2026-11-24',
      });
    expect(named('cs')).toContain('<span class="heading-text">Sekretariát</span>');
    expect(named('en')).toContain('<span class="heading-text">Secretariat</span>');
    expect(named('de')).toContain('<span class="heading-text">Secretariat</span>');
  });
});

describe.skipIf(!hasCorpus).each(ENGINES)('export.html of the Constitution on %s', (engine) => {
  let server: TestServer;
  const exportOf = (query = '') => server.get(`/v1/legal/documents/${CONSTITUTION}/export.html${query}`);

  beforeAll(async () => {
    server = await startTestServer(engine);
    const report = await importPaths(server.database.db, [corpusPath('cz-consolidated-md', '1-1993.md')]);
    expect(report.errors).toEqual([]);
  }, 240_000);
  afterAll(() => server?.close());

  it('renders the whole version with every article, inline', async () => {
    const response = await exportOf();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-disposition')).toBeNull();
    const html = await response.text();
    for (let article = 1; article <= 113; article++) {
      if (article === 103) continue; // repealed: the 2026 text has no Čl. 103
      expect(html, `Čl. ${article}`).toContain(`>Čl. ${article}<`);
    }
    expect(html).toContain('ústavní zákon č. 1/1993 Sb., Ústava České republiky, ve znění účinném od 1. 1. 2026');
    expect(html).toContain('Prezident republiky je hlavou státu.');
    expect(html).not.toMatch(/<script/i);
  });

  it('answers as a file named after the title with download=1, in English labels with lang=en', async () => {
    const response = await exportOf('?download=1&branch=main');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="ustava-ceske-republiky.html"');
    const english = await exportOf('?lang=en');
    expect(english.status).toBe(200);
    expect(await english.text()).toContain(
      'Constitutional Act No. 1/1993 Coll., the Constitution of the Czech Republic',
    );
  });

  it('answers 400 for bad input and 404 for an unknown document or version', async () => {
    for (const query of ['?download=2', '?lang=xyz']) {
      const response = await exportOf(query);
      expect(response.status, query).toBe(400);
      expect((await json(response, ErrorBody)).detail).toBe('validation_failed');
    }
    expect((await server.get('/v1/legal/documents/not-a-uuid/export.html')).status).toBe(400);
    expect((await server.get('/v1/legal/documents/00000000-0000-4000-8000-000000000000/export.html')).status).toBe(404);
    expect((await exportOf('?branch=nope')).status).toBe(404);
  });
});
