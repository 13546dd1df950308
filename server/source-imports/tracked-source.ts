// A LawSource seen by an import job: it remembers how each fetch of a version and language ended,
// so that a problem importFromSource reports in words gets a reason code the web app can say in
// the reader's language; and it can narrow every version to the languages the job prefers (the
// starter set takes Czech and English where the service has them, without a problem where not).
import type { SourceImportProblemReason } from '../../src/api/contract/source-imports.js';
import type { SourceImportProblem as ReportedProblem } from '../importers/sources/import-from-source.js';
import type { FetchedFile, LawSource, ResolvedAct, SourceVersion } from '../importers/sources/source.js';
import { SourceNotFoundError } from '../importers/sources/source-errors.js';

export class TrackedSource implements LawSource {
  readonly name: string;
  /** `${versionId}\n${language}` → how its fetch ended: 'ok', or the reason it failed. */
  private readonly outcomes = new Map<string, 'ok' | SourceImportProblemReason>();

  constructor(
    private readonly inner: LawSource,
    private readonly preferred?: readonly string[],
  ) {
    this.name = inner.name;
  }

  async resolve(id: string): Promise<ResolvedAct> {
    const act = await this.inner.resolve(id);
    const preferred = this.preferred;
    if (!preferred) return act;
    const versions = act.versions.map((version) => ({
      ...version,
      languages: version.languages.filter((language) => preferred.includes(language)),
    }));
    return { ...act, versions };
  }

  async fetch(version: SourceVersion, language: string): Promise<FetchedFile[]> {
    const key = `${version.versionId}\n${language}`;
    try {
      const files = await this.inner.fetch(version, language);
      this.outcomes.set(key, 'ok');
      return files;
    } catch (error) {
      this.outcomes.set(key, error instanceof SourceNotFoundError ? 'language_missing' : 'service_failed');
      throw error;
    }
  }

  /**
   * Why a reported problem happened: a failed fetch says it; a language fetched fine failed in
   * the parser; one never fetched was missing at the service; a whole version failed when stored.
   */
  reasonOf(problem: ReportedProblem): SourceImportProblemReason {
    if (problem.language === undefined) return 'store_failed';
    const outcome = this.outcomes.get(`${problem.versionId}\n${problem.language}`);
    if (outcome === undefined) return 'language_missing';
    return outcome === 'ok' ? 'parse_failed' : outcome;
  }
}
