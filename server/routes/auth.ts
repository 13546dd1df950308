// /v1/auth/...: register, login, logout, verify, forgot and reset password, me. Each route
// counts its rate limits first (emails only as hashes in the keys), then hands over to the
// flow in server/auth.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/api-error.js';
import { limitRequest } from '../http/limit-request.js';
import { registerRoute } from '../http/register-route.js';
import { accountsContext, type AccountsOptions } from '../auth/install.js';
import { verifyEmailToken } from '../auth/email-verification.js';
import { fromAcceptLanguage } from '../auth/languages.js';
import { checkCredentials } from '../auth/log-in.js';
import { requestPasswordReset, resetPassword } from '../auth/password-reset.js';
import type { Limit } from '../auth/rate-limit.js';
import { requireUser, type SessionUser } from '../auth/request-user.js';
import { sha256 } from '../auth/secret-token.js';
import { clearSessionCookie, endSession, startSession } from '../auth/sessions.js';
import { registerAccount } from '../auth/register-account.js';
import { sqlRows } from '../library/sql-rows.js';
import { rateLimitAddress } from '../auth/client-address.js';
import { sql } from 'drizzle-orm';
import type { CurrentUser } from '../../src/api/contract/auth.js';

export function registerAuthRoutes(app: FastifyInstance, db: Db, options: AccountsOptions) {
  const context = accountsContext(options, app.log);
  const limits = context.rateLimits;

  const limit = (reply: FastifyReply, key: string, bucket: Limit) => limitRequest(db, reply, key, bucket);

  registerRoute(app, routes.register, async ({ body, request, reply }) => {
    rejectNul(body);
    await limit(reply, `register:ip:${rateLimitAddress(request.ip)}`, limits.registerPerIp);
    // Saved as the account's language only when chosen or clear from the browser.
    const language = body.language ?? fromAcceptLanguage(request.headers['accept-language']) ?? null;
    await registerAccount(db, context, body, language, request.log);
    return { status: 'verification_sent' as const, email: body.email };
  });

  registerRoute(app, routes.login, async ({ body, request, reply }) => {
    rejectNul(body);
    await limit(reply, `login:ip:${rateLimitAddress(request.ip)}`, limits.loginPerIp);
    await limit(reply, `login:id:${sha256(body.identifier)}`, limits.loginPerIdentifier);
    const userId = await checkCredentials(db, context, body.identifier, body.password);
    await startSession(db, request, reply, userId, context.session);
    return { user: await currentUser(db, userId) };
  });

  registerRoute(app, routes.logout, async ({ request, reply }) => {
    await endSession(db, request, reply, context.session);
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.forgotPassword, async ({ body, request, reply }) => {
    rejectNul(body);
    await limit(reply, `forgot:${sha256(body.email)}:${rateLimitAddress(request.ip)}`, limits.forgotPerEmailIp);
    await limit(reply, `forgot:email:${sha256(body.email)}`, limits.forgotPerEmail);
    await requestPasswordReset(db, context, body.email, request.headers['accept-language'], request.log);
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.resetPassword, async ({ body, request, reply }) => {
    await limit(reply, `reset:ip:${rateLimitAddress(request.ip)}`, limits.resetPerIp);
    const userId = await resetPassword(db, body.token, body.new_password);
    // Every session of the user is gone; a cookie of one of them on this browser goes too.
    if (request.user?.id === userId) clearSessionCookie(request, reply, context.session);
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.verifyEmail, async ({ query, request, reply }) => {
    const verified = await verifyEmailToken(db, query.token);
    if (wantsHtml(request)) {
      reply
        .status(303)
        .header('Location', verified ? '/auth/login?verified=1' : '/auth/login?verify_error=invalid_or_expired_token');
      return undefined;
    }
    if (!verified) throw new ApiError(400, 'invalid_or_expired_token', 'Invalid or expired link', { field: 'token' });
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.me, async ({ request }) => ({ user: toCurrentUser(requireUser(request)) }));
}

/** PostgreSQL text cannot hold U+0000: such input is invalid here, not a server error. */
function rejectNul(body: Record<string, unknown>) {
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw new ApiError(400, 'validation_failed', `${field}: contains a NUL character`, { field });
    }
  }
}

function wantsHtml(request: FastifyRequest): boolean {
  return request.headers.accept?.includes('text/html') === true;
}

function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    language: user.language,
    email_verified: user.emailVerified,
  };
}

async function currentUser(db: Db, userId: string): Promise<CurrentUser> {
  const [row] = await sqlRows<{
    id: string;
    username: string;
    email: string;
    first_name: string;
    last_name: string;
    language: string | null;
    email_verified: boolean;
  }>(
    db,
    sql`SELECT id, username, email, first_name, last_name, language, email_verified_at IS NOT NULL AS email_verified
        FROM users WHERE id = ${userId}`,
  );
  if (!row) throw new Error('user vanished during login');
  return { ...row, language: row.language === 'en' || row.language === 'cs' ? row.language : null };
}
