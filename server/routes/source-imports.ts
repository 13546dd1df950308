// Law imported by number from the official services (issue 16): look an act up, start a job
// (one act, or the starter set), read a job and the history. Operators only, or `npm run import`
// with the local token on the server's machine; the jobs run on this instance, their rows answer
// on any (server/source-imports/).
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { SOURCE_ID_PATTERNS, type SourceAct, type SourceActRequest } from '../../src/api/contract/source-imports.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { registerRoute } from '../http/register-route.js';
import { SourceNotFoundError, SourceOfflineError } from '../importers/sources/source-errors.js';
import { checkImportRead, checkImportWrite, type ImportCaller } from '../policies/import-authority.js';
import { operatorEmailSet } from '../policies/operators.js';
import { sourceActNotFound, sourceFailed, sourceIdInvalid, sourceOffline } from '../source-imports/errors.js';
import { createJob, getJob, listJobs, type NewJob } from '../source-imports/job-store.js';
import type { JobRunner } from '../source-imports/job-runner.js';
import { lawSource, type SourceSettings } from '../source-imports/settings.js';
import { STARTER_LANGUAGES, STARTER_SET } from '../source-imports/starter-set.js';

export interface SourceImportOptions {
  /** OPERATOR_EMAILS. */
  operatorEmails: readonly string[];
  /** The local token of `npm run import`; none: only sessions. */
  localToken?: string;
  settings: SourceSettings;
  runner: JobRunner;
}

export function registerSourceImportRoutes(app: FastifyInstance, db: Db, options: SourceImportOptions) {
  const { settings, runner } = options;
  const authority = { operators: operatorEmailSet(options.operatorEmails), localToken: options.localToken };
  // The routes skip the CSRF hook (the local token has no cookie to echo): POSTs check it here.
  const unhooked = <S extends object>(spec: S) => ({ ...spec, csrfExempt: true as const });

  const start = async (caller: ImportCaller, job: Omit<NewJob, 'createdBy'>) => {
    const createdBy = caller.kind === 'operator' ? caller.user.id : null;
    const created = await createJob(db, { ...job, createdBy }, settings);
    runner.run(created);
    return created;
  };

  registerRoute(app, unhooked(routes.resolveSourceAct), async ({ request, body }) => {
    checkImportWrite(request, authority);
    checkId(body);
    try {
      const act = await lawSource(body.source, settings).resolve(body.id);
      return {
        source: body.source,
        act_id: act.actId,
        title: act.title,
        versions: act.versions.map((version) => ({
          version_id: version.versionId,
          kind: version.kind,
          date: version.date,
          languages: version.languages,
        })),
      } satisfies SourceAct;
    } catch (error) {
      if (error instanceof SourceOfflineError) throw sourceOffline(error.message);
      if (error instanceof SourceNotFoundError) throw sourceActNotFound(error.message);
      // The service answered an error or an undocumented shape: its words, no stack.
      throw sourceFailed(error instanceof Error ? error.message : String(error));
    }
  });

  registerRoute(app, unhooked(routes.startSourceImport), async ({ request, body }) => {
    const caller = checkImportWrite(request, authority);
    checkId(body);
    return start(caller, {
      kind: 'import',
      acts: [{ source: body.source, id: body.id }],
      languages: body.languages ? [...new Set(body.languages)] : null,
    });
  });

  registerRoute(app, unhooked(routes.startStarterSet), async ({ request }) => {
    const caller = checkImportWrite(request, authority);
    return start(caller, { kind: 'starter_set', acts: [...STARTER_SET], languages: STARTER_LANGUAGES });
  });

  registerRoute(app, routes.getSourceImport, async ({ request, params, reply }) => {
    checkImportRead(request, authority);
    const job = await getJob(db, params.id, settings.staleAfterMs);
    if (!job) throw notFound('Import job');
    reply.header('Cache-Control', 'no-store');
    return job;
  });

  registerRoute(app, routes.listSourceImports, async ({ request, query, reply }) => {
    checkImportRead(request, authority);
    reply.header('Cache-Control', 'no-store');
    return { items: await listJobs(db, query.limit, settings.staleAfterMs) };
  });
}

function checkId(request: SourceActRequest) {
  if (!SOURCE_ID_PATTERNS[request.source].test(request.id.trim())) throw sourceIdInvalid(request.source, request.id);
}
