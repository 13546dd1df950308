// The empty library's starter set (the Czech Constitution and Charter, GDPR, the EU Charter of
// Fundamental Rights): idle -> running (start, then follow the job) -> done | failed. `offline`
// says the server has no network access, so the screen falls back to file import.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import type { SourceImportJob } from '../../api/contract/source-imports';
import { apiJobCalls, followSourceJob, isFinished, type FollowJobEvent } from './follow-source-job';

export interface StarterSetContext {
  job?: SourceImportJob;
  error?: ApiError;
}

export type StarterSetEvent = { type: 'starter.start' } | FollowJobEvent;

export const starterSetMachine = setup({
  types: { context: {} as StarterSetContext, events: {} as StarterSetEvent },
  actors: { follow: followSourceJob(apiJobCalls) },
  guards: {
    finished: ({ event }) => event.type === 'job.update' && isFinished(event.job),
  },
}).createMachine({
  id: 'starterSet',
  context: {},
  initial: 'idle',
  states: {
    idle: { on: { 'starter.start': 'running' } },
    running: {
      entry: assign({ job: undefined, error: undefined }),
      invoke: { src: 'follow', input: { kind: 'starter_set' } },
      on: {
        'job.update': [
          { guard: 'finished', target: 'finished', actions: assign({ job: ({ event }) => event.job }) },
          { actions: assign({ job: ({ event }) => event.job }) },
        ],
        'job.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    finished: { on: { 'starter.start': 'running' } },
    failed: { on: { 'starter.start': 'running' } },
  },
});

type Snapshot = SnapshotFrom<typeof starterSetMachine>;
export type StarterSetPhase = 'idle' | 'running' | 'finished' | 'failed';
export const selectStarterPhase = (snapshot: Snapshot) => snapshot.value as StarterSetPhase;
export const selectStarterJob = (snapshot: Snapshot) => snapshot.context.job;
export const selectStarterError = (snapshot: Snapshot) => snapshot.context.error;
/** The server has no network access: refused at the start, or the job stopped for it. */
export const selectStarterOffline = (snapshot: Snapshot) =>
  snapshot.context.error?.detail === 'source_offline' || snapshot.context.job?.error?.detail === 'source_offline';
/** Every act arrived: the library can be shown. */
export const selectStarterImported = (snapshot: Snapshot) =>
  snapshot.matches('finished') && snapshot.context.job?.status === 'done';
