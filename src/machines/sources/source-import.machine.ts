// The import page's "By number" section: pick a service, type an act's number (checked against
// SOURCE_ID_PATTERNS before asking), Find shows the versions and languages the service has,
// pick languages, Import starts a job and follows it per version and language. A second region
// holds the history of jobs, reloaded when a job ends.
// lookup: editing -> resolving -> found -> importing -> finished (a form change in editing, found
// or finished: editing; the form is locked while a call or a job runs).
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import {
  SOURCE_ID_PATTERNS,
  type LawSourceName,
  type SourceAct,
  type SourceImportJob,
  type SourceImportJobList,
} from '../../api/contract/source-imports';
import { failureOf } from '../failure';
import { apiJobCalls, followSourceJob, isFinished, isOffline, type FollowJobEvent } from './follow-source-job';

export const HISTORY_LIMIT = 20;

export interface SourceImportContext {
  source: LawSourceName;
  id: string;
  /** Find was pressed with an id the service would not take. */
  invalid: boolean;
  act?: SourceAct;
  languages: string[];
  job?: SourceImportJob;
  error?: ApiError;
  history?: SourceImportJob[];
  historyError?: ApiError;
}

export type SourceImportEvent =
  | { type: 'form.source'; source: LawSourceName }
  | { type: 'form.id'; id: string }
  | { type: 'form.find' }
  | { type: 'language.toggle'; language: string }
  | { type: 'import.start' }
  | { type: 'history.reload' }
  | FollowJobEvent;

export const isValidSourceId = (source: LawSourceName, id: string) => SOURCE_ID_PATTERNS[source].test(id.trim());

/** Every language of any version, in a stable order. */
export const languagesOf = (act: SourceAct) => [...new Set(act.versions.flatMap((v) => v.languages))].sort();

/** What to tick at first: the Czech and English texts where the service has them, else everything. */
const preselected = (act: SourceAct) => {
  const all = languagesOf(act);
  const usual = all.filter((language) => language === 'cs' || language === 'en');
  return usual.length > 0 ? usual : all;
};

const clearLookup = { act: undefined, job: undefined, error: undefined, invalid: false, languages: [] };

/**
 * A changed service or id starts over. Only while nothing runs: in `resolving` or `importing` it
 * would stop the call or the follower and wipe the job while the server's job runs on.
 */
const formChanges = {
  'form.source': { target: 'editing', actions: 'changeSource' },
  'form.id': { target: 'editing', actions: 'changeId' },
} as const;

export const sourceImportMachine = setup({
  types: { context: {} as SourceImportContext, events: {} as SourceImportEvent },
  actors: {
    resolve: fromPromise<SourceAct, { source: LawSourceName; id: string }>(({ input, signal }) =>
      call(routes.resolveSourceAct, { body: input, signal }),
    ),
    follow: followSourceJob(apiJobCalls),
    loadHistory: fromPromise<SourceImportJobList>(({ signal }) =>
      call(routes.listSourceImports, { query: { limit: HISTORY_LIMIT }, signal }),
    ),
  },
  actions: {
    changeSource: assign({
      source: ({ context, event }) => (event.type === 'form.source' ? event.source : context.source),
      ...clearLookup,
    }),
    changeId: assign({
      id: ({ context, event }) => (event.type === 'form.id' ? event.id : context.id),
      ...clearLookup,
    }),
  },
  guards: {
    validId: ({ context }) => isValidSourceId(context.source, context.id),
    hasLanguages: ({ context }) => context.languages.length > 0,
    finished: ({ event }) => event.type === 'job.update' && isFinished(event.job),
  },
}).createMachine({
  id: 'sourceImport',
  type: 'parallel',
  context: { source: 'cellar', id: '', invalid: false, languages: [] },
  states: {
    lookup: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...formChanges,
            'form.find': [{ guard: 'validId', target: 'resolving' }, { actions: assign({ invalid: true }) }],
          },
        },
        resolving: {
          entry: assign({ ...clearLookup }),
          invoke: {
            src: 'resolve',
            input: ({ context }) => ({ source: context.source, id: context.id.trim() }),
            onDone: {
              target: 'found',
              actions: assign({
                act: ({ event }) => event.output,
                languages: ({ event }) => preselected(event.output),
              }),
            },
            onError: { target: 'editing', actions: assign({ error: failureOf }) },
          },
        },
        found: {
          on: {
            ...formChanges,
            'form.find': 'resolving',
            'language.toggle': {
              actions: assign({
                languages: ({ context, event }) =>
                  context.languages.includes(event.language)
                    ? context.languages.filter((language) => language !== event.language)
                    : [...context.languages, event.language].sort(),
              }),
            },
            'import.start': { guard: 'hasLanguages', target: 'importing' },
          },
        },
        importing: {
          entry: assign({ job: undefined, error: undefined }),
          invoke: {
            src: 'follow',
            input: ({ context }) => ({
              kind: 'import' as const,
              request: { source: context.source, id: context.act!.act_id, languages: context.languages },
            }),
          },
          on: {
            'job.update': [
              {
                guard: 'finished',
                target: 'finished',
                actions: [assign({ job: ({ event }) => event.job }), raise({ type: 'history.reload' })],
              },
              { actions: assign({ job: ({ event }) => event.job }) },
            ],
            // Refused (another import running, offline) or lost: the act stays found to try again.
            'job.failed': { target: 'found', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        finished: {
          on: {
            ...formChanges,
            'form.find': 'resolving',
            'import.start': { guard: 'hasLanguages', target: 'importing' },
          },
        },
      },
    },
    history: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadHistory',
            onDone: {
              target: 'ready',
              actions: assign({ history: ({ event }) => event.output.items, historyError: undefined }),
            },
            onError: { target: 'failed', actions: assign({ historyError: failureOf }) },
          },
        },
        ready: { on: { 'history.reload': 'loading' } },
        failed: { on: { 'history.reload': 'loading' } },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof sourceImportMachine>;
export type SourceLookupPhase = 'editing' | 'resolving' | 'found' | 'importing' | 'finished';
export const selectLookupPhase = (snapshot: Snapshot) => (snapshot.value as { lookup: SourceLookupPhase }).lookup;
export const selectSource = (snapshot: Snapshot) => snapshot.context.source;
export const selectId = (snapshot: Snapshot) => snapshot.context.id;
export const selectInvalid = (snapshot: Snapshot) => snapshot.context.invalid;
export const selectLanguages = (snapshot: Snapshot) => snapshot.context.languages;
/** A lookup or an import runs: the form waits. */
export const selectBusy = (snapshot: Snapshot) =>
  snapshot.matches({ lookup: 'resolving' }) || snapshot.matches({ lookup: 'importing' });
export const selectCanImport = (snapshot: Snapshot) => snapshot.can({ type: 'import.start' });
export const selectAct = (snapshot: Snapshot) => snapshot.context.act;
export const selectJob = (snapshot: Snapshot) => snapshot.context.job;
export const selectSourceError = (snapshot: Snapshot) => snapshot.context.error;
export const selectOffline = (snapshot: Snapshot) => isOffline(snapshot.context.error, snapshot.context.job);
export const selectHistory = (snapshot: Snapshot) => snapshot.context.history;
export const selectHistoryError = (snapshot: Snapshot) => snapshot.context.historyError;
