// Server configuration from the environment, read once at start.
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the embedded database (PGlite) and other local state. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded database. */
  databaseUrl?: string;
  databasePoolMax: number;
  logLevel: string;
  /** Folder of the built web app served at /. */
  webRoot: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT ?? '8080'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: Number(env.DATABASE_POOL_MAX ?? 20),
    logLevel: env.LOG_LEVEL ?? 'info',
    webRoot: path.resolve(env.WEB_ROOT ?? './dist'),
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}
