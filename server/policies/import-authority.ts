// Who may import into this library through the server (issues 15 and 16): the local token of
// `npm run import` from this machine, or an operator's session (with the CSRF header on writes).
import type { FastifyRequest } from 'fastify';
import { IMPORT_TOKEN_HEADER } from '../../src/api/contract/admin-imports.js';
import { CSRF_COOKIE, CSRF_HEADER } from '../auth/csrf.js';
import type { SessionUser } from '../auth/principal.js';
import { safeEqual } from '../auth/secret-token.js';
import { csrfFailed, importTokenInvalid, notAuthenticated, operatorRequired } from '../http/errors.js';
import { isLocalPeer } from './local-import.js';
import { isOperator } from './operators.js';

export interface ImportAuthorityOptions {
  operators: ReadonlySet<string>;
  /** The local token (written to DATA_DIR at start); none: only sessions. */
  localToken?: string;
}

/** Who asked: the command line on this machine (the token), or an operator. */
export type ImportCaller = { kind: 'local' } | { kind: 'operator'; user: SessionUser };

/**
 * Throws unless the caller may import. From any other peer the token is ignored, so a leaked one
 * is worth nothing over the network (the socket's peer, not request.ip: TRUST_PROXY reads that
 * from X-Forwarded-For). A request that came through a proxy (it says so in its headers) is not
 * local even from 127.0.0.1: a reverse proxy on this machine is a loopback peer too.
 *
 * For the import routes that write: they opt out of the CSRF hook (the token has no cookie to
 * echo), so a cookie caller's CSRF header is checked here.
 */
export const checkImportWrite = (request: FastifyRequest, options: ImportAuthorityOptions): ImportCaller =>
  checkImportCaller(request, options, { checkCsrf: true });

/** For the import routes that only read (GET): the same callers, no CSRF header (as for any read). */
export const checkImportRead = (request: FastifyRequest, options: ImportAuthorityOptions): ImportCaller =>
  checkImportCaller(request, options, { checkCsrf: false });

function checkImportCaller(
  request: FastifyRequest,
  options: ImportAuthorityOptions,
  { checkCsrf }: { checkCsrf: boolean },
): ImportCaller {
  const token = request.headers[IMPORT_TOKEN_HEADER];
  if (token !== undefined && isLocalPeer(request.raw.socket) && !viaProxy(request)) {
    if (!options.localToken || typeof token !== 'string' || !safeEqual(token, options.localToken))
      throw importTokenInvalid();
    return { kind: 'local' };
  }
  const { principal } = request;
  if (principal.kind !== 'user') throw notAuthenticated();
  if (checkCsrf) {
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie)) throw csrfFailed();
  }
  if (!isOperator(principal.user, options.operators)) throw operatorRequired();
  return { kind: 'operator', user: principal.user };
}

/** Headers a proxy adds on the way: the CLI sends none of them. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'] as const;
const viaProxy = (request: FastifyRequest) => PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
