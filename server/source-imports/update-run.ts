// One update run (issue 16): every act imported from an official service (the acts of the import
// jobs' stored items, in the languages stored; the command line's own imports are jobs too) is
// looked up again; its versions that no branch came from yet are imported (one transaction per
// version, a re-import a no-op), and each new branch raises notices, in the transaction that
// stores the version, for the users who pinned its document or hold it in a collection.
import { sql } from 'drizzle-orm';
import type { Notice } from '../../src/api/contract/notices.js';
import type { LawSourceName } from '../../src/api/contract/source-imports.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { importFromSource } from '../importers/sources/import-from-source.js';
import type { LawSource, ResolvedAct } from '../importers/sources/source.js';
import { SourceOfflineError } from '../importers/sources/source-errors.js';
import { raiseNewVersionNotices } from '../notices/store.js';
import { messageOf } from './import-acts.js';
import { TrackedSource } from './tracked-source.js';

export interface TrackedAct {
  source: LawSourceName;
  actId: string;
  languages: string[];
}

export interface UpdateReport {
  checked: number;
  /** Branches the run created. */
  created: Array<{ documentId: string; branchId: string }>;
  notices: number;
  /** One line per act or version that failed: which, and why. */
  problems: string[];
}

export interface UpdateRunOptions {
  /** The service behind a name (the configured CELLAR and e-Sbírka). */
  sourceOf: (name: LawSourceName) => LawSource;
  /** Tells an online user of a notice (the live channel); a failure there loses nothing: the notice is stored. */
  announce?: (userId: string, notice: Notice) => Promise<unknown>;
  /** Asked between acts: the server is closing. */
  stopping?: () => boolean;
}

/** The acts stored by import jobs, with the languages stored of each. */
export async function trackedActs(db: Db): Promise<TrackedAct[]> {
  const rows = await sqlRows<{ source: LawSourceName; act_id: string; languages: string[] }>(
    db,
    sql`SELECT item->>'source' AS source, item->>'act_id' AS act_id,
               jsonb_agg(DISTINCT item->>'language') AS languages
        FROM source_import_jobs j CROSS JOIN LATERAL jsonb_array_elements(j.items) AS item
        WHERE item->>'state' = 'stored'
        GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows.map((row) => ({ source: row.source, actId: row.act_id, languages: row.languages }));
}

export async function runUpdate(db: Db, options: UpdateRunOptions): Promise<UpdateReport> {
  const report: UpdateReport = { checked: 0, created: [], notices: 0, problems: [] };
  for (const act of await trackedActs(db)) {
    if (options.stopping?.()) break;
    report.checked += 1;
    try {
      await updateAct(db, act, options, report);
    } catch (error) {
      report.problems.push(`${act.source} ${act.actId}: ${messageOf(error)}`);
      // No network: every other act would fail the same way.
      if (error instanceof SourceOfflineError) break;
    }
  }
  return report;
}

async function updateAct(db: Db, act: TrackedAct, options: UpdateRunOptions, report: UpdateReport) {
  const source = new TrackedSource(options.sourceOf(act.source), act.languages);
  const resolved = await source.resolve(act.actId);
  const versions = resolved.versions.filter((version) => version.languages.length > 0);
  const stored = await storedSourceFiles(
    db,
    versions.map((version) => `${source.name}:${version.versionId}`),
  );
  const fresh = versions.filter((version) => !stored.has(`${source.name}:${version.versionId}`));
  if (fresh.length === 0) return;
  // Notices are raised in the transaction that stores the version: both or neither.
  const raisedFor = new Map<string, Array<Notice & { user_id: string }>>();
  const result = await importFromSource(db, resolvedAs(source, { ...resolved, versions: fresh }), act.actId, {
    afterStore: async (tx, version) => {
      if (version.status === 'created') raisedFor.set(version.branchId, await raiseNewVersionNotices(tx, version));
    },
  });
  for (const problem of result.problems)
    report.problems.push(
      `${act.source} ${problem.actId} ${problem.versionId}${problem.language ? ` (${problem.language})` : ''}: ${problem.message}`,
    );
  for (const version of result.stored) {
    if (version.status !== 'created') continue;
    report.created.push({ documentId: version.documentId, branchId: version.branchId });
    const raised = raisedFor.get(version.branchId) ?? [];
    report.notices += raised.length;
    for (const { user_id, ...notice } of raised) await options.announce?.(user_id, notice).catch(() => {});
  }
}

/** Of these branch source files (`service:version id`), the ones some branch came from. */
async function storedSourceFiles(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await sqlRows<{ source_file: string }>(
    db,
    sql`SELECT DISTINCT source_file FROM branches WHERE source_file IN (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.source_file));
}

/** The source with its answer already known: importFromSource resolves once more, and gets only the new versions. */
const resolvedAs = (source: LawSource, act: ResolvedAct): LawSource => ({
  name: source.name,
  resolve: () => Promise.resolve(act),
  fetch: (version, language) => source.fetch(version, language),
});
