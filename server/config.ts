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
  /** The address users open, for links in emails (PUBLIC_URL). */
  publicUrl: string;
  /** SMTP server for account emails; without it they are written to `outboxDir`. */
  smtpUrl?: string;
  /** Where account emails go as .eml files when there is no SMTP server (DATA_DIR/outbox). */
  outboxDir: string;
  mailFrom: string;
  /** Behind a reverse proxy: trust X-Forwarded-For / -Proto. */
  trustProxy: boolean;
  /** Origins besides the page's own that may open /ws (REALTIME_ALLOWED_ORIGINS, comma-separated). */
  realtimeAllowedOrigins: string[];
  /** The Copilot: model (OpenAI-compatible; none = the embedded retrieval assistant), secret, chat service. */
  copilot: CopilotConfig;
}

export interface CopilotConfig {
  /** OpenAI-compatible API base, e.g. http://127.0.0.1:11434/v1 (COPILOT_MODEL_URL). */
  modelUrl?: string;
  /** Model name at that API (COPILOT_MODEL). */
  model?: string;
  apiKey?: string;
  /** HMAC key of Copilot sessions (COPILOT_SECRET); else kept in DATA_DIR/copilot-secret. */
  secret?: string;
  /** Port of `npm run copilot`, the chat service as its own process (COPILOT_PORT, default 8090). */
  port: number;
  /** Where the web app sends chat requests (COPILOT_CHAT_URL, default /copilot/chat on this server). */
  chatUrl: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = parsePort(env.PORT ?? '8080');
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: Number(env.DATABASE_POOL_MAX ?? 20),
    logLevel: env.LOG_LEVEL ?? 'info',
    webRoot: path.resolve(env.WEB_ROOT ?? './dist'),
    publicUrl: parsePublicUrl(env.PUBLIC_URL || `http://localhost:${port}`),
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: path.join(dataDir, 'outbox'),
    mailFrom: env.MAIL_FROM || 'Lexhub <no-reply@lexhub.local>',
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
    realtimeAllowedOrigins: parseOrigins(env.REALTIME_ALLOWED_ORIGINS ?? ''),
    copilot: {
      modelUrl: env.COPILOT_MODEL_URL || undefined,
      model: env.COPILOT_MODEL || undefined,
      apiKey: env.COPILOT_API_KEY || undefined,
      secret: env.COPILOT_SECRET || undefined,
      port: parsePort(env.COPILOT_PORT ?? '8090', 'COPILOT_PORT'),
      chatUrl: env.COPILOT_CHAT_URL || '/copilot/chat',
    },
  };
}

function parsePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address such as https://lexhub.example.org, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must start with http:// or https://, got "${value}"`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** `https://app.example.org, http://localhost:5173` → their origins; anything else stops the start. */
export function parseOrigins(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      let url: URL;
      try {
        url = new URL(item);
      } catch {
        throw new Error(`REALTIME_ALLOWED_ORIGINS takes origins such as https://app.example.org, got "${item}"`);
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/+$/, '')) {
        throw new Error(`REALTIME_ALLOWED_ORIGINS takes origins (scheme, host, port; no path), got "${item}"`);
      }
      return url.origin;
    });
}

function parsePort(value: string, name = 'PORT'): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}
