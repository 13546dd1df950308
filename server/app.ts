// Builds the HTTP server: the /v1 JSON API, the health check and the web app's files.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { routes } from '../src/api/contract/routes.js';
import type { Database } from './db/client.js';
import { frameworkErrors, installErrorHandling, sendApiError } from './http/error-handler.js';
import { installPrivateAnswers } from './http/private-answers.js';
import { installRequestLog } from './http/request-log.js';
import { installMetrics, type MetricsOptions } from './http/metrics.js';
import { installRejectNul } from './http/reject-nul.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { installReadYourWrites } from './http/read-your-writes.js';
import { noRoute } from './http/errors.js';
import { registerCompareChangeRoutes } from './routes/compare-changes.js';
import { registerFindRoutes } from './routes/find.js';
import { registerExportRoutes } from './routes/export.js';
import { registerDocumentRoutes } from './routes/documents.js';
import { registerFragmentRoutes } from './routes/fragments.js';
import { registerTranslationRoutes } from './routes/translation.js';
import { DEFAULT_TRANSLATE_OPTIONS, type TranslateOptions } from './translation/translate.js';
import { DEFAULT_RATE_LIMITS } from './auth/rate-limit.js';
import { registerMetaRoutes } from './routes/meta.js';
import { registerSearchRoutes, SEARCH_RATE_LIMIT } from './routes/search.js';
import { registerVersionRoutes } from './routes/versions.js';
import { loadPageRenderer, renderPage, type PageRenderer } from './http/rendered-pages.js';
import { installAccounts, type AccountsOptions } from './auth/install.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerHistoryRoutes } from './routes/history.js';
import { registerOrgRoutes } from './routes/orgs.js';
import { registerCollectionRoutes } from './routes/collections.js';
import { registerPublicCollectionRoutes } from './routes/public-collections.js';
import { pageRedirectOf } from './http/page-redirects.js';
import { eliRedirectOf, isEliPath } from './http/eli-redirects.js';
import { registerDocumentCollectionRoutes } from './routes/document-collections.js';
import { DEFAULT_COLLECTION_QUOTAS, type CollectionQuotas } from './collections/quotas.js';
import { registerUserRoutes } from './routes/users.js';
import { registerRealtimeRoutes } from './routes/realtime.js';
import { registerCopilotRoutes } from './routes/copilot.js';
import { registerApiKeyRoutes } from './routes/api-keys.js';
import { registerMemoryRoutes } from './routes/memory.js';
import { registerMcpRoutes } from './mcp/routes.js';
import { DEFAULT_UPLOAD_LIMITS, registerAdminImportRoutes, type AdminImportOptions } from './routes/admin-imports.js';
import { registerSourceImportRoutes } from './routes/source-imports.js';
import { createJobRunner } from './source-imports/job-runner.js';
import { NO_NETWORK, type SourceSettings } from './source-imports/settings.js';
import { startUpdateSchedule } from './source-imports/start-updates.js';
import { registerNoticeRoutes } from './routes/notices.js';
import type { CopilotOptions } from './copilot/copilot-options.js';
import { DEFAULT_REALTIME_OPTIONS, type RealtimeOptions } from './realtime/realtime-options.js';

export interface AppOptions {
  database: Database;
  /** Built web app to serve at /; skipped when absent (API-only tests). */
  webRoot?: string;
  /** Server rendering of the first screens; default: the built entry beside webRoot (dist-server/), if any. */
  pageRenderer?: PageRenderer;
  /** A pino logger; none in tests, where logs would be noise. */
  logger?: FastifyBaseLogger;
  /** Mail, public address and limits of the accounts feature; defaults suit tests. */
  accounts?: Partial<AccountsOptions>;
  /** The Copilot's model, session secret and chat settings; defaults: embedded assistant, per-process secret. */
  copilot?: Partial<CopilotOptions>;
  /** The live channel (/ws): heartbeat, send-buffer bound, allowed origins; tests shorten them. */
  realtime?: Partial<RealtimeOptions>;
  /** GET /metrics (METRICS_TOKEN); default: not served. */
  metrics?: MetricsOptions;
  /** Collections' limits per owner and collection; default: DEFAULT_COLLECTION_QUOTAS. */
  collectionQuotas?: Partial<CollectionQuotas>;
  /**
   * POST /legal/translate: the memory threshold (TRANSLATION_MEMORY_MIN_SCORE), the machine-translation
   * provider and its timeout; default: memory only.
   */
  translation?: Partial<TranslateOptions>;
  /**
   * POST /v1/admin/imports: the local token of `npm run import`, where uploads wait (DATA_DIR/uploads),
   * the upload's limits; operators come from accounts.operatorEmails. Default: no token, the system's temp folder.
   */
  imports?: Partial<Omit<AdminImportOptions, 'operatorEmails'>>;
  /**
   * /v1/admin/sources/*: the official services' addresses, timeout and job limits (issue 16).
   * Default: no network (every import fails at once with source_offline), so tests never go out.
   */
  sources?: Partial<SourceSettings>;
  /**
   * How often imported acts are checked for new versions (LEXHUB_UPDATE_INTERVAL), in ms;
   * default (and null): never (tests run the schedule themselves).
   */
  updateIntervalMs?: number | null;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Routes whose answers go out as they are: the static files' route (their copies are compressed at build). */
export const STATIC_ROUTE = '/*';
/** The addresses the server renders (server/http/rendered-pages.ts), as routes of their own. */
const RENDERED_PAGE_ROUTES = ['/', '/documents', '/documents/:idSlug'];
const UNCOMPRESSED_ROUTES = new Set([
  STATIC_ROUTE,
  // The Copilot's reply streams piece by piece: a compressor would hold pieces back until it fills a block.
  routes.copilotChat.path,
]);

/**
 * Dynamic answers (JSON, HTML) from 1 kB on go out Brotli or gzip compressed, as the client asks, at
 * a Brotli quality that keeps the CPU low. /ws never passes through here (the server's upgrade
 * listener takes it); /mcp writes its own answer (hijacked); the routes above are left alone.
 */
async function installCompression(app: FastifyInstance) {
  // Before the plugin's own onRoute hook, which reads `compress` when each route is added.
  app.addHook('onRoute', (route) => {
    if (UNCOMPRESSED_ROUTES.has(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // One line per request from installRequestLog instead of Fastify's two with the whole URL.
    logController: new LogController({ disableRequestLogging: true }),
    // Reuse a caller's request id (a proxy's) when it is sane, else make one.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Behind a reverse proxy: client IPs (rate limits) and https (Secure cookies) from X-Forwarded-*.
    trustProxy: fastifyTrustProxy(options.accounts?.trustProxy ?? false),
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  installErrorHandling(app);
  installRequestLog(app);
  installPrivateAnswers(app);
  installRejectNul(app);
  // Before the routes, so its onResponse hook counts every one of them.
  let liveSockets = () => 0;
  installMetrics(app, options.database, () => liveSockets(), options.metrics ?? {});
  // The API speaks JSON only: a text/plain body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  await installCompression(app);

  // readDb: the read replica's routing (DATABASE_READ_URL) for the public reads; `db` without one.
  const { db, readDb } = options.database;
  const accounts: AccountsOptions = { publicUrl: 'http://localhost:8080', ...options.accounts };
  await installSecurityHeaders(app, { publicUrl: accounts.publicUrl, chatUrl: options.copilot?.chatUrl });
  await installAccounts(app, db, accounts);
  installReadYourWrites(app, options.database);
  registerAuthRoutes(app, db, accounts);
  registerUserRoutes(app, readDb);
  registerOrgRoutes(app, readDb);
  registerCollectionRoutes(app, readDb, { ...DEFAULT_COLLECTION_QUOTAS, ...options.collectionQuotas });
  registerPublicCollectionRoutes(app, readDb);
  registerDocumentCollectionRoutes(app, readDb);
  registerHistoryRoutes(app, db);
  registerApiKeyRoutes(app, db);
  registerMemoryRoutes(app, db);
  // PUBLIC_URL when the caller configured one; else /mcp answers with each request's own origin.
  registerMcpRoutes(app, options.database, { publicUrl: options.accounts?.publicUrl });
  liveSockets = registerRealtimeRoutes(app, options.database, {
    trustProxy: options.accounts?.trustProxy ?? false,
    ...options.realtime,
  });
  registerCopilotRoutes(
    app,
    options.database,
    options.copilot,
    options.realtime?.wsTokenLimit ?? DEFAULT_REALTIME_OPTIONS.wsTokenLimit,
  );
  registerDocumentRoutes(app, readDb);
  registerFragmentRoutes(app, readDb);
  registerTranslationRoutes(app, db, {
    ...DEFAULT_TRANSLATE_OPTIONS,
    ...options.translation,
    rateLimit: { ...DEFAULT_RATE_LIMITS, ...accounts.rateLimits }.translate,
    saveRateLimit: { ...DEFAULT_RATE_LIMITS, ...accounts.rateLimits }.saveTranslation,
  });
  registerVersionRoutes(app, readDb);
  registerCompareChangeRoutes(app, readDb);
  registerFindRoutes(app, db);
  registerExportRoutes(app, db);
  registerMetaRoutes(app, db, readDb);
  registerSearchRoutes(app, db, SEARCH_RATE_LIMIT, readDb);
  await registerAdminImportRoutes(app, options.database, {
    operatorEmails: accounts.operatorEmails ?? [],
    uploadDir: path.join(os.tmpdir(), 'lexhub-uploads'),
    ...options.imports,
    limits: { ...DEFAULT_UPLOAD_LIMITS, ...options.imports?.limits },
  });
  const sourceSettings = { ...NO_NETWORK, ...options.sources };
  const sourceJobs = createJobRunner(db, sourceSettings, (error) => app.log.error({ err: error }, 'import job failed'));
  // Before the database closes: this instance's jobs end as interrupted, not running for a minute.
  app.addHook('onClose', () => sourceJobs.close());
  registerSourceImportRoutes(app, db, {
    operatorEmails: accounts.operatorEmails ?? [],
    localToken: options.imports?.localToken,
    settings: sourceSettings,
    runner: sourceJobs,
  });
  registerNoticeRoutes(app, db);
  if (options.updateIntervalMs) startUpdateSchedule(app, db, options.updateIntervalMs, sourceSettings);

  const webRoot =
    options.webRoot && fs.existsSync(path.join(options.webRoot, 'index.html')) ? options.webRoot : undefined;
  // wildcard: files are looked up per request, so a rebuild needs no restart; a missing file
  // falls through to the not-found handler below (the SPA fallback).
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      // `/` is a page like the others (rendered on the server below), not the bare index.html:
      // no index file, and a folder is never served (it would answer 403), it falls through.
      index: false,
      allowedPath: (pathName) => !pathName.endsWith('/'),
      cacheControl: false,
      // The build's .br and .gz copies (scripts/precompress.ts), chosen by Accept-Encoding, with Vary.
      preCompressed: true,
      // Hashed build assets never change; everything else is revalidated.
      // (@fastify/static 9, the last line that runs on Node 20, does not add Vary for its copies.)
      setHeaders: (response, filePath) => {
        response.setHeader('Vary', 'Accept-Encoding');
        response.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const pageRenderer = webRoot ? (options.pageRenderer ?? (await loadPageRenderer(webRoot))) : undefined;
  const publicOrigin = accounts.publicUrl.replace(/\/+$/, '');

  /** A page of the web app: home, the documents list and the document page rendered on the server
   * (issue 14), any other client route the app's index.html; undefined when the request is none. */
  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const isApi =
      request.url.startsWith('/v1/') ||
      request.url === '/v1' ||
      request.url.startsWith('/healthz') ||
      /^\/api(\/|\?|$)/.test(request.url);
    const isPage =
      !isApi && webRoot && (request.headers.accept?.includes('text/html') || request.url.split('?')[0] === '/');
    // An ELI alias (/eli/cz/sb/1993/1/...) answers any GET with the reader's canonical address.
    if (isEliPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      const to = await eliRedirectOf(db, request);
      if (to) return reply.status(302).header('Location', to).header('Cache-Control', 'no-cache').send();
    }
    // A renamed user, collection or short handle: its old page address answers 301 to the new one.
    if (isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      const to = await pageRedirectOf(db, request);
      if (to) return reply.status(301).header('Location', to).header('Cache-Control', 'no-cache').send();
    }
    // Client-side routes of the single-page app get its index.html.
    if (isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      // Home, the documents list and the document page: rendered on the server (issue 14).
      const rendered =
        pageRenderer &&
        (await renderPage(app, pageRenderer, webRoot, publicOrigin, request).catch((error: unknown) => {
          request.log.error({ err: error }, 'server rendering failed; the plain page goes out');
          return undefined;
        }));
      if (rendered)
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .header('Vary', 'Accept-Language, Cookie')
          .send(rendered);
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return undefined;
  };
  const noRouteFor = (request: FastifyRequest, reply: FastifyReply) =>
    sendApiError(reply, noRoute(request.method, request.url.split('?')[0]!));

  // The rendered pages have routes of their own, so their HTML is compressed like any dynamic
  // answer (the static route, which hands every other address to the handler below, is not).
  if (webRoot && pageRenderer) {
    for (const url of RENDERED_PAGE_ROUTES) {
      app.get(url, async (request, reply) => (await answerPage(request, reply)) ?? noRouteFor(request, reply));
    }
  }
  app.setNotFoundHandler(async (request, reply) => (await answerPage(request, reply)) ?? noRouteFor(request, reply));
  return app;
}
