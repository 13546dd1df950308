// Importing documents through the running server (issue 15): the embedded database is one
// process's, so while the server runs, imports go through it. Operators only: a verified account
// in OPERATOR_EMAILS with its session and CSRF header, or `npm run import` on the server's machine
// with the local token (server/admin/local-server-file.ts). One import at a time per instance:
// a second answers 409 import_running (no queue: an upload is large, and the caller can retry).
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { type ImportResult } from '../../src/api/contract/admin-imports.js';
import { routes } from '../../src/api/contract/routes.js';
import { routePattern } from '../../src/api/contract/route.js';
import { toImportResult, versionCollector } from '../admin/import-result.js';
import { DEFAULT_UPLOAD_LIMITS, receiveUpload, type UploadLimits } from '../admin/receive-upload.js';
import { prepareUploadFolder } from '../admin/upload-folder.js';
import type { Database } from '../db/client.js';
import { ApiError, importRunning } from '../http/errors.js';
import { registerRoute } from '../http/register-route.js';
import { isAlive } from '../db/data-dir-lock.js';
import { importPaths } from '../importers/import-files.js';
import { checkImportWrite } from '../policies/import-authority.js';
import { isOperator, operatorEmailSet } from '../policies/operators.js';

export interface AdminImportOptions {
  /** OPERATOR_EMAILS. */
  operatorEmails: readonly string[];
  /** The local token of `npm run import` (written to DATA_DIR at start); none: only sessions. */
  localToken?: string;
  /** Where uploads wait while they are imported (DATA_DIR/uploads); each in its own folder, removed after. */
  uploadDir: string;
  limits: UploadLimits;
  /** An upload that sends no bytes for this long is ended (408 upload_stalled); default 60 s. */
  uploadIdleMs?: number;
}

export async function registerAdminImportRoutes(app: FastifyInstance, database: Database, options: AdminImportOptions) {
  const operators = operatorEmailSet(options.operatorEmails);
  const { limits } = options;

  registerRoute(app, routes.getImportOptions, async ({ principal }) => {
    const operator = principal.kind === 'user' && isOperator(principal.user, operators);
    return {
      engine: database.engine,
      operator,
      ...(operator && {
        limits: {
          max_files: limits.maxFiles,
          max_file_bytes: limits.maxFileBytes,
          max_total_bytes: limits.maxTotalBytes,
        },
      }),
    };
  });

  const authority = { operators, localToken: options.localToken };

  let running = false;
  // At start: a folder that is a link or another user's stops the start, not the first import.
  await prepareUploadFolder(options.uploadDir);
  // What an import killed mid-way left (up to the total upload limit each). Each folder names its
  // process: another instance sharing the folder (same DATA_DIR, tests in parallel) keeps its own.
  for (const entry of await fsp.readdir(options.uploadDir).catch(() => [] as string[])) {
    const pid = /^import-(\d+)-/.exec(entry)?.[1];
    // Our own pid too: nothing of ours runs yet (in a container the server is pid 1 after every restart).
    if (entry.startsWith('import-') && !(pid && Number(pid) !== process.pid && isAlive(Number(pid))))
      await fsp.rm(path.join(options.uploadDir, entry), { recursive: true, force: true });
  }
  // Multipart only for this route: every other route keeps answering 415 to it.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.route({
      method: 'POST',
      url: routePattern(routes.importFiles),
      config: { principal: 'session', csrf: false },
      handler: async (request, reply): Promise<ImportResult> => {
        checkImportWrite(request, authority);
        if (running) throw importRunning();
        running = true;
        let root: string | undefined;
        try {
          // Inside the try: a folder that cannot be made must not leave `running` set for good.
          // Again: the folder may have been removed (a temp cleaner) and taken since the start.
          await prepareUploadFolder(options.uploadDir);
          const folder = await fsp.mkdtemp(path.join(options.uploadDir, `import-${process.pid}-`));
          root = folder;
          const upload = await receiveUpload(request, folder, limits, options.uploadIdleMs).catch((error: unknown) => {
            // The rest of a stalled body may never come: close the connection once answered.
            if (error instanceof ApiError && error.detail === 'upload_stalled') reply.header('Connection', 'close');
            throw error;
          });
          const started = performance.now();
          const { versions, onProgress } = versionCollector(folder);
          const inputs = upload.inputs.map((input) => path.join(folder, ...input.split('/')));
          const report = await importPaths(database.db, inputs, onProgress);
          const seconds = (performance.now() - started) / 1000;
          reply.header('Cache-Control', 'no-store');
          return toImportResult(folder, upload.files.length, versions, report, seconds);
        } finally {
          running = false;
          if (root) await fsp.rm(root, { recursive: true, force: true });
        }
      },
    });
  });
}

export { DEFAULT_UPLOAD_LIMITS };
