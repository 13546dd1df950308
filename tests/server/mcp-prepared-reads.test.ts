// search_nodes and read_provision run as named prepared statements (issue 12). Their best plans
// hinge on their values (a LIKE pattern, a document number's prefix, a cite key), so PostgreSQL
// may run them on a generic plan once a connection has run them five times. Here on a handle
// whose connections always plan generically (PostgreSQL; PGlite ignores statement names, and
// there the same calls simply run), the answers must be those of the three-query path and of the
// search's own rules: the number's prefix as a range of the index, the cite key's digits as a
// cheap test before its regular expression, a search's folded pattern.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDocument, findNode, readProvisionText } from '../../server/copilot/library-search.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { sqlRows } from '../../server/db/sql.js';
import type { ParsedDocument, ParsedNode } from '../../server/importers/model.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { readProvisionAt } from '../../server/mcp/tools/provision-read.js';
import { createEntities, searchNodes, type MemoryOwner } from '../../server/memory/store.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

const section = (citeKey: string, text: string, children: ParsedNode[] = []): ParsedNode => ({
  nodeType: 'section',
  rawType: 'section',
  path: `par-${citeKey.replace(/\W/g, '')}`,
  citeKey,
  texts: [{ cs: text }],
  children,
});
const paragraph = (n: number, text: string): ParsedNode => ({
  nodeType: 'paragraph',
  rawType: 'paragraph',
  path: `odst-${n}-${text.length}`,
  citeKey: `(${n})`,
  texts: [{ cs: text }],
  children: [],
});

const act = (externalId: string, title: string, nodes: ParsedNode[]): ParsedDocument => ({
  externalId,
  metadata: { title, kind: 'zákon', sourceSystem: 'test' },
  versionDate: '2001-01-01',
  languages: ['cs'],
  nodes,
});

/** Sections whose numbers contain one another: '§ 1' must never read '§ 10', nor '§ 10a' be missed as '§ 10A'. */
const sections = act('7/2001 Sb.', 'Zákon o číslech', [
  section('§ 1', 'První.', [paragraph(1, 'První odstavec prvního.'), paragraph(2, 'Druhý odstavec prvního.')]),
  section('§ 1a', 'Vložený za první.'),
  section('§ 10', 'Desátý.'),
  section('§ 10a', 'Vložený za desátý.', [paragraph(1, 'Odstavec vloženého.')]),
  section('§ 100', 'Stý.'),
]);
/** Longer numbers with the same prefix: the shortest comes first unless one is exact. */
const annex = act('7/2001 Sb. příl.', 'Příloha zákona o číslech', [section('§ 1', 'Příloha, první.')]);
const accented = act('7/2001 Sb. ž', 'Zákon s háčkem v čísle', [section('§ 2', 'Háček.')]);

const owner: MemoryOwner = { type: 'user', id: randomUUID() };
const entities = [
  { name: 'Spis 100%', entityType: 'spis', observations: ['Sleva 100% z ceny', 'Bez procent'] },
  { name: 'Spis 1000', entityType: 'spis', observations: ['Sleva 1000 Kč'] },
  { name: 'Spis a_b', entityType: 'spis', observations: ['Soubor a_b.txt'] },
  { name: 'Spis axb', entityType: 'spis', observations: ['Soubor axb.txt'] },
  { name: 'Spis lomítko', entityType: 'spis', observations: ['Cesta C:\\spisy\\novak'] },
  { name: 'Klient Dvořák', entityType: 'klient', observations: ['Jan Dvořák, nar. 1970'] },
];

describe.each(ENGINES)('prepared MCP reads on generic plans (%s)', (engine) => {
  let database: TestDatabase;
  /** On PostgreSQL a second handle whose connections always use a generic plan. */
  let generic: Database | undefined;
  const handle = () => (generic ?? database).db;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    for (const doc of [sections, annex, accented]) await storeVersion(db, doc, `fixture-${doc.externalId}`);
    await db.execute(
      sql`INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, email_verified_at)
          VALUES (${owner.id}, 'prepared@example.cz', '602999222', 'prepared', 'not-a-hash', 'P', 'Repared', now())`,
    );
    await createEntities(db, owner, entities);
    if (engine === 'postgres') {
      const [{ name }] = (await sqlRows<{ name: string }>(db, sql`SELECT current_database() AS name`)) as [
        { name: string },
      ];
      await database.raw(`ALTER DATABASE ${name} SET plan_cache_mode = force_generic_plan`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      generic = await openDatabase({ dataDir: '', databaseUrl: url.toString(), poolMax: 1 });
      const [mode] = await sqlRows<{ plan_cache_mode: string }>(generic.db, sql`SHOW plan_cache_mode`);
      expect(mode?.plan_cache_mode).toBe('force_generic_plan');
    }
  }, 120_000);
  afterAll(async () => {
    await generic?.close();
    await database?.dispose();
  });

  it('reads a provision by number prefix and cite key as the three-query path does', async () => {
    const cases: [string, string][] = [
      ['7/2001 Sb.', '§ 1'],
      ['7/2001', '§ 10'],
      ['7/2001 Sb.', '§ 10A'],
      ['7/2001 Sb.', '§ 100'],
      ['7/2001 Sb.', '§ 1a'],
      ['7/2001 Sb. příl.', '§ 1'],
      ['7/2001 Sb. ž', '§ 2'],
      ['7/2001', '§ 2'],
      ['7/2001 Sb.', '§ 11'],
    ];
    // Twice over, past the five calls after which PostgreSQL may keep a generic plan.
    for (let round = 0; round < 2; round++)
      for (const [reference, citeKey] of cases) {
        const label = `${reference} ${citeKey}`;
        const document = await findDocument(database.db, reference);
        const node = document && (await findNode(database.db, document, citeKey));
        const provision = node && (await readProvisionText(database.db, document, node, 'cs'));
        const read = await readProvisionAt(handle(), reference, citeKey, undefined);
        expect(read?.document, label).toEqual(document);
        expect(read?.nodeId, label).toBe(node);
        expect(read?.provision, label).toEqual(provision);
      }
    const ten = await readProvisionAt(handle(), '7/2001', '§ 10a', undefined);
    expect(ten?.provision?.lines.map((line) => line.text)).toEqual(['Vložený za desátý.', 'Odstavec vloženého.']);
    const first = await readProvisionAt(handle(), '7/2001 Sb.', '§ 1', undefined);
    expect(first?.provision?.lines.map((line) => line.text)).toEqual([
      'První.',
      'První odstavec prvního.',
      'Druhý odstavec prvního.',
    ]);
    expect((await readProvisionAt(handle(), '7/2001 Sb. příl', '§ 1', undefined))?.document.externalId).toBe(
      '7/2001 Sb. příl.',
    );
    expect((await readProvisionAt(handle(), '7/2001 Sb.', '§ 11', undefined))?.nodeId).toBeUndefined();
    expect(await readProvisionAt(handle(), '7/2002', '§ 1', undefined)).toBeUndefined();
  });

  it('searches memory on generic plans by the search’s rules', async () => {
    const namesOf = async (query: string) =>
      (await searchNodes(handle(), owner, query)).entities.map((entity) => entity.name).sort();
    // Twice over, past the five calls after which PostgreSQL may keep a generic plan.
    for (let round = 0; round < 2; round++) {
      // Punctuation folds to spaces: '100%' looks for '100', 'a_b' for 'a b'.
      expect(await namesOf('100%')).toEqual(['Spis 100%', 'Spis 1000']);
      expect(await namesOf('a_b')).toEqual(['Spis a_b']);
      expect(await namesOf('C:\\spisy')).toEqual(['Spis lomítko']);
      expect(await namesOf('DVOŘÁK')).toEqual(['Klient Dvořák']);
      expect(await namesOf('klient')).toEqual(['Klient Dvořák']);
      expect(await namesOf('spis')).toEqual(['Spis 100%', 'Spis 1000', 'Spis a_b', 'Spis axb', 'Spis lomítko']);
      expect(await namesOf('nikde')).toEqual([]);
    }
    // An entity found by an observation carries only the matching ones; by its name, all of them.
    expect((await searchNodes(handle(), owner, 'sleva 100 z')).entities).toEqual([
      { name: 'Spis 100%', entityType: 'spis', observations: ['Sleva 100% z ceny'] },
    ]);
    const byName = (await searchNodes(handle(), owner, 'spis 100')).entities.find((e) => e.name === 'Spis 100%');
    expect(byName?.observations.sort()).toEqual(['Bez procent', 'Sleva 100% z ceny']);
  });
});
