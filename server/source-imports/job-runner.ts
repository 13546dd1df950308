// Runs import jobs in the background of the instance that accepted them (and the command line's
// own import, in its process): the acts through importActs (one transaction per version),
// progress written to the job's row as it comes, a heartbeat beside it. No network stops the job
// at once with source_offline; an act the service does not have, or answers wrongly, is a problem
// and the next act is tried. When the instance stops, its jobs are marked interrupted at once (a
// killed one is marked by the next reader).
import type { SourceImportJob, SourceImportJobError } from '../../src/api/contract/source-imports.js';
import type { Db } from '../db/client.js';
import { importActs, messageOf } from './import-acts.js';
import { settleItems, type JobState } from './job-progress.js';
import { beat, finishJob, markInterrupted, markRunning, saveProgress } from './job-store.js';
import { lawSource, type SourceSettings } from './settings.js';

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
      const done = runJob(db, job, settings, { stopping: () => closing })
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

export interface JobRunOptions {
  /** Asked between acts: the instance is closing (the job is then left to close()). */
  stopping?: () => boolean;
  /** Every change of the job's state, beside saving it (the command line prints it). */
  onChange?: (state: JobState) => void;
}

export interface JobEnd {
  state: JobState;
  /** Why the job stopped before its end; null: it ran to its end (or was not this runner's to run). */
  error: SourceImportJobError | null;
}

/** The job to its end, its row kept up to date with a heartbeat. */
export async function runJob(
  db: Db,
  job: SourceImportJob,
  settings: SourceSettings,
  options: JobRunOptions = {},
): Promise<JobEnd> {
  const state: JobState = { acts: job.acts.map((act) => ({ ...act })), items: [], problems: [] };
  if (!(await markRunning(db, job.id))) return { state, error: null };
  // Writes one after another, in the order of the events; a failed write waits for the next.
  let writes = Promise.resolve();
  const save = () => {
    writes = writes.then(() => saveProgress(db, job.id, state)).catch(() => {});
  };
  const heartbeat = setInterval(() => void beat(db, job.id).catch(() => {}), settings.heartbeatMs);
  heartbeat.unref();
  let error: SourceImportJobError | null = null;
  try {
    const end = await importActs(db, state, {
      sourceOf: (name) => lawSource(name, settings),
      // The starter set takes its languages where the service has them; an import asks for exactly them.
      languages: job.kind === 'starter_set' ? null : job.languages,
      preferred: job.kind === 'starter_set' ? (job.languages ?? undefined) : undefined,
      onChange: (changed) => {
        save();
        options.onChange?.(changed);
      },
      stopping: options.stopping,
    });
    if (end.stopped) return { state, error: null };
    if (end.offline) error = { detail: 'source_offline', message: end.offline.message };
  } catch (failure) {
    settleItems(state);
    error = { detail: 'internal_error', message: messageOf(failure) };
  } finally {
    clearInterval(heartbeat);
    await writes;
  }
  await finishJob(db, job.id, state, error);
  return { state, error };
}
