// What a failed query may tell the logs and the client. drizzle's error message carries the
// statement's parameters (bios, names, emails) and a driver's message or detail may quote a
// value, so a log entry is built from the SQL text, the SQLSTATE and object names only; and a
// lost connection is told apart from a bug, so the API can answer 503 instead of 500.
import { pino } from 'pino';

/** The log form of a database error: never its parameters, message or detail. */
export interface LoggedQueryError {
  type: string;
  message: string;
  /** The SQLSTATE (e.g. 23505), or a Node error code (ECONNREFUSED). */
  code?: string;
  /** The statement's SQL text, with $1-style placeholders. */
  query?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  /** Stack frames only: the first line of a stack repeats the message. */
  stack?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const NAME_FIELDS = ['schema', 'table', 'column', 'constraint', 'routine'] as const;

// SQLSTATE classes and codes, and Node's codes, that mean the database cannot be reached now.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a dropped or timed-out connection with these messages and no code.
// "timeout exceeded when trying to connect" is pg-pool's: no connection of a full pool came free
// within connectionTimeoutMillis (see isPoolCheckoutTimeout).
const UNAVAILABLE_MESSAGES =
  /^(?:Connection terminated(?: unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Query read timeout)$/;

/** drizzle's DrizzleQueryError, recognised by shape (its message starts with the statement). */
function isQueryWrapper(error: Error): error is Error & { query: string; params: unknown } {
  return (
    error.message.startsWith('Failed query:') &&
    typeof (error as { query?: unknown }).query === 'string' &&
    'params' in error
  );
}

/** A server-side error of PostgreSQL or PGlite: a SQLSTATE and a severity. */
function isServerError(error: unknown): error is Error & Record<string, unknown> & { code: string } {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && SQLSTATE.test(code) && typeof severity === 'string';
}

/** The driver's error under drizzle's wrapper (or the error itself). */
function driverError(error: unknown): unknown {
  return error instanceof Error && isQueryWrapper(error) ? error.cause : error;
}

/** The SQLSTATE of a failed query (through drizzle's wrapper), if the server answered one. */
export function sqlStateOf(error: unknown): string | undefined {
  const cause = driverError(error);
  return isServerError(cause) ? cause.code : undefined;
}

/**
 * Whether `error` means the database cannot be reached right now (refused or dropped
 * connection, server shutting down or starting, connection class 08, too many connections),
 * rather than a fault of the query.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (SQLSTATE.test(code) && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
      if (UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    // An AggregateError (several addresses refused) carries its reasons in `errors`.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((one) => isDatabaseUnavailable(one))) return true;
    current = current.cause;
  }
  return false;
}

const POOL_CHECKOUT_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * Whether `error` is pg-pool's checkout timeout: every connection of the pool was busy for the
 * whole connectionTimeoutMillis. The server may be perfectly well (a burst of slow queries holds
 * the pool), so, unlike a refused or dropped connection, it says nothing about the server being
 * down; isDatabaseUnavailable still counts it (the API answers 503, not 500).
 */
export function isPoolCheckoutTimeout(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message === POOL_CHECKOUT_TIMEOUT) return true;
    current = current.cause;
  }
  return false;
}

function framesOf(error: Error): string | undefined {
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return frames && frames.length > 0 ? frames.join('\n') : undefined;
}

function describeDatabaseError(error: Error, query: string | undefined, stackOf: Error): LoggedQueryError {
  const cause = driverError(error);
  const logged: LoggedQueryError = { type: 'QueryError', message: 'query failed' };
  if (isServerError(cause)) {
    logged.code = cause.code;
    logged.message = `query failed with SQLSTATE ${cause.code}`;
    for (const field of NAME_FIELDS) {
      const value = cause[field];
      if (typeof value === 'string' && value !== '') logged[field] = value;
    }
  } else if (cause instanceof Error) {
    // A client-side failure (connection refused or dropped): its message carries no parameter.
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') logged.code = code;
    logged.message = `query failed: ${cause.message}`;
  }
  if (query !== undefined) logged.query = query;
  const stack = framesOf(stackOf);
  if (stack) logged.stack = stack;
  return logged;
}

export function isLoggedQueryError(value: unknown): value is LoggedQueryError {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'QueryError';
}

/**
 * The log form of any error: a failed query becomes a LoggedQueryError; anything else gets
 * pino's usual error serializer. Used as the logger's `err` serializer and by the error handler.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (isQueryWrapper(error)) return describeDatabaseError(error, error.query, error);
  if (isServerError(error)) return describeDatabaseError(error, undefined, error);
  // A failed query wrapped by other code: describe the query, not the wrapper's chain of messages.
  let inner: unknown = error.cause;
  for (let depth = 0; inner instanceof Error && depth < 5; depth++) {
    if (isQueryWrapper(inner)) return { ...describeDatabaseError(inner, inner.query, error), wrappedIn: error.name };
    if (isServerError(inner)) return { ...describeDatabaseError(inner, undefined, error), wrappedIn: error.name };
    inner = inner.cause;
  }
  return pino.stdSerializers.err(error);
}
