// Opening the configured database, as both entry points (main.ts, copilot-main.ts) start: a data
// directory another process holds ends the process with exit code 3 and the reason in the log; one
// that cannot be used (full disk, not writable) ends it with exit code 1 and the cause named.
import type { Logger } from 'pino';
import type { ServerConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirUnusableError } from './db/data-dir-failure.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

/** `lockedHint` follows the lock's message in the log: what this process's user can do about it. */
export async function openConfiguredDatabase(config: ServerConfig, logger: Logger, lockedHint = '') {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      readUrl: config.databaseReadUrl,
      dataDir: config.dataDir,
      poolMax: config.databasePoolMax,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(`${error.message}${lockedHint}`);
      process.exit(3);
    }
    if (error instanceof DataDirUnusableError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
}
