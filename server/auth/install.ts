// Wires accounts into the app: cookies, the CSRF check, the principal hook (request.principal), the
// periodic clean-up, and the resolved options the auth routes need (mail, public address, limits).
import fastifyCookie from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { TrustProxy } from '../http/trust-proxy.js';
import type { Mailer } from '../mail/mailer.js';
import { createTransportMailer } from '../mail/transport-mailer.js';
import { csrfHook } from './csrf.js';
import { pruneTokens } from './email-tokens.js';
import { ANONYMOUS, installPrincipal } from './principal.js';
import { prepareDummyHash } from './password-hash.js';
import { DEFAULT_RATE_LIMITS, pruneRateLimits, type RateLimits } from './rate-limit.js';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  loadSession,
  pruneSessions,
  setSessionCookie,
  type SessionSettings,
} from './sessions.js';

export interface AccountsOptions {
  /** The address users open the app at, for links in emails, e.g. http://localhost:8080. */
  publicUrl: string;
  /** Sends the account emails; default: SMTP (smtpUrl) or the .eml outbox (outboxDir). */
  mailer?: Mailer;
  /** SMTP server, e.g. smtp://127.0.0.1:2525 (SMTP_URL). */
  smtpUrl?: string;
  /** Where .eml files go without SMTP (DATA_DIR/outbox); without either, links are only logged. */
  outboxDir?: string;
  /** From: header, default `Lexhub <no-reply@lexhub.local>` (MAIL_FROM). */
  mailFrom?: string;
  /**
   * Trust X-Forwarded-For / -Proto from a reverse proxy (TRUST_PROXY): client IPs for rate
   * limits and https for Secure cookies: every peer (true), that many proxies in front, or the
   * proxies' addresses and CIDRs. Read by buildApp when it creates Fastify.
   */
  trustProxy?: TrustProxy;
  /** Per-bucket overrides of DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimits>;
  /** Failed logins from one source (address or browser) that lock it out of the account (default 5). */
  maxFailedLogins?: number;
  /** How long a source stays locked out, and the window its failures count in (default 15 minutes). */
  lockSeconds?: number;
  /** Session lifetime, sliding with use (default 30 days). */
  sessionSeconds?: number;
  /** OPERATOR_EMAILS: verified accounts that may import documents (server/policies/operators.ts). */
  operatorEmails?: readonly string[];
}

/** AccountsOptions with every default applied and the mailer built. */
export interface AccountsContext {
  publicUrl: string;
  mailer: Mailer;
  rateLimits: RateLimits;
  maxFailedLogins: number;
  lockSeconds: number;
  session: SessionSettings;
}

const contexts = new WeakMap<AccountsOptions, AccountsContext>();

/** The resolved settings for these options (built once per options object). */
export function accountsContext(options: AccountsOptions, logger: FastifyBaseLogger): AccountsContext {
  let context = contexts.get(options);
  if (context) return context;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const httpsOnly = publicUrl.startsWith('https:');
  context = {
    publicUrl,
    mailer:
      options.mailer ??
      createTransportMailer({
        smtpUrl: options.smtpUrl,
        outboxDir: options.outboxDir,
        from: options.mailFrom ?? 'Lexhub <no-reply@lexhub.local>',
        logger,
      }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    maxFailedLogins: options.maxFailedLogins ?? 5,
    lockSeconds: options.lockSeconds ?? 15 * 60,
    session: {
      ttlSeconds: options.sessionSeconds ?? 30 * 24 * 3600,
      // request.protocol follows X-Forwarded-Proto only when Fastify trusts the proxy.
      secure: (request: FastifyRequest) => httpsOnly || request.protocol === 'https',
    },
  };
  contexts.set(options, context);
  return context;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

export async function installAccounts(app: FastifyInstance, db: Db, options: AccountsOptions): Promise<void> {
  const context = accountsContext(options, app.log);
  await app.register(fastifyCookie);
  void prepareDummyHash();

  // CSRF first: it needs no database, and a forged call should not even touch the session.
  app.addHook('onRequest', csrfHook(context.session.secure));

  installPrincipal(app, async (request, reply) => {
    // Called only for routes that read the session (their config, see installPrincipal).
    const value = request.cookies[SESSION_COOKIE];
    if (!value) return ANONYMOUS;
    const found = value.length <= 100 ? await loadSession(db, value, context.session.ttlSeconds) : null;
    if (!found) {
      clearSessionCookie(request, reply, context.session);
      return ANONYMOUS;
    }
    // The server-side expiry slid forward: let the cookie's follow.
    if (found.touched) setSessionCookie(request, reply, value, context.session);
    return { kind: 'user', user: found.user, sessionIdHash: found.idHash };
  });

  // Expired sessions, used or expired email tokens and old rate-limit windows, now and then.
  const prune = async () => {
    try {
      await pruneSessions(db);
      await pruneRateLimits(db);
      await pruneTokens(db);
    } catch (error) {
      app.log.warn({ err: error }, 'pruning accounts data failed');
    }
  };
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
