// Server configuration from the environment, parsed with zod once at start: a bad value stops
// the start with a message that names the variable (`PORT: expected a port number 0-65535, got "abc"`);
// a value that works but is likely wrong becomes a warning the process logs.
import path from 'node:path';
import { z } from 'zod';
import { routes } from '../src/api/contract/routes.js';
import { MIN_SECRET_LENGTH } from './copilot/copilot-secret.js';
import { parseUpdateInterval, UPDATE_INTERVAL_EXPECTED } from './source-imports/update-interval.js';
import { parseTrustProxy, TRUST_PROXY_EXPECTED } from './http/trust-proxy.js';
import { deeplDefaultUrl } from './translation/providers/deepl.js';
import type { ProviderSettings } from './translation/providers/provider.js';

/** A variable parsed from its text; a value `read` refuses is reported with what was expected. */
const fromText = <T>(expected: string, read: (text: string) => T | undefined) =>
  z.string().transform((text, context) => {
    const value = read(text);
    if (value === undefined) {
      context.addIssue({ code: 'custom', message: `expected ${expected}, got "${text}"` });
      return z.NEVER;
    }
    return value;
  });

const unset = (value: unknown) => value === undefined || value === '';
/** An unset or empty variable takes `fallback`. */
const withDefault = <T extends z.ZodType>(schema: T, fallback: string) =>
  z.preprocess((value) => (unset(value) ? fallback : value), schema);
/** An unset or empty variable stays undefined. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (unset(value) ? undefined : value), schema.optional());

const PORT = fromText('a port number 0-65535', (text) => {
  const port = Number(text);
  return /^\d+$/.test(text) && port <= 65535 ? port : undefined;
});
const POSITIVE_INTEGER = fromText('a whole number above 0', (text) =>
  /^[1-9]\d*$/.test(text) ? Number(text) : undefined,
);
const PERCENT = fromText('a whole number 0-100', (text) =>
  /^\d+$/.test(text) && Number(text) <= 100 ? Number(text) : undefined,
);
/** Milliseconds, or null when off (server/source-imports/update-interval.ts). */
const UPDATE_INTERVAL = fromText(UPDATE_INTERVAL_EXPECTED, parseUpdateInterval);
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_LEVEL = fromText(`one of ${LOG_LEVELS.join(', ')}`, (text) =>
  (LOG_LEVELS as readonly string[]).includes(text) ? text : undefined,
);
const BOOLEAN = fromText('1, true, yes, 0, false or no', (text) => {
  const lower = text.toLowerCase();
  if (['1', 'true', 'yes'].includes(lower)) return true;
  return ['0', 'false', 'no'].includes(lower) ? false : undefined;
});
/** `true`, `false`, a number of proxies, or the proxies' addresses and CIDRs (server/http/trust-proxy.ts). */
const TRUST_PROXY = fromText(TRUST_PROXY_EXPECTED, parseTrustProxy);
/** `127.0.0.1:9464`, `[::1]:9464`, `metrics.internal:9464` → the host and port to listen on. */
const LISTEN_ADDRESS = fromText('an address and port such as 127.0.0.1:9464 or [::1]:9464', (text) => {
  const match = /^(?:\[([0-9a-f:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/i.exec(text.trim());
  const port = Number(match?.[3]);
  return match && port <= 65535 ? { host: (match[1] ?? match[2])!, port } : undefined;
});
const isHttpUrl = (text: string) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);
const HTTP_URL = fromText('an http(s) address such as https://lexhub.example.org', (text) => {
  if (!isHttpUrl(text)) return undefined;
  const url = new URL(text);
  return url.origin + url.pathname.replace(/\/+$/, '');
});
// Kept as written (a model API may need its query, e.g. an api-version).
const MODEL_URL = fromText('an http(s) address such as http://127.0.0.1:11434/v1', (text) =>
  isHttpUrl(text) ? text : undefined,
);
/** A path on this server (one leading '/': '//host' would be another host) or an http(s) address. */
const CHAT_URL = fromText('a path such as /copilot/chat or an http(s) address', (text) =>
  /^\/(?!\/)/.test(text) || isHttpUrl(text) ? text : undefined,
);
/**
 * A check whose message does not repeat the value: these variables hold passwords (an SMTP URL's
 * user:password) or are secrets themselves, and the message ends up in logs.
 */
const secretText = (expected: string, accept: (text: string) => boolean) =>
  z.string().refine(accept, { message: `expected ${expected} (the value is not shown)` });
const SMTP_URL = secretText('an smtp:// or smtps:// address such as smtp://mail.example.org:587', (text) =>
  ['smtp:', 'smtps:'].includes(URL.canParse(text) ? new URL(text).protocol : ''),
);
const SECRET = secretText(`at least ${MIN_SECRET_LENGTH} characters`, (text) => text.length >= MIN_SECRET_LENGTH);
/** `https://app.example.org, http://localhost:5173` → their origins (no path). */
const ORIGINS = z.string().transform((text, context) => {
  const origins: string[] = [];
  for (const item of text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const url = URL.canParse(item) ? new URL(item) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/+$/, '')) {
      context.addIssue({
        code: 'custom',
        message: `expected origins (scheme, host, port; no path) such as https://app.example.org, got "${item}"`,
      });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});
const TEXT = z.string();
/** `ops@example.org, admin@example.org` → the addresses, lowercased (compared so by the operators policy). */
const EMAILS = fromText('email addresses separated by commas, such as ops@example.org,admin@example.org', (text) => {
  const emails = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return emails.every((email) => /^[^\s@,]+@[^\s@,]+$/.test(email)) ? emails : undefined;
});
const TRANSLATION_PROVIDERS = ['memory', 'deepl', 'libretranslate', 'openai'] as const;
const TRANSLATION_PROVIDER = fromText(`one of ${TRANSLATION_PROVIDERS.join(', ')}`, (text) =>
  TRANSLATION_PROVIDERS.find((name) => name === text),
);
/** `cs-en:{glossary id},de-en:{id}` → {'cs-en': id, ...}: DeepL glossaries per language pair. */
const GLOSSARIES = z.string().transform((text, context) => {
  const glossaries: Record<string, string> = {};
  for (const item of text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const match = /^([a-z]{2})-([a-z]{2}):([^\s:]+)$/i.exec(item);
    if (!match) {
      context.addIssue({
        code: 'custom',
        message: `expected language pairs with glossary ids such as cs-en:a1b2c3d4-...,de-en:..., got "${item}"`,
      });
      return z.NEVER;
    }
    glossaries[`${match[1]!.toLowerCase()}-${match[2]!.toLowerCase()}`] = match[3]!;
  }
  return glossaries;
});

const Environment = z
  .object({
    PORT: withDefault(PORT, '8080'),
    HOST: withDefault(TEXT, '0.0.0.0'),
    DATA_DIR: withDefault(TEXT, './data'),
    DATABASE_URL: optional(TEXT),
    DATABASE_READ_URL: optional(TEXT),
    DATABASE_POOL_MAX: withDefault(POSITIVE_INTEGER, '20'),
    LOG_LEVEL: withDefault(LOG_LEVEL, 'info'),
    WEB_ROOT: withDefault(TEXT, './dist'),
    PUBLIC_URL: optional(HTTP_URL),
    SMTP_URL: optional(SMTP_URL),
    MAIL_FROM: withDefault(TEXT, 'Lexhub <no-reply@lexhub.local>'),
    TRUST_PROXY: withDefault(TRUST_PROXY, 'false'),
    METRICS_TOKEN: optional(SECRET),
    METRICS_HOST: optional(LISTEN_ADDRESS),
    OPERATOR_EMAILS: withDefault(EMAILS, ''),
    REALTIME_ALLOWED_ORIGINS: withDefault(ORIGINS, ''),
    COLLECTIONS_PER_OWNER: withDefault(POSITIVE_INTEGER, '2000'),
    COLLECTION_ITEMS_MAX: withDefault(POSITIVE_INTEGER, '10000'),
    COLLECTION_MAINTAINERS_MAX: withDefault(POSITIVE_INTEGER, '100'),
    COLLECTION_OPEN_INVITATIONS_MAX: withDefault(POSITIVE_INTEGER, '20'),
    TRANSLATION_MEMORY_MIN_SCORE: withDefault(PERCENT, '75'),
    TRANSLATION_PROVIDER: withDefault(TRANSLATION_PROVIDER, 'memory'),
    DEEPL_API_KEY: optional(TEXT),
    DEEPL_API_URL: optional(HTTP_URL),
    DEEPL_GLOSSARIES: withDefault(GLOSSARIES, ''),
    LIBRETRANSLATE_URL: optional(HTTP_URL),
    LIBRETRANSLATE_API_KEY: optional(TEXT),
    TRANSLATION_MODEL_URL: optional(MODEL_URL),
    TRANSLATION_MODEL: optional(TEXT),
    TRANSLATION_API_KEY: optional(TEXT),
    TRANSLATION_TIMEOUT_MS: withDefault(POSITIVE_INTEGER, '20000'),
    COPILOT_MODEL_URL: optional(MODEL_URL),
    COPILOT_MODEL: optional(TEXT),
    COPILOT_API_KEY: optional(TEXT),
    COPILOT_SECRET: optional(SECRET),
    COPILOT_PORT: withDefault(PORT, '8090'),
    COPILOT_CHAT_URL: withDefault(CHAT_URL, routes.copilotChat.path),
    CELLAR_URL: withDefault(HTTP_URL, 'https://publications.europa.eu'),
    ESBIRKA_URL: withDefault(HTTP_URL, 'https://www.e-sbirka.cz'),
    SOURCES_OFFLINE: withDefault(BOOLEAN, 'false'),
    SOURCE_TIMEOUT_MS: withDefault(POSITIVE_INTEGER, '30000'),
    SOURCE_IMPORTS_MAX: withDefault(POSITIVE_INTEGER, '3'),
    LEXHUB_UPDATE_INTERVAL: withDefault(UPDATE_INTERVAL, '1d'),
  })
  .superRefine((vars, context) => {
    // A read replica is a PostgreSQL standby of DATABASE_URL: beside the embedded database it would do nothing.
    if (vars.DATABASE_READ_URL !== undefined && vars.DATABASE_URL === undefined)
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message:
          'needs DATABASE_URL: a read replica is a standby of PostgreSQL, and the embedded database (PGlite) has none',
      });
    // Without the URL the model settings would be ignored silently: the embedded assistant answers.
    const orphans = (['COPILOT_MODEL', 'COPILOT_API_KEY'] as const).filter((name) => vars[name] !== undefined);
    if (orphans.length > 0 && vars.COPILOT_MODEL_URL === undefined)
      context.addIssue({
        code: 'custom',
        path: ['COPILOT_MODEL_URL'],
        message: `required when ${orphans.join(' or ')} is set (the model's API address)`,
      });
    // A provider without its address or key would fail on the first translation instead.
    const required = {
      memory: undefined,
      deepl: vars.DEEPL_API_KEY === undefined ? (['DEEPL_API_KEY', 'the DeepL API key'] as const) : undefined,
      libretranslate:
        vars.LIBRETRANSLATE_URL === undefined
          ? (['LIBRETRANSLATE_URL', 'the LibreTranslate address, e.g. http://127.0.0.1:5000'] as const)
          : undefined,
      openai:
        vars.TRANSLATION_MODEL_URL === undefined && vars.COPILOT_MODEL_URL === undefined
          ? (['TRANSLATION_MODEL_URL', 'the model API address (or COPILOT_MODEL_URL, which it falls back to)'] as const)
          : undefined,
    }[vars.TRANSLATION_PROVIDER];
    if (required)
      context.addIssue({
        code: 'custom',
        path: [required[0]],
        message: `required when TRANSLATION_PROVIDER is ${vars.TRANSLATION_PROVIDER} (${required[1]})`,
      });
  });

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

type Vars = z.output<typeof Environment>;

/** Each provider's own variables: set for another provider they do nothing. */
const PROVIDER_VARIABLES = {
  deepl: ['DEEPL_API_KEY', 'DEEPL_API_URL'],
  libretranslate: ['LIBRETRANSLATE_URL', 'LIBRETRANSLATE_API_KEY'],
  openai: ['TRANSLATION_MODEL_URL', 'TRANSLATION_MODEL', 'TRANSLATION_API_KEY'],
} as const;

/** Settings that start but are likely wrong outside a developer's machine. */
function configWarnings(vars: Vars): string[] {
  const warnings: string[] = [];
  // A warning, not a failure: `npm start` listens on 0.0.0.0 on a developer's machine too.
  if (!LOOPBACK_HOSTS.test(vars.HOST) && vars.PUBLIC_URL === undefined)
    warnings.push(
      `HOST is ${vars.HOST}, reachable from other machines, but PUBLIC_URL is unset: links in account emails ` +
        `will point at http://localhost:${vars.PORT}. Set PUBLIC_URL to the address users open.`,
    );
  if (vars.METRICS_HOST && !LOOPBACK_HOSTS.test(vars.METRICS_HOST.host) && vars.METRICS_TOKEN === undefined)
    warnings.push(
      `METRICS_HOST is ${vars.METRICS_HOST.host}:${vars.METRICS_HOST.port}, not loopback, and METRICS_TOKEN is unset: ` +
        `anyone who reaches that address reads the metrics. Keep it on a private network, or set METRICS_TOKEN.`,
    );
  // `true` or a number believes X-Forwarded-For from whoever connects: safe only when nothing but
  // the proxy can reach the port.
  if ((vars.TRUST_PROXY === true || typeof vars.TRUST_PROXY === 'number') && !LOOPBACK_HOSTS.test(vars.HOST))
    warnings.push(
      `TRUST_PROXY is ${String(vars.TRUST_PROXY)} and HOST is ${vars.HOST}: a client that reaches this port directly ` +
        `can choose its own address for rate limits and sign-in locks. Name the proxy instead ` +
        `(TRUST_PROXY=10.0.0.5 or a CIDR), or listen on loopback only.`,
    );
  const ignored = Object.entries(PROVIDER_VARIABLES)
    .filter(([name]) => name !== vars.TRANSLATION_PROVIDER)
    .flatMap(([, names]) => names.filter((name) => vars[name] !== undefined));
  if (ignored.length > 0)
    warnings.push(`${ignored.join(', ')} set, but TRANSLATION_PROVIDER is ${vars.TRANSLATION_PROVIDER}: ignored.`);
  return warnings;
}

/**
 * The machine-translation provider, none for 'memory'. The openai provider falls back to the
 * Copilot's model: its own address with its own key and model name, else COPILOT_MODEL_URL
 * with TRANSLATION_MODEL / TRANSLATION_API_KEY over the Copilot's (a key never goes to another host).
 */
function translationProvider(vars: Vars): ProviderSettings | undefined {
  switch (vars.TRANSLATION_PROVIDER) {
    case 'memory':
      return undefined;
    case 'deepl':
      return {
        name: 'deepl',
        apiKey: vars.DEEPL_API_KEY!,
        apiUrl: vars.DEEPL_API_URL ?? deeplDefaultUrl(vars.DEEPL_API_KEY!),
        glossaries: vars.DEEPL_GLOSSARIES,
      };
    case 'libretranslate':
      return { name: 'libretranslate', url: vars.LIBRETRANSLATE_URL!, apiKey: vars.LIBRETRANSLATE_API_KEY };
    case 'openai':
      return vars.TRANSLATION_MODEL_URL !== undefined
        ? {
            name: 'openai',
            url: vars.TRANSLATION_MODEL_URL,
            model: vars.TRANSLATION_MODEL ?? 'default',
            apiKey: vars.TRANSLATION_API_KEY,
          }
        : {
            name: 'openai',
            url: vars.COPILOT_MODEL_URL!,
            model: vars.TRANSLATION_MODEL ?? vars.COPILOT_MODEL ?? 'default',
            apiKey: vars.TRANSLATION_API_KEY ?? vars.COPILOT_API_KEY,
          };
  }
}

/**
 * The environment read into the server's settings: named once here, and the ServerConfig type
 * follows from it.
 */
const Config = Environment.transform((vars) => {
  const dataDir = path.resolve(vars.DATA_DIR);
  return {
    port: vars.PORT,
    host: vars.HOST,
    /** Folder of the embedded database (PGlite) and other local state. */
    dataDir,
    /** When set, PostgreSQL is used instead of the embedded database. */
    databaseUrl: vars.DATABASE_URL,
    /** A PostgreSQL hot standby of databaseUrl that answers the public reads (DATABASE_READ_URL). */
    databaseReadUrl: vars.DATABASE_READ_URL,
    databasePoolMax: vars.DATABASE_POOL_MAX,
    logLevel: vars.LOG_LEVEL,
    /** Folder of the built web app served at /. */
    webRoot: path.resolve(vars.WEB_ROOT),
    /** The address users open, for links in emails (PUBLIC_URL). */
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    /** SMTP server for account emails; without it they are written to `outboxDir`. */
    smtpUrl: vars.SMTP_URL,
    /** Where account emails go as .eml files when there is no SMTP server (DATA_DIR/outbox). */
    outboxDir: path.join(dataDir, 'outbox'),
    mailFrom: vars.MAIL_FROM,
    /**
     * Behind a reverse proxy: whom to believe X-Forwarded-For / -Proto / -Host from: every peer
     * (true), that many proxies in front (a number), or the proxies' addresses and CIDRs.
     */
    trustProxy: vars.TRUST_PROXY,
    /**
     * GET /metrics: its own listener (METRICS_HOST, host:port; never on the public port then) and
     * the bearer token asked for (METRICS_TOKEN); with neither, /metrics is not served.
     */
    metrics: { token: vars.METRICS_TOKEN, listen: vars.METRICS_HOST },
    /** Accounts (verified, by email) that may import documents through the server (OPERATOR_EMAILS). */
    operatorEmails: vars.OPERATOR_EMAILS,
    /** Origins besides the page's own that may open /ws (REALTIME_ALLOWED_ORIGINS, comma-separated). */
    realtimeAllowedOrigins: vars.REALTIME_ALLOWED_ORIGINS,
    /** Collections' limits (409 quota_exceeded beyond them). */
    collectionQuotas: {
      collectionsPerOwner: vars.COLLECTIONS_PER_OWNER,
      itemsPerCollection: vars.COLLECTION_ITEMS_MAX,
      maintainersPerCollection: vars.COLLECTION_MAINTAINERS_MAX,
      openInvitationsPerInvitee: vars.COLLECTION_OPEN_INVITATIONS_MAX,
    },
    /** Lowest score (0-100) a translation memory suggestion needs (TRANSLATION_MEMORY_MIN_SCORE, 75). */
    translationMemoryMinScore: vars.TRANSLATION_MEMORY_MIN_SCORE,
    /** Machine translation (TRANSLATION_PROVIDER): text of the fragments translated then leaves the server. */
    translation: {
      /** None ('memory'): previews come from the translation memory only. */
      provider: translationProvider(vars),
      /** A provider call longer than this answers 504 (TRANSLATION_TIMEOUT_MS, 20000). */
      timeoutMs: vars.TRANSLATION_TIMEOUT_MS,
    },
    /**
     * The Copilot: model (OpenAI-compatible; none = the embedded retrieval assistant), secret, chat
     * service. Named apart from the contract's CopilotConfig (the GET /copilot/config answer).
     */
    copilot: {
      /** OpenAI-compatible API base, e.g. http://127.0.0.1:11434/v1 (COPILOT_MODEL_URL). */
      modelUrl: vars.COPILOT_MODEL_URL,
      /** Model name at that API (COPILOT_MODEL). */
      model: vars.COPILOT_MODEL,
      apiKey: vars.COPILOT_API_KEY,
      /** HMAC key of Copilot sessions (COPILOT_SECRET); else kept in DATA_DIR/copilot-secret. */
      secret: vars.COPILOT_SECRET,
      /** Port of `npm run copilot`, the chat service as its own process (COPILOT_PORT, default 8090). */
      port: vars.COPILOT_PORT,
      /** Where the web app sends chat requests (COPILOT_CHAT_URL, default this server's chat route). */
      chatUrl: vars.COPILOT_CHAT_URL,
    },
    /**
     * The official services law is imported from (issue 16): their addresses (tests point them at
     * local servers), whether the server is known to have no network (SOURCES_OFFLINE: every
     * import answers source_offline at once), the timeout per request, and how many import jobs
     * may run at once on the server (SOURCE_IMPORTS_MAX, one per operator among them).
     */
    sources: {
      cellarUrl: vars.CELLAR_URL,
      esbirkaUrl: vars.ESBIRKA_URL,
      offline: vars.SOURCES_OFFLINE,
      timeoutMs: vars.SOURCE_TIMEOUT_MS,
      maxRunningJobs: vars.SOURCE_IMPORTS_MAX,
    },
    /** How often imported acts are checked for new versions (LEXHUB_UPDATE_INTERVAL, 1d); null: never. */
    updateIntervalMs: vars.LEXHUB_UPDATE_INTERVAL,
    /** Settings that work but are likely wrong; the starting process logs them. */
    warnings: configWarnings(vars),
  };
});

export type ServerConfig = z.output<typeof Config>;

/** Reads and checks the environment; throws naming every variable that is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = Config.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
