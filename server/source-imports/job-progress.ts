// An import job's state as the web app reads it: the acts, every version × language with where it
// is, and the problems; moved on by the events importFromSource reports. Pure: the runner saves it.
import type {
  LawSourceName,
  SourceImportAct,
  SourceImportItem,
  SourceImportProblem,
  SourceImportProblemReason,
} from '../../src/api/contract/source-imports.js';
import type {
  SourceImportProblem as ReportedProblem,
  SourceImportProgress,
} from '../importers/sources/import-from-source.js';
import type { SourceVersion } from '../importers/sources/source.js';

export interface JobState {
  acts: SourceImportAct[];
  items: SourceImportItem[];
  problems: SourceImportProblem[];
}

/** Moves the state of act `index` on by one event of its import. */
export function applyProgress(
  state: JobState,
  index: number,
  event: SourceImportProgress,
  reasonOf: (problem: ReportedProblem) => SourceImportProblemReason,
  languages: readonly string[] | null,
) {
  const act = state.acts[index]!;
  const source = act.source;
  switch (event.phase) {
    case 'resolved':
      state.acts[index] = { ...act, act_id: event.act.actId, title: event.act.title };
      for (const version of event.act.versions)
        for (const language of languages ?? version.languages)
          state.items.push({ ...itemKey(source, version), language, state: 'pending' });
      return;
    case 'fetched':
      for (const item of itemsOf(state, source, event.version.versionId))
        if (item.language === event.language) item.state = 'fetched';
      return;
    case 'stored':
      for (const item of itemsOf(state, source, event.version.versionId))
        if (item.state === 'fetched')
          Object.assign(item, { state: 'stored', status: event.result.status, document_id: event.result.documentId });
      return;
    case 'failed': {
      const { problem } = event;
      state.problems.push({
        source,
        act_id: problem.actId,
        version_id: problem.versionId,
        ...(problem.language !== undefined && { language: problem.language }),
        reason: reasonOf(problem),
        message: problem.message,
      });
      for (const item of itemsOf(state, source, problem.versionId))
        if (problem.language === undefined ? item.state !== 'stored' : item.language === problem.language)
          item.state = 'failed';
      return;
    }
  }
}

/** An act that failed before its versions were known (not found, the service failed). */
export function actFailed(state: JobState, index: number, reason: SourceImportProblemReason, message: string) {
  const act = state.acts[index]!;
  state.problems.push({ source: act.source, act_id: act.act_id ?? act.id, reason, message });
}

/** Once an act is over: what was neither stored nor failed was not stored because of the rest. */
export function settleItems(state: JobState) {
  for (const item of state.items) if (item.state === 'pending' || item.state === 'fetched') item.state = 'skipped';
}

const itemKey = (source: LawSourceName, version: SourceVersion) => ({
  source,
  act_id: version.actId,
  version_id: version.versionId,
  kind: version.kind,
  date: version.date,
});

const itemsOf = (state: JobState, source: LawSourceName, versionId: string) =>
  state.items.filter((item) => item.source === source && item.version_id === versionId);
