// The acts of one import job, one after another (issue 16): each through importFromSource (one
// transaction per version), its progress applied to the job's state as it comes. An act the
// service does not have, or answers wrongly, is a problem and the next act is tried; no network
// stops the run at once (every other act would fail the same way). The server's job runner and the
// command line's own import (importers/source-import-cli.ts) both run their acts through it.
import type { LawSourceName } from '../../src/api/contract/source-imports.js';
import type { Db } from '../db/client.js';
import { importFromSource } from '../importers/sources/import-from-source.js';
import type { LawSource } from '../importers/sources/source.js';
import { SourceNotFoundError, SourceOfflineError } from '../importers/sources/source-errors.js';
import { actFailed, applyProgress, settleItems, type JobState } from './job-progress.js';
import { TrackedSource } from './tracked-source.js';

export interface ImportActsOptions {
  /** The service behind a name. */
  sourceOf: (name: LawSourceName) => LawSource;
  /** Exactly these languages; null: every language the service has (of `preferred`, where it has them). */
  languages: string[] | null;
  /** The starter set's languages: taken where the service has them, no problem where not. */
  preferred?: string[];
  /** The state moved on (an event, or an act ended): save it, print it. */
  onChange: (state: JobState) => void;
  /** Asked before each act: the server is closing. */
  stopping?: () => boolean;
}

export interface ImportActsEnd {
  /** No network: the run stopped at this error. */
  offline?: SourceOfflineError;
  /** `stopping` said yes before every act was tried. */
  stopped?: true;
}

/** Imports the acts of `state` into it; other failures than the services' throw. */
export async function importActs(db: Db, state: JobState, options: ImportActsOptions): Promise<ImportActsEnd> {
  const { languages } = options;
  for (const [index, act] of [...state.acts].entries()) {
    if (options.stopping?.()) return { stopped: true };
    const source = new TrackedSource(options.sourceOf(act.source), options.preferred);
    try {
      await importFromSource(db, source, act.id, {
        languages: languages ?? undefined,
        onProgress: (event) => {
          applyProgress(state, index, event, (problem) => source.reasonOf(problem), languages);
          options.onChange(state);
        },
      });
    } catch (failure) {
      if (failure instanceof SourceOfflineError) return { offline: failure };
      actFailed(
        state,
        index,
        failure instanceof SourceNotFoundError ? 'not_found' : 'service_failed',
        messageOf(failure),
      );
    } finally {
      settleItems(state);
      options.onChange(state);
    }
  }
  return {};
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
