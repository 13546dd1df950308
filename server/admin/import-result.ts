// The importer's report as the contract's ImportResult: paths relative to the upload's folder
// (never the server's own temp path), stored versions in the order they were stored, and each
// skipped or failed file with its reason's code (counted and classified in import-summary.ts).
import path from 'node:path';
import type { ImportedVersion, ImportProblem, ImportResult } from '../../src/api/contract/admin-imports.js';
import type { ImportProblem as ReportedProblem, ImportProgress, ImportReport } from '../importers/import-files.js';
import { summarizeImport } from '../importers/import-summary.js';

/** Collects the stored lines from the importer's progress events (the report has no file per version). */
export function versionCollector(root: string) {
  const versions: ImportedVersion[] = [];
  const onProgress = (event: ImportProgress) => {
    if (event.phase !== 'stored') return;
    const { result } = event;
    versions.push({
      file: relativeTo(root, event.file),
      document_id: result.documentId,
      external_id: result.externalId,
      valid_from: result.validFrom,
      status: result.status,
      nodes: result.nodes,
      fragments: result.fragments,
    });
  };
  return { versions, onProgress };
}

export function toImportResult(
  root: string,
  files: number,
  versions: ImportedVersion[],
  report: ImportReport,
  seconds: number,
): ImportResult {
  const summary = summarizeImport(report);
  const toProblem = ({ file, reason, detail }: ReportedProblem): ImportProblem => ({
    file: relativeTo(root, file),
    reason,
    ...(detail === undefined ? {} : { message: withoutRoot(root, detail) }),
  });
  const skipped = summary.skipped.map(toProblem);
  const failed = summary.errors.map(toProblem);
  return {
    files,
    versions,
    counts: {
      created: summary.created,
      replaced: summary.replaced,
      unchanged: summary.unchanged,
      skipped: skipped.length,
      failed: failed.length,
    },
    skipped,
    failed,
    conflicts: report.conflicts.map((conflict) => ({
      external_id: conflict.externalId,
      valid_from: conflict.validFrom,
      files: conflict.files.map((file) => relativeTo(root, file)),
    })),
    seconds: Math.round(seconds * 10) / 10,
  };
}

const relativeTo = (root: string, file: string) => {
  const relative = path.relative(root, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
};

/** A parser's message may name the file by its full path: show it as uploaded. */
const withoutRoot = (root: string, message: string) => message.split(`${root}${path.sep}`).join('');
