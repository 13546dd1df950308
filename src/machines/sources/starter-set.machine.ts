// The empty library's starter set (the Czech Constitution and Charter, GDPR, the EU Charter of
// Fundamental Rights): idle -> running (start, then follow the job) -> finished | failed. `offline`
// says the server has no network access, so the screen falls back to file import.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import type { SourceImportJob } from '../../api/contract/source-imports';
import { apiJobCalls, followSourceJob, isFinished, isOffline, type FollowJobEvent } from './follow-source-job';

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
export const selectStarterOffline = (snapshot: Snapshot) => isOffline(snapshot.context.error, snapshot.context.job);
/**
 * Something arrived: the library can be shown. A job is `done` once every act was tried, also
 * when none could be stored; then the problems stay on screen instead.
 */
export const selectStarterImported = (snapshot: Snapshot) =>
  snapshot.matches('finished') &&
  snapshot.context.job?.status === 'done' &&
  snapshot.context.job.items.some((item) => item.state === 'stored');
