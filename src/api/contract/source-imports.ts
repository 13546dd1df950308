// Law imported by number from the official services (issue 16): look an act up, start an import
// job, follow its progress per version and language, and the history of jobs. Operators only.
// A job is a database row, so any instance answers its status.
import { z } from 'zod';
import { IdParams, IsoDate, listOf, pageLimit, Uuid } from './common';
import { route } from './route';

/** The services an act can be imported from: EU law (CELLAR, by CELEX or ELI) and Czech law (e-Sbírka). */
export const LawSourceName = z.enum(['cellar', 'e-sbirka']);
export type LawSourceName = z.infer<typeof LawSourceName>;

/**
 * What each service takes as an act's number, for the web app to check before it asks (the
 * server checks the same: 400 source_id_invalid). CELLAR: a CELEX number (32016R0679, a treaty's
 * 12016P/TXT, a consolidation's 02016R0679-20160504) or an ELI (eli/reg/2016/679/oj); e-Sbírka:
 * number/year (1/1993, 89/2012 Sb.) or an ELI (eli/cz/sb/1993/1).
 */
export const SOURCE_ID_PATTERNS: Record<LawSourceName, RegExp> = {
  cellar:
    /^(?:CELEX:)?(?:[0-9CE]\d{4}[A-Z]{1,2}(?:\d{4}|\/TXT)(?:\(\d{2}\))?|0\d{4}[A-Z]{1,2}\d{4}(?:\(\d{2}\))?-\d{8})$|^(?:https?:\/\/data\.europa\.eu\/)?eli\/[a-z_]+\/\d{4}\/\d+[a-z0-9/_-]*$/i,
  'e-sbirka':
    /^(?:č\.\s*)?\d{1,4}\s*\/\s*\d{4}(?:\s*Sb\.?)?$|^(?:https?:\/\/(?:www\.)?e-sbirka\.cz)?\/?eli\/cz\/sb\/\d{4}\/\d{1,4}\/?$/i,
};

/** ISO 639-1 code ('cs', 'en'). */
const Language = z.string().regex(/^[a-z]{2}$/, 'a two-letter language code such as cs or en');

/** An act named at a service. */
export const SourceActRequest = z.object({
  source: LawSourceName,
  id: z.string().trim().min(1).max(200).describe('CELEX, ELI or number/year, as SOURCE_ID_PATTERNS'),
});
export type SourceActRequest = z.infer<typeof SourceActRequest>;

/** One version of an act at the service: the original wording or a consolidation in force from `date`. */
export const SourceActVersion = z.object({
  /** The service's id of the version (a consolidation's CELEX, an e-Sbírka wording's address). */
  version_id: z.string(),
  kind: z.enum(['original', 'consolidated']),
  /** Publication (original EU acts) or date of effect (consolidations, Czech wordings). */
  date: IsoDate,
  /** ISO 639-1 codes of the languages the service has this version in. */
  languages: z.array(z.string()),
});
export type SourceActVersion = z.infer<typeof SourceActVersion>;

/** The answer of POST /admin/sources/resolve: the act's normalized id, title and versions, oldest first. */
export const SourceAct = z.object({
  source: LawSourceName,
  /** Normalized ('32016R0679', '1/1993 Sb.'): the document's external id once imported. */
  act_id: z.string(),
  title: z.string(),
  versions: z.array(SourceActVersion),
});
export type SourceAct = z.infer<typeof SourceAct>;

export const StartSourceImportRequest = SourceActRequest.extend({
  /** Languages to import; default every language the service has. */
  languages: z.array(Language).min(1).max(30).optional(),
});
export type StartSourceImportRequest = z.infer<typeof StartSourceImportRequest>;

/**
 * Where one version in one language is: `pending` (not fetched yet), `fetched`, `stored`
 * (`status` says created, replaced or unchanged), `failed` (a problem names why), `skipped`
 * (not stored because another language of the same version failed: a version is stored whole).
 */
export const SourceImportItemState = z.enum(['pending', 'fetched', 'stored', 'failed', 'skipped']);
export type SourceImportItemState = z.infer<typeof SourceImportItemState>;

/** One version of one act in one language: the unit of progress. */
export const SourceImportItem = z.object({
  source: LawSourceName,
  act_id: z.string(),
  version_id: z.string(),
  kind: z.enum(['original', 'consolidated']),
  date: IsoDate,
  language: z.string(),
  state: SourceImportItemState,
  status: z.enum(['created', 'replaced', 'unchanged']).optional(),
  /** The stored document, once stored. */
  document_id: Uuid.optional(),
});
export type SourceImportItem = z.infer<typeof SourceImportItem>;

/**
 * Why something was not imported, for the web app to say in the reader's language:
 * `not_found` (the act), `language_missing` (the service has no such language of
 * the version), `service_failed` (the service answered an error or a shape its documentation does
 * not describe), `parse_failed` (the files did not parse), `store_failed` (the database refused).
 */
export const SourceImportProblemReason = z.enum([
  'not_found',
  'language_missing',
  'service_failed',
  'parse_failed',
  'store_failed',
]);
export type SourceImportProblemReason = z.infer<typeof SourceImportProblemReason>;

export const SourceImportProblem = z.object({
  source: LawSourceName,
  /** The act as requested, or its normalized id once resolved. */
  act_id: z.string(),
  version_id: z.string().optional(),
  language: z.string().optional(),
  reason: SourceImportProblemReason,
  /** Data behind the reason (the service's address and answer), in English; not the sentence to show. */
  message: z.string(),
});
export type SourceImportProblem = z.infer<typeof SourceImportProblem>;

/** An act the job imports: as requested, and once resolved its normalized id and title. */
export const SourceImportAct = z.object({
  source: LawSourceName,
  id: z.string(),
  act_id: z.string().optional(),
  title: z.string().optional(),
});
export type SourceImportAct = z.infer<typeof SourceImportAct>;

/**
 * queued → running → done (every act tried; `problems` lists what did not import) | failed (the
 * job stopped: `error` says why: source_offline, or import_interrupted when the instance running
 * it stopped, or internal_error).
 */
export const SourceImportStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type SourceImportStatus = z.infer<typeof SourceImportStatus>;

export const SourceImportJobError = z.object({
  detail: z.enum(['source_offline', 'import_interrupted', 'internal_error']),
  message: z.string(),
});
export type SourceImportJobError = z.infer<typeof SourceImportJobError>;

export const SourceImportJob = z.object({
  id: Uuid,
  kind: z.enum(['import', 'starter_set']),
  status: SourceImportStatus,
  acts: z.array(SourceImportAct),
  /** The languages asked for; null: every language the service has. */
  languages: z.array(z.string()).nullable(),
  /** Every version × language, in the order they are imported. */
  items: z.array(SourceImportItem),
  problems: z.array(SourceImportProblem),
  error: SourceImportJobError.nullable(),
  /** The operator who started it; null: `npm run import` on the server's machine. */
  created_by: Uuid.nullable(),
  created_at: z.iso.datetime({ offset: true }),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type SourceImportJob = z.infer<typeof SourceImportJob>;

export const SourceImportJobList = listOf(SourceImportJob);
export type SourceImportJobList = z.infer<typeof SourceImportJobList>;

export const SourceImportJobsQuery = z.object({ limit: pageLimit(20, 100) });

const AUTHORITY =
  'Operators only: a session (with X-CSRF-Token on POST), or the local token in X-Lexhub-Import-Token on the server machine.';

export const sourceImportRoutes = {
  resolveSourceAct: route({
    method: 'POST',
    path: '/admin/sources/resolve',
    summary: `Look an act up at its official service: its title and versions with their languages. ${AUTHORITY}`,
    tag: 'admin',
    body: SourceActRequest,
    response: SourceAct,
    errors: {
      400: ['source_id_invalid'],
      401: ['import_token_invalid'],
      403: ['operator_required'],
      404: ['source_act_not_found'],
      502: ['source_failed'],
      503: ['source_offline'],
    },
  }),
  startSourceImport: route({
    method: 'POST',
    path: '/admin/sources/imports',
    summary:
      'Start importing an act from its official service: answers 202 with the job, which runs in the background. ' +
      `One running job per operator, a few on the server (409). ${AUTHORITY}`,
    tag: 'admin',
    body: StartSourceImportRequest,
    response: SourceImportJob,
    status: 202,
    errors: {
      400: ['source_id_invalid'],
      401: ['import_token_invalid'],
      403: ['operator_required'],
      409: ['source_import_running', 'source_imports_busy'],
      503: ['source_offline'],
    },
  }),
  startStarterSet: route({
    method: 'POST',
    path: '/admin/sources/starter-set',
    summary:
      'Start importing the starter set (the Czech Constitution and Charter from e-Sbírka, GDPR and the EU Charter ' +
      `of Fundamental Rights from CELLAR, in Czech and English): answers 202 with the job. ${AUTHORITY}`,
    tag: 'admin',
    response: SourceImportJob,
    status: 202,
    errors: {
      401: ['import_token_invalid'],
      403: ['operator_required'],
      409: ['source_import_running', 'source_imports_busy'],
      503: ['source_offline'],
    },
  }),
  getSourceImport: route({
    method: 'GET',
    path: '/admin/sources/imports/{id}',
    summary: `An import job's status and progress per version and language. ${AUTHORITY}`,
    tag: 'admin',
    params: IdParams,
    response: SourceImportJob,
    errors: { 401: ['import_token_invalid'], 403: ['operator_required'] },
  }),
  listSourceImports: route({
    method: 'GET',
    path: '/admin/sources/imports',
    summary: `The history of import jobs, newest first. ${AUTHORITY}`,
    tag: 'admin',
    query: SourceImportJobsQuery,
    response: SourceImportJobList,
    errors: { 401: ['import_token_invalid'], 403: ['operator_required'] },
  }),
} as const;
