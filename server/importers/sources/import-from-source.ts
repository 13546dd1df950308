// Imports an act from an official source: resolve its versions, fetch every chosen language of a
// version into a temporary folder, parse with the existing parsers, join the languages and store
// the version in one transaction (store-version.ts). A version any language of which fails is not
// stored at all, and the problem names the act, the version, the language and why.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import { parseFile } from '../import-files.js';
import { ImportError, type ParsedDocument } from '../model.js';
import { storeVersion, type AfterStore, type StoredVersion } from '../store-version.js';
import { mergeLanguages } from './merge-languages.js';
import type { LawSource, ResolvedAct, SourceVersion } from './source.js';
import { SourceOfflineError } from './source-errors.js';
import { folderNameOf, writeFetchedFiles } from './write-files.js';

export interface SourceImportProblem {
  actId: string;
  versionId: string;
  language?: string;
  message: string;
}

export interface SourceImportReport {
  act: ResolvedAct;
  stored: StoredVersion[];
  problems: SourceImportProblem[];
}

export type SourceImportProgress =
  | { phase: 'resolved'; act: ResolvedAct }
  | { phase: 'fetched'; version: SourceVersion; language: string }
  | { phase: 'stored'; version: SourceVersion; result: StoredVersion }
  | { phase: 'failed'; problem: SourceImportProblem };

export interface SourceImportOptions {
  /** ISO 639-1 codes; default every language the source has. */
  languages?: string[];
  onProgress?: (event: SourceImportProgress) => void;
  /** Runs in each stored version's transaction (store-version.ts). */
  afterStore?: AfterStore;
}

export async function importFromSource(
  db: Db,
  source: LawSource,
  id: string,
  options: SourceImportOptions = {},
): Promise<SourceImportReport> {
  const onProgress = options.onProgress ?? (() => {});
  const act = await source.resolve(id);
  onProgress({ phase: 'resolved', act });
  const report: SourceImportReport = { act, stored: [], problems: [] };
  const fail = (problem: SourceImportProblem) => {
    report.problems.push(problem);
    onProgress({ phase: 'failed', problem });
  };
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `lexhub-${source.name}-`));
  try {
    for (const version of act.versions) {
      const wanted = options.languages ?? version.languages;
      const missing = wanted.filter((language) => !version.languages.includes(language));
      for (const language of missing) {
        fail({
          actId: act.actId,
          versionId: version.versionId,
          language,
          message: `${source.name} has no ${language} text of this version`,
        });
      }
      const languages = wanted.filter((language) => version.languages.includes(language));
      if (languages.length === 0) continue;
      const doc = await fetchVersion(
        source,
        version,
        languages,
        path.join(workDir, folderNameOf(version.versionId)),
        fail,
        onProgress,
      );
      if (!doc) continue;
      try {
        const result = await storeVersion(db, doc, `${source.name}:${version.versionId}`, options.afterStore);
        report.stored.push(result);
        onProgress({ phase: 'stored', version, result });
      } catch (error) {
        fail({ actId: act.actId, versionId: version.versionId, message: messageOf(error) });
      }
    }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
  return report;
}

/** Every language of one version, parsed and joined; undefined (with the problem told) when any fails. */
async function fetchVersion(
  source: LawSource,
  version: SourceVersion,
  languages: string[],
  folder: string,
  fail: (problem: SourceImportProblem) => void,
  onProgress: (event: SourceImportProgress) => void,
): Promise<ParsedDocument | undefined> {
  const docs: ParsedDocument[] = [];
  for (const language of languages) {
    try {
      const files = await source.fetch(version, language);
      const paths = await writeFetchedFiles(path.join(folder, language), files);
      const parsed = (await Promise.all(paths.map((file) => parseFile(file)))).flatMap((found) => found ?? []);
      if (parsed.length !== 1) throw new Error(`the files gave ${parsed.length} documents, not one`);
      // A consolidation is in force from the date the source gives; an original keeps the parser's date
      // so that the same act imported from a file lands on the same branch.
      const doc = parsed[0]!;
      docs.push({
        ...doc,
        versionDate: version.kind === 'consolidated' ? version.date : (doc.versionDate ?? version.date),
      });
      onProgress({ phase: 'fetched', version, language });
    } catch (error) {
      // No network: every other request would fail the same way; stop and say so once.
      if (error instanceof SourceOfflineError) throw error;
      fail({ actId: version.actId, versionId: version.versionId, language, message: messageOf(error) });
      return undefined;
    }
  }
  try {
    return mergeLanguages(docs);
  } catch (error) {
    fail({ actId: version.actId, versionId: version.versionId, message: messageOf(error) });
    return undefined;
  }
}

function messageOf(error: unknown): string {
  if (error instanceof ImportError) return `${error.place}: ${error.reason}`;
  return error instanceof Error ? error.message : String(error);
}
