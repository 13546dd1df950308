// Saved translations across versions (issue 11, "Stale translations across versions"), on PGlite
// and (with DATABASE_URL) PostgreSQL: translations of the 1993 Constitution carry into the
// consolidated version (unchanged, or stale with the old source), a provision that is gone stays
// behind, re-imports and branch replacements keep them, and an older version gets none.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlignmentMembers, SaveFragmentResponse } from '../../src/api/contract/translation.js';
import { sqlRows } from '../../server/db/sql.js';
import { documentIdFor, fragmentUidFor, spanIdFor, translationFragmentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { actVersion2020, actVersion2024 } from '../support/fixture-documents.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasCorpus) console.warn(`translation-stale tests skipped: ${CORPUS_SKIP_REASON}`);

const ORIGINAL = corpusPath('cz-esbirka-original-json', '1_1993.json');
const CONSOLIDATED = corpusPath('cz-consolidated-md', '1-1993.md');
const CONSTITUTION = documentIdFor('1/1993 Sb.');
const ORIGINAL_DATE = '1993-01-01';
const CONSOLIDATED_DATE = '2026-01-01';

// The real data (checked in the files): Čl. 4 reads the same in both; Čl. 54 odst. 2 changed in
// 2012 (direct election of the President); Čl. 103 (names of the higher self-governing units) was
// repealed by 347/1997 Sb.: the consolidated Markdown has no Čl. 103 heading at all, its HLAVA
// SEDMÁ goes from Čl. 102 to Čl. 104, so the path cl-103 has no node in the 2026 version.
const CL_4_CS = 'Základní práva a svobody jsou pod ochranou soudní moci.';
const CL_54_2_CS_1993 = 'Prezidenta republiky volí Parlament na společné schůzi obou komor.';
const CL_54_2_CS_2026 = 'Prezident republiky je volen v přímých volbách.';
const ENGLISH: Record<string, string> = {
  'cl-4': 'Fundamental rights and freedoms shall enjoy the protection of the judiciary.',
  'cl-54/odst-2': 'The President of the Republic shall be elected by Parliament at a joint session of both chambers.',
  'cl-103': 'The name of a higher territorial self-governing unit shall be decided by its assembly.',
};

interface LayerRow {
  id: string;
  path: string;
  text: string;
  status: string;
  stale: boolean;
  stale_source_text: string | null;
  group_id: string;
  node_id: string;
  seq: number;
  cite_key: string | null;
  fragment_uid: string;
  translated_at: string;
  /** The Czech imported text of the same group. */
  source_text: string;
}

describe.skipIf(!hasCorpus).each(ENGINES)('saved translations across versions (%s)', (engine) => {
  let server: TestServer;
  let account: TestAccount;
  let tempDir: string;
  /** The 1993 translations as saved, by path. */
  const saved = new Map<string, LayerRow>();

  const db = () => server.database.db;
  const branchOf = (validFrom: string) =>
    sqlRows<{ id: string }>(
      db(),
      sql`SELECT id FROM branches WHERE document_id = ${CONSTITUTION} AND valid_from = ${validFrom}::date`,
    ).then((rows) => rows[0]?.id);

  /** The user's translations in the version of that date, by path. */
  const layer = async (validFrom: string, ownerId = account.user.id) => {
    const rows = await sqlRows<LayerRow>(
      db(),
      sql`SELECT f.id, n.external_id AS path, f.text, f.translation_status AS status, f.stale, f.stale_source_text,
                 f.group_id, f.node_id, f.seq, f.cite_key, f.fragment_uid,
                 to_char(f.translated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS translated_at,
                 src.text AS source_text
          FROM fragments f
          JOIN nodes n ON n.id = f.node_id
          JOIN branches b ON b.id = f.branch_id
          JOIN fragments src ON src.group_id = f.group_id AND src.owner_id IS NULL
          JOIN languages sl ON sl.language_id = src.language_id AND sl.iso_639_1 = 'cs'
          WHERE b.document_id = ${CONSTITUTION} AND b.valid_from = ${validFrom}::date AND f.owner_id = ${ownerId}
          ORDER BY f.seq`,
    );
    return new Map(rows.map((row) => [row.path, { ...row, seq: Number(row.seq) }]));
  };

  /** The imported Czech fragment at a path of a version. */
  const czechAt = async (validFrom: string, nodePath: string) => {
    const [row] = await sqlRows<{ id: string; node_id: string; group_id: string; text: string; seq: number }>(
      db(),
      sql`SELECT f.id, f.node_id, f.group_id, f.text, f.seq FROM fragments f
          JOIN nodes n ON n.id = f.node_id JOIN branches b ON b.id = f.branch_id
          WHERE b.document_id = ${CONSTITUTION} AND b.valid_from = ${validFrom}::date
            AND n.external_id = ${nodePath} AND f.owner_id IS NULL AND f.has_text`,
    );
    return row;
  };

  const importFile = async (file: string) => {
    const report = await importPaths(db(), [file]);
    expect(report.errors).toEqual([]);
    expect(report.stored).toHaveLength(1);
    return report.stored[0]!;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lexhub-stale-'));
    account = await registerAndLogin(server);
    expect((await importFile(ORIGINAL)).validFrom).toBe(ORIGINAL_DATE);

    // Translated through the API the editor uses; Čl. 54 odst. 2 then reviewed.
    for (const [nodePath, text] of Object.entries(ENGLISH)) {
      const source = await czechAt(ORIGINAL_DATE, nodePath);
      expect(source, nodePath).toBeDefined();
      const response = await account.session.post('/v1/legal/fragments', {
        node_id: source!.node_id,
        alignment_group_id: source!.group_id,
        language_code: 'en',
        text,
      });
      expect(response.status, nodePath).toBe(201);
      const { id } = await json(response, SaveFragmentResponse);
      expect(id).toBe(translationFragmentIdFor(source!.group_id, 'en', account.user.id));
    }
    const reviewed = translationFragmentIdFor(
      (await czechAt(ORIGINAL_DATE, 'cl-54/odst-2'))!.group_id,
      'en',
      account.user.id,
    );
    expect(
      (await account.session.patch(`/v1/legal/fragments/${reviewed}/translation`, { status: 'reviewed' })).status,
    ).toBe(200);

    // A reference span on the Čl. 4 translation pointing at Čl. 54 of the same version: it must
    // follow the translation and point at the new version's Čl. 54.
    const cl4 = translationFragmentIdFor((await czechAt(ORIGINAL_DATE, 'cl-4'))!.group_id, 'en', account.user.id);
    const [cl54] = await sqlRows<{ id: string }>(
      db(),
      sql`SELECT id FROM nodes WHERE branch_id = ${await branchOf(ORIGINAL_DATE)} AND external_id = 'cl-54'`,
    );
    await db().execute(
      sql`INSERT INTO spans (id, fragment_id, abs_start, abs_end, metadata)
          VALUES (${spanIdFor(cl4, 0, 11)}, ${cl4}, 0, 11,
                  ${JSON.stringify({ kind: 'reference', citation: 'čl. 54', target_node_id: cl54!.id, external: false })}::jsonb)`,
    );

    for (const [key, row] of await layer(ORIGINAL_DATE)) saved.set(key, row);
    expect([...saved.keys()]).toEqual(['cl-4', 'cl-54/odst-2', 'cl-103']);

    expect((await importFile(CONSOLIDATED)).validFrom).toBe(CONSOLIDATED_DATE);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  });

  it('reads the real texts the scenario is about', async () => {
    expect((await czechAt(ORIGINAL_DATE, 'cl-4'))!.text).toBe(CL_4_CS);
    expect((await czechAt(CONSOLIDATED_DATE, 'cl-4'))!.text).toBe(CL_4_CS);
    expect((await czechAt(ORIGINAL_DATE, 'cl-54/odst-2'))!.text).toBe(CL_54_2_CS_1993);
    expect((await czechAt(CONSOLIDATED_DATE, 'cl-54/odst-2'))!.text).toBe(CL_54_2_CS_2026);
    expect(await czechAt(ORIGINAL_DATE, 'cl-103')).toBeDefined();
    const [gone] = await sqlRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM nodes WHERE branch_id = ${await branchOf(CONSOLIDATED_DATE)}
          AND (external_id = 'cl-103' OR cite_key = 'Čl. 103')`,
    );
    expect(gone!.n).toBe(0);
  });

  it('carries Čl. 4 unchanged: same text and state, not stale, placed on the new source', async () => {
    const carried = (await layer(CONSOLIDATED_DATE)).get('cl-4')!;
    const source = (await czechAt(CONSOLIDATED_DATE, 'cl-4'))!;
    const before = saved.get('cl-4')!;
    expect(carried).toMatchObject({
      id: translationFragmentIdFor(source.group_id, 'en', account.user.id),
      text: ENGLISH['cl-4'],
      status: 'translated',
      stale: false,
      stale_source_text: null,
      group_id: source.group_id,
      node_id: source.node_id,
      seq: Number(source.seq),
      cite_key: 'Čl. 4',
      fragment_uid: fragmentUidFor('en', 'cl-4', ENGLISH['cl-4']!, 0),
      translated_at: before.translated_at,
      source_text: CL_4_CS,
    });
    expect(carried.id).not.toBe(before.id);
  });

  it('carries its reference span with a new id, pointing at the new version’s node', async () => {
    const carried = (await layer(CONSOLIDATED_DATE)).get('cl-4')!;
    const [cl54] = await sqlRows<{ id: string }>(
      db(),
      sql`SELECT id FROM nodes WHERE branch_id = ${await branchOf(CONSOLIDATED_DATE)} AND external_id = 'cl-54'`,
    );
    const spans = await sqlRows<{ id: string; abs_start: number; abs_end: number; target: string }>(
      db(),
      sql`SELECT id, abs_start, abs_end, metadata->>'target_node_id' AS target FROM spans WHERE fragment_id = ${carried.id}`,
    );
    expect(spans).toEqual([{ id: spanIdFor(carried.id, 0, 11), abs_start: 0, abs_end: 11, target: cl54!.id }]);
  });

  it('carries Čl. 54 odst. 2 flagged stale, still reviewed, with the 1993 source for the diff', async () => {
    const carried = (await layer(CONSOLIDATED_DATE)).get('cl-54/odst-2')!;
    expect(carried).toMatchObject({
      text: ENGLISH['cl-54/odst-2'],
      status: 'reviewed',
      stale: true,
      stale_source_text: CL_54_2_CS_1993,
      source_text: CL_54_2_CS_2026,
      cite_key: 'odst. 2',
    });
    expect(carried.source_text).not.toBe(carried.stale_source_text);
    // The 1993 original is untouched: not stale there.
    expect((await layer(ORIGINAL_DATE)).get('cl-54/odst-2')).toMatchObject({ stale: false, status: 'reviewed' });
  });

  it('shows the carried translation to its owner as translated, reviewed and stale', async () => {
    const carried = (await layer(CONSOLIDATED_DATE)).get('cl-54/odst-2')!;
    const response = await account.session.get(`/v1/legal/alignment-members?group_id=${carried.group_id}`);
    const { items } = await json(response, AlignmentMembers);
    expect(items.find((m) => m.language_code === 'en')).toMatchObject({
      fragment_id: carried.id,
      origin: 'translated',
      status: 'reviewed',
      stale: true,
    });
  });

  it('does not carry Čl. 103, which the consolidated version no longer has; it stays in 1993', async () => {
    expect([...(await layer(CONSOLIDATED_DATE)).keys()]).toEqual(['cl-4', 'cl-54/odst-2']);
    expect([...(await layer(ORIGINAL_DATE)).keys()]).toEqual(['cl-4', 'cl-54/odst-2', 'cl-103']);
  });

  it('keeps every translation when both files are imported again (unchanged)', async () => {
    const before = [await layer(ORIGINAL_DATE), await layer(CONSOLIDATED_DATE)];
    expect((await importFile(ORIGINAL)).status).toBe('unchanged');
    expect((await importFile(CONSOLIDATED)).status).toBe('unchanged');
    expect([await layer(ORIGINAL_DATE), await layer(CONSOLIDATED_DATE)]).toEqual(before);
  });

  it('keeps them when a changed file replaces a branch, and flags the one whose source changed', async () => {
    const before = await layer(CONSOLIDATED_DATE);
    const modified = path.join(tempDir, '1-1993.md');
    const content = await fs.readFile(CONSOLIDATED, 'utf8');
    expect(content).toContain(CL_4_CS);
    const CL_4_CHANGED = 'Základní práva a svobody jsou pod ochranou nezávislé soudní moci.';
    await fs.writeFile(modified, content.replace(CL_4_CS, CL_4_CHANGED));
    expect((await importFile(modified)).status).toBe('replaced');

    const after = await layer(CONSOLIDATED_DATE);
    expect([...after.keys()]).toEqual(['cl-4', 'cl-54/odst-2']);
    // Same place, same ids (the ids are of the group, which the replaced branch keeps).
    expect(after.get('cl-4')).toMatchObject({
      id: before.get('cl-4')!.id,
      text: ENGLISH['cl-4'],
      status: 'translated',
      stale: true,
      stale_source_text: CL_4_CS,
      source_text: CL_4_CHANGED,
      translated_at: before.get('cl-4')!.translated_at,
    });
    // Unchanged source: copied as is, stale and its 1993 source kept.
    expect(after.get('cl-54/odst-2')).toEqual(before.get('cl-54/odst-2'));
    const spans = await sqlRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM spans WHERE fragment_id = ${after.get('cl-4')!.id}`,
    );
    expect(spans[0]!.n).toBe(1);

    // The real file again: Čl. 4 reads as it was translated, so it is no longer stale.
    expect((await importFile(CONSOLIDATED)).status).toBe('replaced');
    expect(await layer(CONSOLIDATED_DATE)).toEqual(before);
  });

  it('on a changed re-import of the newer version keeps its own and carries ones saved since in 1993', async () => {
    const user = account.user.id;
    // The owner clears the stale flag of the 2026 Čl. 54 odst. 2: a carry from 1993 again would
    // flag it; the newer version's own translation must win.
    const cl54 = (await layer(CONSOLIDATED_DATE)).get('cl-54/odst-2')!;
    const cleared = await account.session.patch(`/v1/legal/fragments/${cl54.id}/translation`, { stale: false });
    expect(cleared.status).toBe(200);
    // Saved in the 1993 version after 2026 was imported: Čl. 54 odst. 1 (same text in 2026) and
    // Čl. 1, whose single text became odst. 1 and 2 in 2026 (cl-1 keeps only its cite key there).
    for (const [nodePath, text] of [
      ['cl-54/odst-1', 'The President of the Republic is the head of State.'],
      ['cl-1', 'The Czech Republic is a sovereign, unitary and democratic state governed by the rule of law.'],
    ] as const) {
      const source = (await czechAt(ORIGINAL_DATE, nodePath))!;
      const response = await account.session.post('/v1/legal/fragments', {
        node_id: source.node_id,
        alignment_group_id: source.group_id,
        language_code: 'en',
        text,
      });
      expect(response.status, nodePath).toBe(201);
    }
    const [onlyCiteKey] = await sqlRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM fragments f JOIN nodes n ON n.id = f.node_id
          WHERE n.branch_id = ${await branchOf(CONSOLIDATED_DATE)} AND n.external_id = 'cl-1' AND f.has_text`,
    );
    expect(onlyCiteKey!.n).toBe(0);

    const modified = path.join(tempDir, '1-1993.md');
    const content = await fs.readFile(CONSOLIDATED, 'utf8');
    await fs.writeFile(modified, content.replace(CL_4_CS, `${CL_4_CS.slice(0, -1)} i nadále.`));
    expect((await importFile(modified)).status).toBe('replaced');
    const after = await layer(CONSOLIDATED_DATE);
    expect([...after.keys()]).toEqual(['cl-4', 'cl-54/odst-1', 'cl-54/odst-2']);
    expect(after.get('cl-54/odst-2')).toMatchObject({
      id: cl54.id,
      status: 'reviewed',
      stale: false,
      stale_source_text: null,
    });
    expect(after.get('cl-54/odst-1')).toMatchObject({
      stale: false,
      status: 'translated',
      source_text: 'Prezident republiky je hlavou státu.',
    });
    expect(after.get('cl-4')!.stale).toBe(true);
    expect((await importFile(CONSOLIDATED)).status).toBe('replaced');
    expect((await layer(CONSOLIDATED_DATE)).get('cl-4')).toMatchObject({ stale: false, stale_source_text: null });
    expect([...(await layer(ORIGINAL_DATE, user)).keys()]).toEqual([
      'cl-1',
      'cl-4',
      'cl-54/odst-1',
      'cl-54/odst-2',
      'cl-103',
    ]);
  });

  it('keeps the 1993 translations when the 1993 version is replaced, without touching 2026', async () => {
    const newer = await layer(CONSOLIDATED_DATE);
    const older = await layer(ORIGINAL_DATE);
    const modified = path.join(tempDir, '1_1993.json');
    const content = await fs.readFile(ORIGINAL, 'utf8');
    const changed = content.replace('Lid je zdrojem veškeré státní moci', 'Lid je jediným zdrojem veškeré státní moci');
    expect(changed).not.toBe(content);
    await fs.writeFile(modified, changed);
    expect((await importFile(modified)).status).toBe('replaced');
    expect(await layer(ORIGINAL_DATE)).toEqual(older);
    expect(await layer(CONSOLIDATED_DATE)).toEqual(newer);
    expect((await importFile(ORIGINAL)).status).toBe('replaced');
    expect(await layer(ORIGINAL_DATE)).toEqual(older);
  });

  it('carries nothing into an older version imported after a newer one', async () => {
    const other = await registerAndLogin(server);
    await storeVersion(db(), actVersion2024, 'fixture-2024');
    const [source] = await sqlRows<{ node_id: string; group_id: string }>(
      db(),
      sql`SELECT f.node_id, f.group_id FROM fragments f JOIN nodes n ON n.id = f.node_id
          WHERE f.branch_id = (SELECT id FROM branches WHERE document_id = ${documentIdFor(actVersion2024.externalId)})
            AND n.external_id = 'par-1' AND f.owner_id IS NULL`,
    );
    const response = await other.session.post('/v1/legal/fragments', {
      node_id: source!.node_id,
      alignment_group_id: source!.group_id,
      language_code: 'en',
      text: 'This Act governs examinations.',
    });
    expect(response.status).toBe(201);
    expect((await storeVersion(db(), actVersion2020, 'fixture-2020')).status).toBe('created');
    const rows = await sqlRows<{ valid_from: string }>(
      db(),
      sql`SELECT b.valid_from::text AS valid_from FROM fragments f JOIN branches b ON b.id = f.branch_id
          WHERE f.owner_id = ${other.user.id}`,
    );
    expect(rows).toEqual([{ valid_from: '2024-01-01' }]);
  });
});
