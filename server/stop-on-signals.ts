// The shutdown both entry points (main.ts, copilot-main.ts) share: on SIGINT or SIGTERM, once,
// stop serving, then close the database, then exit.
import type { FastifyInstance } from 'fastify';

export function stopOnSignals(app: FastifyInstance, database: { close(): Promise<void> }): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
