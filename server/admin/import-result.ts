// The importer's report as the contract's ImportResult: paths relative to the upload's folder
// (never the server's own temp path), stored versions in the order they were stored.
import path from 'node:path';
import type { ImportedVersion, ImportResult } from '../../src/api/contract/admin-imports.js';
import type { ImportProgress, ImportReport } from '../importers/import-files.js';

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
  const byFile = (a: { file: string }, b: { file: string }) => a.file.localeCompare(b.file);
  const skipped = [
    ...report.skipped.map((file) => ({ file: relativeTo(root, file), message: 'format not recognized' })),
    ...report.passedOver.map((problem) => ({ file: relativeTo(root, problem.file), message: problem.message })),
  ].sort(byFile);
  const failed = report.errors.map((problem) => ({
    file: relativeTo(root, problem.file),
    message: withoutRoot(root, problem.message),
  }));
  const count = (status: ImportedVersion['status']) => versions.filter((line) => line.status === status).length;
  return {
    files,
    versions,
    counts: {
      created: count('created'),
      replaced: count('replaced'),
      unchanged: count('unchanged'),
      skipped: skipped.length,
      failed: failed.length,
    },
    skipped,
    failed,
    conflicts: (report.conflicts ?? []).map((conflict) => ({
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

/** A conflict's message names the other files by their full paths: show them as uploaded. */
const withoutRoot = (root: string, message: string) => message.split(`${root}${path.sep}`).join('');
