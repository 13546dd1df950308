// Runs import jobs in the background of the instance that accepted them: each act through
// importFromSource (one transaction per version), progress written to the job's row as it comes,
// a heartbeat beside it. No network stops the job at once with source_offline; an act the service
// does not have, or answers wrongly, is a problem and the next act is tried. When the instance
// stops, its jobs are marked interrupted at once (a killed one is marked by the next reader).
import type { SourceImportJob, SourceImportJobError } from '../../src/api/contract/source-imports.js';
import type { Db } from '../db/client.js';
import { importFromSource } from '../importers/sources/import-from-source.js';
import { SourceNotFoundError, SourceOfflineError } from '../importers/sources/source-errors.js';
import { actFailed, applyProgress, settleItems, type JobState } from './job-progress.js';
import { beat, finishJob, markInterrupted, markRunning, saveProgress } from './job-store.js';
import { lawSource, type SourceSettings } from './settings.js';
import { TrackedSource } from './tracked-source.js';

export interface JobRunner {
  /** Starts the job in the background; its end is written to its row. */
  run(job: SourceImportJob): void;
  /** Marks this instance's running jobs interrupted: their later writes change nothing. */
  close(): Promise<void>;
  /** Settles when every job started so far has ended (tests, the CLI's local run). */
  idle(): Promise<void>;
}

export function createJobRunner(db: Db, settings: SourceSettings, log?: (error: unknown) => void): JobRunner {
  const running = new Map<string, Promise<void>>();
  let closing = false;
  return {
    run(job) {
      const done = runJob(db, job, settings, () => closing)
        .then(() => {})
        .catch((error: unknown) => log?.(error))
        .finally(() => running.delete(job.id));
      running.set(job.id, done);
    },
    async close() {
      closing = true;
      await Promise.all(
        [...running.keys()].map((id) => markInterrupted(db, id, 'The server running this import stopped')),
      ).catch((error: unknown) => log?.(error));
    },
    async idle() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}

/** The job to its end; `stopping` is asked between acts. */
export async function runJob(
  db: Db,
  job: SourceImportJob,
  settings: SourceSettings,
  stopping: () => boolean = () => false,
): Promise<JobState> {
  const state: JobState = { acts: job.acts.map((act) => ({ ...act })), items: [], problems: [] };
  if (!(await markRunning(db, job.id))) return state;
  // Writes one after another, in the order of the events; a failed write waits for the next.
  let writes = Promise.resolve();
  const save = () => {
    writes = writes.then(() => saveProgress(db, job.id, state)).catch(() => {});
  };
  const heartbeat = setInterval(() => void beat(db, job.id).catch(() => {}), settings.heartbeatMs);
  heartbeat.unref();
  // The starter set takes its languages where the service has them; an import asks for exactly them.
  const preferred = job.kind === 'starter_set' ? (job.languages ?? undefined) : undefined;
  const languages = job.kind === 'starter_set' ? null : job.languages;
  let error: SourceImportJobError | null = null;
  try {
    for (const [index, act] of job.acts.entries()) {
      if (stopping()) return state;
      const source = new TrackedSource(lawSource(act.source, settings), preferred);
      try {
        await importFromSource(db, source, act.id, {
          languages: languages ?? undefined,
          onProgress: (event) => {
            applyProgress(state, index, event, (problem) => source.reasonOf(problem), languages);
            save();
          },
        });
      } catch (failure) {
        if (failure instanceof SourceOfflineError) throw failure;
        actFailed(
          state,
          index,
          failure instanceof SourceNotFoundError ? 'not_found' : 'service_failed',
          messageOf(failure),
        );
      } finally {
        settleItems(state);
        save();
      }
    }
  } catch (failure) {
    settleItems(state);
    error =
      failure instanceof SourceOfflineError
        ? { detail: 'source_offline', message: failure.message }
        : { detail: 'internal_error', message: messageOf(failure) };
  } finally {
    clearInterval(heartbeat);
    await writes;
  }
  await finishJob(db, job.id, state, error);
  return state;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
