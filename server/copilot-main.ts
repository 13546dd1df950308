// `npm run copilot`: the Copilot chat service as its own process on COPILOT_PORT (default 8090).
// It checks the sessions the main server signs (same COPILOT_SECRET or DATA_DIR), reads the same
// database, and publishes tool calls through the database to the users' live channels.
import { readConfig } from './config.js';
import { copilotOptionsFromConfig } from './copilot/copilot-options.js';
import { buildCopilotService } from './copilot/copilot-service.js';
import { createLogger } from './http/request-log.js';
import { openConfiguredDatabase } from './open-configured-database.js';
import { stopOnSignals } from './stop-on-signals.js';

async function main() {
  const config = readConfig();
  const copilot = copilotOptionsFromConfig(config);
  // The main server's logger: readable on a terminal, JSON otherwise, no query values.
  const logger = createLogger({ level: config.logLevel });
  for (const warning of config.warnings) logger.warn(warning);
  const database = await openConfiguredDatabase(
    config,
    logger,
    '\nThe embedded database can be opened by one process only: use the chat service inside the main ' +
      'server (the default, /copilot/chat), or run both on PostgreSQL (DATABASE_URL).',
  );
  const app = await buildCopilotService({
    database,
    publicUrl: config.publicUrl,
    copilot,
    logger,
    trustProxy: config.trustProxy,
  });

  stopOnSignals(app, database);

  await app.listen({ port: config.copilot.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.copilot.port;
  app.log.info(
    {
      engine: database.engine,
      assistant: copilot.model ? 'model' : 'retrieval',
      allowedOrigin: new URL(config.publicUrl).origin,
    },
    `Lexhub Copilot chat service is ready on http://localhost:${port}/chat`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Lexhub Copilot failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
