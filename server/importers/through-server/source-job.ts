// `npm run import -- --celex/--sb` while a server holds the embedded database: each act becomes
// a job on that server (POST /v1/admin/sources/imports with the local token), polled until it
// ends. One act after another: the local token counts as one operator, who runs one job at a time.
import { IMPORT_TOKEN_HEADER } from '../../../src/api/contract/admin-imports.js';
import { ErrorBody } from '../../../src/api/contract/errors.js';
import { SourceImportJob, type StartSourceImportRequest } from '../../../src/api/contract/source-imports.js';
import type { LocalServer } from '../../admin/local-server-file.js';
import { ServerImportError } from './send-files.js';

const POLL_MS = 300;

export async function startSourceJob(
  server: Pick<LocalServer, 'url' | 'token'>,
  request: StartSourceImportRequest,
): Promise<SourceImportJob> {
  const response = await fetch(new URL('/v1/admin/sources/imports', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', [IMPORT_TOKEN_HEADER]: server.token },
    body: JSON.stringify(request),
  });
  return answerOf(response, 202);
}

/** Polls the job until it has ended, handing each state to `onUpdate`. */
export async function followSourceJob(
  server: Pick<LocalServer, 'url' | 'token'>,
  id: string,
  onUpdate: (job: SourceImportJob) => void,
): Promise<SourceImportJob> {
  for (;;) {
    const response = await fetch(new URL(`/v1/admin/sources/imports/${id}`, server.url), {
      headers: { accept: 'application/json', [IMPORT_TOKEN_HEADER]: server.token },
    });
    const job = await answerOf(response, 200);
    onUpdate(job);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function answerOf(response: Response, expected: number): Promise<SourceImportJob> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.status === expected && body !== undefined) return SourceImportJob.parse(body);
  const error = ErrorBody.safeParse(body);
  throw new ServerImportError(
    error.success ? `${error.data.detail}: ${error.data.message ?? ''}`.replace(/: $/, '') : `HTTP ${response.status}`,
    response.status,
  );
}
