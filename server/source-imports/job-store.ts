// Import jobs in the database (source_import_jobs): created under one advisory lock so that the
// limits hold across instances, progress written by the instance that runs the job, read by any.
// A queued or running job whose heartbeat stopped is marked failed before every read and count.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SourceImportAct, SourceImportJob, SourceImportJobError } from '../../src/api/contract/source-imports.js';
import type { Db } from '../db/client.js';
import { sqlRows, TIMESTAMP_TEXT } from '../db/sql.js';
import type { JobState } from './job-progress.js';
import { sourceImportRunning, sourceImportsBusy } from './errors.js';

// Any fixed number: serializes job creation on every instance sharing the database.
const CREATE_LOCK_KEY = 728_190_016;

export interface NewJob {
  kind: SourceImportJob['kind'];
  acts: SourceImportAct[];
  languages: string[] | null;
  /** The operator; null: the command line with the local token. */
  createdBy: string | null;
}

export interface JobLimits {
  maxRunningJobs: number;
  staleAfterMs: number;
}

const JOB_COLUMNS = sql.raw(`id, kind, status, acts, languages, items, problems, error, created_by,
  to_char(created_at AT TIME ZONE 'UTC', '${TIMESTAMP_TEXT}') AS created_at,
  to_char(started_at AT TIME ZONE 'UTC', '${TIMESTAMP_TEXT}') AS started_at,
  to_char(finished_at AT TIME ZONE 'UTC', '${TIMESTAMP_TEXT}') AS finished_at`);

/** A queued job; 409 when its creator already has one going, or the server has as many as it allows. */
export async function createJob(db: Db, job: NewJob, limits: JobLimits): Promise<SourceImportJob> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK_KEY})`);
    await markStaleJobs(tx as unknown as Db, limits.staleAfterMs);
    const [counts] = await sqlRows<{ all: number; mine: number }>(
      tx,
      sql`SELECT count(*)::int AS all,
                 (count(*) FILTER (WHERE created_by IS NOT DISTINCT FROM ${job.createdBy}::uuid))::int AS mine
          FROM source_import_jobs WHERE status IN ('queued', 'running')`,
    );
    if ((counts?.mine ?? 0) > 0) throw sourceImportRunning();
    if ((counts?.all ?? 0) >= limits.maxRunningJobs) throw sourceImportsBusy(limits.maxRunningJobs);
    const [row] = await sqlRows<JobRow>(
      tx,
      sql`INSERT INTO source_import_jobs (id, kind, status, acts, languages, created_by)
          VALUES (${randomUUID()}, ${job.kind}, 'queued', ${JSON.stringify(job.acts)}::jsonb,
                  ${languagesArray(job.languages)}::text[], ${job.createdBy}::uuid)
          RETURNING ${JOB_COLUMNS}`,
    );
    return toJob(row!);
  });
}

export async function getJob(db: Db, id: string, staleAfterMs: number): Promise<SourceImportJob | undefined> {
  await markStaleJobs(db, staleAfterMs);
  const [row] = await sqlRows<JobRow>(db, sql`SELECT ${JOB_COLUMNS} FROM source_import_jobs WHERE id = ${id}`);
  return row && toJob(row);
}

/** The newest jobs first. */
export async function listJobs(db: Db, limit: number, staleAfterMs: number): Promise<SourceImportJob[]> {
  await markStaleJobs(db, staleAfterMs);
  const rows = await sqlRows<JobRow>(
    db,
    sql`SELECT ${JOB_COLUMNS} FROM source_import_jobs ORDER BY created_at DESC, id LIMIT ${limit}`,
  );
  return rows.map(toJob);
}

/** The runner takes the job: false when it is no longer queued (marked failed meanwhile). */
export async function markRunning(db: Db, id: string): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`UPDATE source_import_jobs SET status = 'running', started_at = now(), heartbeat_at = now()
        WHERE id = ${id} AND status = 'queued' RETURNING id`,
  );
  return rows.length > 0;
}

/** Progress and the heartbeat; nothing once the job is over (or was marked failed by a reader). */
export async function saveProgress(db: Db, id: string, state: JobState): Promise<void> {
  await db.execute(
    sql`UPDATE source_import_jobs
        SET acts = ${JSON.stringify(state.acts)}::jsonb, items = ${JSON.stringify(state.items)}::jsonb,
            problems = ${JSON.stringify(state.problems)}::jsonb, heartbeat_at = now()
        WHERE id = ${id} AND status = 'running'`,
  );
}

export async function beat(db: Db, id: string): Promise<void> {
  await db.execute(sql`UPDATE source_import_jobs SET heartbeat_at = now() WHERE id = ${id} AND status = 'running'`);
}

/** The end: done, or failed with the reason the job stopped. */
export async function finishJob(
  db: Db,
  id: string,
  state: JobState,
  error: SourceImportJobError | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE source_import_jobs
        SET status = ${error ? 'failed' : 'done'}, error = ${error && JSON.stringify(error)}::jsonb,
            acts = ${JSON.stringify(state.acts)}::jsonb, items = ${JSON.stringify(state.items)}::jsonb,
            problems = ${JSON.stringify(state.problems)}::jsonb, finished_at = now(), heartbeat_at = now()
        WHERE id = ${id} AND status IN ('queued', 'running')`,
  );
}

/** A job this instance stops (it is closing): failed, its progress kept. */
export async function markInterrupted(db: Db, id: string, message: string): Promise<void> {
  const error: SourceImportJobError = { detail: 'import_interrupted', message };
  await db.execute(
    sql`UPDATE source_import_jobs SET status = 'failed', error = ${JSON.stringify(error)}::jsonb, finished_at = now()
        WHERE id = ${id} AND status IN ('queued', 'running')`,
  );
}

/** Jobs whose instance stopped (no heartbeat for `staleAfterMs`) are failed, not running forever. */
export async function markStaleJobs(db: Db, staleAfterMs: number): Promise<void> {
  const error: SourceImportJobError = {
    detail: 'import_interrupted',
    message: 'The server running this import stopped before it finished',
  };
  await db.execute(
    sql`UPDATE source_import_jobs SET status = 'failed', error = ${JSON.stringify(error)}::jsonb, finished_at = now()
        WHERE status IN ('queued', 'running')
          AND heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})`,
  );
}

interface JobRow {
  id: string;
  kind: SourceImportJob['kind'];
  status: SourceImportJob['status'];
  acts: unknown;
  languages: string[] | string | null;
  items: unknown;
  problems: unknown;
  error: unknown;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** jsonb arrives parsed from pg and PGlite alike; a text[] may arrive as its text form. */
function toJob(row: JobRow): SourceImportJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    acts: row.acts as SourceImportJob['acts'],
    languages: typeof row.languages === 'string' ? row.languages.replace(/^\{|\}$/g, '').split(',') : row.languages,
    items: row.items as SourceImportJob['items'],
    problems: row.problems as SourceImportJob['problems'],
    error: (row.error ?? null) as SourceImportJob['error'],
    created_by: row.created_by,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** Languages are two-letter codes (the contract checks them), so the array literal needs no quoting. */
const languagesArray = (languages: string[] | null) => (languages === null ? null : `{${languages.join(',')}}`);
