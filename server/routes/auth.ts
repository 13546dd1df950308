// /v1/auth/...: register, login, logout, verify and resend the verification, forgot and reset
// password, me, the user's sessions (list, end one, end all others) and account deletion. Each
// route counts its rate limits first (emails only as hashes in the keys), then hands over to the
// flow in server/auth. Forgot and resend answer before their flow runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { ApiError, invalidOrExpiredToken, notFound, validationFailed } from '../http/errors.js';
import { registerRoute } from '../http/register-route.js';
import { accountsContext, type AccountsOptions } from '../auth/install.js';
import { backgroundRunner, runPeriodically } from '../auth/background-work.js';
import { deleteAccount } from '../auth/delete-account.js';
import { loadCurrentUser, toCurrentUser } from '../auth/current-user.js';
import { operatorEmailSet } from '../policies/operators.js';
import { resendVerification, verifyEmailToken } from '../auth/email-verification.js';
import { fromAcceptLanguage } from '../auth/languages.js';
import { checkCredentials } from '../auth/log-in.js';
import { loginDevice, setDeviceCookie } from '../auth/login-device.js';
import { rememberDevice } from '../auth/login-throttle.js';
import { sendBlockedLoginsNotice } from '../auth/login-notice.js';
import { requestPasswordReset, resetPassword } from '../auth/password-reset.js';
import { hitRateLimit, withinRateLimit } from '../auth/rate-limit.js';
import { sha256 } from '../auth/secret-token.js';
import {
  clearSessionCookie,
  endOtherSessions,
  endSession,
  endSessionById,
  listSessions,
  startSession,
} from '../auth/sessions.js';
import { deleteExpiredUnverifiedAccounts, registerAccount } from '../auth/register-account.js';
import { rateLimitAddress } from '../auth/client-address.js';

export function registerAuthRoutes(app: FastifyInstance, db: Db, options: AccountsOptions) {
  const context = accountsContext(options, app.log);
  const limits = context.rateLimits;
  const runInBackground = backgroundRunner(app);
  const operators = operatorEmailSet(options.operatorEmails ?? []);
  // Accounts never verified are deleted after UNVERIFIED_ACCOUNT_DAYS (registration also frees such an address).
  runPeriodically(app, 'deleting expired unverified accounts', async () => {
    const deleted = await deleteExpiredUnverifiedAccounts(db);
    if (deleted > 0) app.log.info({ deleted }, 'expired unverified accounts deleted');
  });

  registerRoute(app, routes.register, async ({ body, request }) => {
    rejectNul(body);
    await hitRateLimit(db, `register:ip:${rateLimitAddress(request.ip)}`, limits.registerPerIp);
    // Saved as the account's language only when chosen or clear from the browser.
    const language = body.language ?? fromAcceptLanguage(request.headers['accept-language']) ?? null;
    await registerAccount(db, context, body, language, request.log, runInBackground);
    return { status: 'verification_sent' as const, email: body.email };
  });

  // The device cookie first, so every answer (a 429 too) gives a browser without one its cookie.
  // The per-identifier limit is inside checkCredentials: a known device is not held back by it.
  registerRoute(app, routes.login, async ({ body, request, reply }) => {
    rejectNul(body);
    const device = loginDevice(request, reply, context.session);
    const address = rateLimitAddress(request.ip);
    await hitRateLimit(db, `login:ip:${address}`, limits.loginPerIp);
    const attempt = { email: body.identifier, password: body.password, address, device };
    const userId = await checkCredentials(db, context, attempt, (blocked) =>
      runInBackground('mailing a blocked-logins notice', request.log, () =>
        sendBlockedLoginsNotice(db, context, blocked, request.log),
      ),
    );
    if (!device.fresh) setDeviceCookie(request, reply, context.session, device.value);
    await startSession(db, request, reply, userId, context.session);
    return { user: await loadCurrentUser(db, userId, operators) };
  });

  registerRoute(app, routes.logout, async ({ request, reply }) => {
    await endSession(db, request, reply, context.session);
    return { status: 'ok' as const };
  });

  // Forgot and resend answer the same whether an account exists, and as fast: right after the
  // rate limits, with the look-up, token and mail in the background (awaiting them took measurably
  // longer for an existing account). Over the per-email limit the answer is the same ok, silently
  // without a mail: that limit counts everybody's requests for the address, so a 429 would let
  // anyone lock its owner out; the per-address limits keep their 429 (they only stop the caller).
  registerRoute(app, routes.forgotPassword, async ({ body, request }) => {
    rejectNul(body);
    const email = sha256(body.email);
    await hitRateLimit(db, `forgot:${email}:${rateLimitAddress(request.ip)}`, limits.forgotPerEmailIp);
    if (await withinRateLimit(db, `forgot:email:${email}`, limits.forgotPerEmail)) {
      const language = request.headers['accept-language'];
      runInBackground('requesting a password reset', request.log, () =>
        requestPasswordReset(db, context, body.email, language, request.log),
      );
    }
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.resendVerification, async ({ body, request }) => {
    rejectNul(body);
    await hitRateLimit(db, `resend-verification:ip:${rateLimitAddress(request.ip)}`, limits.resendPerIp);
    if (await withinRateLimit(db, `resend-verification:email:${sha256(body.email)}`, limits.resendPerEmail)) {
      const language = request.headers['accept-language'];
      runInBackground('resending the verification email', request.log, () =>
        resendVerification(db, context, body.email, language, request.log),
      );
    }
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.resetPassword, async ({ body, principal, request, reply }) => {
    await hitRateLimit(db, `reset:ip:${rateLimitAddress(request.ip)}`, limits.resetPerIp);
    const device = loginDevice(request, reply, context.session);
    const userId = await resetPassword(db, body.token, body.new_password);
    // The browser that proved it reads the mailbox is known from now on (the reset forgot the
    // others): a lock or delay an attacker keeps up elsewhere never holds its owner back.
    await rememberDevice(db, userId, device.hash);
    // Every session of the user is gone; a cookie of one of them on this browser goes too.
    if (principal.kind === 'user' && principal.user.id === userId) clearSessionCookie(request, reply, context.session);
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.verifyEmail, async ({ query, request, reply }) => {
    let verified: boolean;
    try {
      verified = await verifyEmailToken(db, query.token);
    } catch (error) {
      // Another account verified the phone first: a browser learns it on the login page.
      if (!(error instanceof ApiError) || error.detail !== 'phone_already_exists' || !wantsHtml(request)) throw error;
      reply.status(303).header('Location', '/auth/login?verify_error=phone_already_exists');
      return undefined;
    }
    if (wantsHtml(request)) {
      reply
        .status(303)
        .header('Location', verified ? '/auth/login?verified=1' : '/auth/login?verify_error=invalid_or_expired_token');
      return undefined;
    }
    if (!verified) throw invalidOrExpiredToken();
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.me, async ({ user }) => ({ user: toCurrentUser(user, operators) }));

  registerRoute(app, routes.listSessions, async ({ user, principal }) => ({
    items: await listSessions(db, user.id, principal.sessionIdHash),
  }));

  // Ending one's own current session this way is a logout: its cookie goes too.
  registerRoute(app, routes.endSession, async ({ params, user, principal, request, reply }) => {
    const ended = await endSessionById(db, user.id, params.id);
    if (!ended) throw notFound('Session', 'id');
    if (ended.idHash === principal.sessionIdHash) clearSessionCookie(request, reply, context.session);
    return { status: 'ok' as const };
  });

  // Every other session ends; this one stays (POST /auth/logout ends it).
  registerRoute(app, routes.endOtherSessions, async ({ user, principal }) => ({
    status: 'ok' as const,
    ended: await endOtherSessions(db, user.id, principal.sessionIdHash),
  }));

  registerRoute(app, routes.deleteAccount, async ({ body, user, request, reply }) => {
    rejectNul(body);
    await deleteAccount(db, user.id, body.password);
    clearSessionCookie(request, reply, context.session);
    request.log.info({ userId: user.id }, 'account deleted');
    return { status: 'ok' as const };
  });
}

/** PostgreSQL text cannot hold U+0000: such input is invalid here, not a server error. */
function rejectNul(body: Record<string, unknown>) {
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string' && value.includes('\u0000'))
      throw validationFailed(field, 'contains a NUL character');
  }
}

function wantsHtml(request: FastifyRequest): boolean {
  return request.headers.accept?.includes('text/html') === true;
}
