// Starts an import job from the official services (one act, or the starter set) and follows it:
// the server answers 202 with the job at once, then the job is asked for again every POLL_MS until
// it is done or failed. Each answer goes to the parent as `job.update`; a refusal to start, or
// the job lost on the way (several polls failed in a row), as `job.failed`.
import { fromCallback, type EventObject } from 'xstate';
import { call, toApiError, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import type { SourceImportJob, StartSourceImportRequest } from '../../api/contract/source-imports';

export const POLL_MS = 1000;
/** Polls that may fail in a row (a restart, a blip) before the page says the job was lost. */
export const POLL_MISSES = 5;

export type JobRequest = { kind: 'starter_set' } | { kind: 'import'; request: StartSourceImportRequest };

export type FollowJobEvent = { type: 'job.update'; job: SourceImportJob } | { type: 'job.failed'; error: ApiError };

/** The two calls the follower makes, so machine tests can script the server's answers. */
export interface JobCalls {
  start(request: JobRequest, signal: AbortSignal): Promise<SourceImportJob>;
  get(id: string, signal: AbortSignal): Promise<SourceImportJob>;
}

export const apiJobCalls: JobCalls = {
  start: (request, signal) =>
    request.kind === 'starter_set'
      ? call(routes.startStarterSet, { signal })
      : call(routes.startSourceImport, { body: request.request, signal }),
  get: (id, signal) => call(routes.getSourceImport, { params: { id }, signal }),
};

export const isFinished = (job: SourceImportJob) => job.status === 'done' || job.status === 'failed';

/** The server has no network access: refused at the start, or the job stopped for it. */
export const isOffline = (error: ApiError | undefined, job: SourceImportJob | undefined) =>
  error?.detail === 'source_offline' || job?.error?.detail === 'source_offline';

/** The actor logic; leaving the page stops it, which aborts the call under way and the timer. */
export const followSourceJob = (calls: JobCalls) =>
  fromCallback<EventObject, JobRequest>(({ input, sendBack }) => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let misses = 0;
    const report = (job: SourceImportJob) => {
      sendBack({ type: 'job.update', job } satisfies FollowJobEvent);
      if (!isFinished(job)) timer = setTimeout(() => poll(job.id), POLL_MS);
    };
    const fail = (error: unknown) => {
      if (!controller.signal.aborted)
        sendBack({ type: 'job.failed', error: toApiError(error) } satisfies FollowJobEvent);
    };
    const poll = (id: string) =>
      calls.get(id, controller.signal).then(
        (job) => {
          misses = 0;
          report(job);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          misses += 1;
          if (misses >= POLL_MISSES) fail(error);
          else timer = setTimeout(() => poll(id), POLL_MS);
        },
      );
    calls.start(input, controller.signal).then(report, fail);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  });
