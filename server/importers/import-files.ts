// Imports files and folders: finds the files, detects each one's format from its content,
// parses, and stores every document in its own transaction, one file at a time. One bad file does not stop the rest;
// files that give one version different contents are all refused (version-conflicts.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isLoggedQueryError, loggableError } from '../db/query-error.js';
import { decodeFileContent } from './decode.js';
import { contentHashOf } from './identity.js';
import { ImportError, type ParsedDocument } from './model.js';
import { detectParser } from './parsers.js';
import { storeVersion, type StoredVersion } from './store-version.js';
import {
  conflictMessage,
  findVersionConflicts,
  versionKeyOf,
  type VersionConflict,
  type VersionKey,
} from './version-conflicts.js';
import { problemOf, type ImportProblem } from './import-problem.js';
import { walkFolder } from './walk-folder.js';

export type { ImportProblem } from './import-problem.js';

export interface ImportReport {
  stored: StoredVersion[];
  /** Every file that failed, with the reason; a file in a conflict too (each naming the others). */
  errors: ImportProblem[];
  /** Versions that several files give with different content: none of those files was stored. */
  conflicts: VersionConflict[];
  /** Files inside named folders whose format was not recognized (README.md, summary.json). */
  skipped: string[];
  /** Entries inside named folders that were not read at all, with the reason (hidden, a link to a folder). */
  passedOver: ImportProblem[];
}

export type ImportProgress =
  | { phase: 'parsed'; files: number; documents: number }
  | { phase: 'stored'; done: number; total: number; file: string; result: StoredVersion }
  | { phase: 'error'; file: string; message: string; reason: ImportProblem['reason'] };

/**
 * Two passes, so that only one file's documents are in memory at a time (a corpus of TMX files
 * would otherwise be held whole): the first parses each file to the small keys the conflict check
 * needs, then drops it; the second parses each file again and stores its documents before the next
 * file is read. A file whose content changed between the passes is refused, never stored unchecked.
 */
export async function importPaths(
  db: Db,
  inputs: string[],
  onProgress: (event: ImportProgress) => void = () => {},
): Promise<ImportReport> {
  const report: ImportReport = { stored: [], errors: [], conflicts: [], skipped: [], passedOver: [] };
  const files = await listFiles(inputs, report);
  const keyed: { file: string; keys: VersionKey[] }[] = [];

  for (const { file, named } of files) {
    try {
      const docs = await parseFile(file);
      if (docs === undefined) {
        if (named)
          fail(report, onProgress, {
            file,
            reason: 'format_not_recognized',
            message:
              'format not recognized (supported: e-Sbírka JSON, Czech law Markdown, Akoma Ntoso, Formex 4, TMX 1.4)',
          });
        else report.skipped.push(file);
        continue;
      }
      keyed.push({ file, keys: docs.map((doc) => versionKeyOf(doc, file)) });
    } catch (error) {
      const words = describe(error, file);
      fail(report, onProgress, { file, reason: 'parse_failed', message: words, detail: words });
    }
  }
  const { conflicts, held } = findVersionConflicts(keyed.flatMap((entry) => entry.keys));
  const total = keyed.reduce((sum, entry) => sum + entry.keys.filter((key) => !held.has(key)).length, 0);
  onProgress({ phase: 'parsed', files: files.length, documents: total });
  report.conflicts = conflicts;
  for (const conflict of conflicts) {
    for (const file of conflict.files) {
      fail(report, onProgress, { file, reason: 'conflict', message: conflictMessage(conflict, file) });
    }
  }

  let done = 0;
  for (const { file, keys } of keyed) {
    const wanted = keys.filter((key) => !held.has(key));
    if (wanted.length === 0) continue;
    const docs = await parseFile(file).catch(() => undefined);
    for (const [index, key] of keys.entries()) {
      if (held.has(key)) continue;
      const doc = docs?.[index];
      try {
        // The content the conflict check saw, or nothing: the file changed since the first pass.
        if (docs?.length !== keys.length || !doc || contentHashOf(doc) !== key.contentHash)
          throw new Error('the file changed during the import; import it again');
        const result = await storeVersion(db, doc, file);
        report.stored.push(result);
        onProgress({ phase: 'stored', done: ++done, total, file, result });
      } catch (error) {
        done++;
        const words = `${key.externalId}: ${describe(error, file)}`;
        fail(report, onProgress, { file, reason: 'store_failed', message: words, detail: words });
      }
    }
  }
  // Fresh planner statistics for the tables just written: PGlite has no autovacuum to do it.
  if (report.stored.some((stored) => stored.status !== 'unchanged')) {
    await db.execute(
      sql`ANALYZE documents, branches, nodes, fragments, spans, alignment_groups, provision_search, document_aliases`,
    );
  }
  return report;
}

export async function parseFile(file: string): Promise<ParsedDocument[] | undefined> {
  const content = decodeFileContent(await fs.readFile(file));
  const parser = detectParser(content, file);
  return parser?.parse(content, file);
}

async function listFiles(inputs: string[], report: ImportReport) {
  const files: { file: string; named: boolean }[] = [];
  for (const input of inputs) {
    const absolute = path.resolve(input);
    const stat = await fs.stat(absolute).catch(() => undefined);
    if (!stat) {
      report.errors.push(problemOf(absolute, 'not_found'));
    } else if (stat.isDirectory()) {
      const found = await walkFolder(absolute);
      report.passedOver.push(...found.passedOver);
      for (const file of found.files) files.push({ file, named: false });
    } else {
      files.push({ file: absolute, named: true });
    }
  }
  return files;
}

function fail(report: ImportReport, onProgress: (event: ImportProgress) => void, problem: ImportProblem) {
  report.errors.push(problem);
  onProgress({ phase: 'error', file: problem.file, message: problem.message, reason: problem.reason });
}

function describe(error: unknown, file: string): string {
  if (error instanceof ImportError) return `${error.place}: ${error.reason}`;
  // A failed query's own message repeats every parameter (whole texts): name the SQLSTATE instead.
  const logged = loggableError(error);
  if (isLoggedQueryError(logged)) {
    const names = [logged.table && `table ${logged.table}`, logged.constraint && `constraint ${logged.constraint}`];
    const where = names.filter(Boolean).join(', ');
    return `storing failed: ${logged.message}${where ? ` (${where})` : ''}`;
  }
  if (error instanceof Error)
    return error.message.startsWith(file) ? error.message.slice(file.length + 2) : error.message;
  return String(error);
}
