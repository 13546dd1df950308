// Starts Lexhub: opens the database (migrations run first), then serves on PORT.
import path from 'node:path';
import { writeLocalServerFile, localUrl } from './admin/local-server-file.js';
import { newSecretToken } from './auth/secret-token.js';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { copilotOptionsFromConfig } from './copilot/copilot-options.js';
import { createLogger } from './http/request-log.js';
import { openConfiguredDatabase } from './open-configured-database.js';
import { stopOnSignals } from './stop-on-signals.js';

async function main() {
  const config = readConfig();
  // Human-readable on a terminal, JSON lines otherwise.
  const logger = createLogger({ level: config.logLevel });
  for (const warning of config.warnings) logger.warn(warning);
  const database = await openConfiguredDatabase(config, logger);
  logger.info(
    { engine: database.engine, dataDir: database.engine === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );
  // The local import token: new at each start; only the embedded database needs it (with
  // PostgreSQL, `npm run import` opens the database itself), see server/admin/local-server-file.ts.
  const importToken = database.engine === 'pglite' ? newSecretToken() : undefined;
  const app = await buildApp({
    database,
    webRoot: config.webRoot,
    logger,
    accounts: {
      publicUrl: config.publicUrl,
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      mailFrom: config.mailFrom,
      trustProxy: config.trustProxy,
      operatorEmails: config.operatorEmails,
    },
    imports: { localToken: importToken, uploadDir: path.join(config.dataDir, 'uploads') },
    copilot: copilotOptionsFromConfig(config),
    realtime: { allowedOrigins: config.realtimeAllowedOrigins },
    collectionQuotas: config.collectionQuotas,
    translation: { minScore: config.translationMemoryMinScore, ...config.translation },
    metrics: config.metrics,
    sources: { ...config.sources, dataDir: config.dataDir, publicUrl: config.publicUrl },
    updateIntervalMs: config.updateIntervalMs,
  });
  if (!config.smtpUrl)
    logger.info({ outbox: config.outboxDir }, 'no SMTP_URL: account emails are written to the outbox');

  stopOnSignals(app, database);

  let removeServerFile = () => {};
  app.addHook('onClose', async () => removeServerFile());
  await app.listen({ port: config.port, host: config.host });
  if (importToken) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    removeServerFile = writeLocalServerFile(config.dataDir, localUrl(config.host, port), importToken);
  }
  app.log.info(`Lexhub is ready on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Lexhub failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
