// One import's outcome, counted once: `npm run import` prints it, POST /v1/admin/imports answers
// with it. Each skipped or failed file carries the reason code the importer recorded.
import type { ImportReport } from './import-files.js';
import { problemOf, type ImportProblem } from './import-problem.js';

export interface ImportSummary {
  created: number;
  replaced: number;
  unchanged: number;
  /** By path: files of an unknown format inside named folders, and entries not read at all. */
  skipped: ImportProblem[];
  /** In the importer's order. */
  errors: ImportProblem[];
}

export function summarizeImport(report: ImportReport): ImportSummary {
  const skipped = [
    ...report.skipped.map((file) => problemOf(file, 'format_not_recognized')),
    ...report.passedOver,
  ].sort((a, b) => a.file.localeCompare(b.file));
  return { ...countStatuses(report.stored), skipped, errors: report.errors };
}

/** How many versions were created, replaced and left unchanged. */
export function countStatuses(versions: readonly { status: 'created' | 'replaced' | 'unchanged' }[]) {
  const counts = { created: 0, replaced: 0, unchanged: 0 };
  for (const { status } of versions) counts[status]++;
  return counts;
}
