// The server's logger and its one line per request. On a terminal the lines are for people
// (pino-pretty); otherwise JSON, one object a line, for a log collector. A request's line has
// the method, the path with the query's keys but never its values (tokens, search words,
// names), the status and the time taken.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { logSerializers, redactUrl } from '../auth/log-redaction.js';
import { loggableError } from '../db/query-error.js';

export interface LoggerOptions {
  level: string;
  /** Human-readable lines; default: when stdout is a terminal. */
  pretty?: boolean;
  /** Where JSON lines go (tests); default: stdout. */
  destination?: DestinationStream;
}

/** The serializers every Lexhub logger uses: redacted request URLs, failed queries without parameters. */
export const serverLogSerializers = { ...logSerializers, err: loggableError };

export function createLogger(options: LoggerOptions): Logger {
  const settings = { level: options.level, serializers: serverLogSerializers };
  if (options.pretty ?? process.stdout.isTTY === true) {
    return pino(
      settings,
      pretty({
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        // The message already says them; the rest of a request line's fields are for JSON readers.
        ignore: 'pid,hostname,reqId,method,path,status,ms',
        sync: true,
        ...(options.destination ? { destination: options.destination } : {}),
      }),
    );
  }
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

const MAX_QUERY_KEYS = 20;
const MAX_KEY_LENGTH = 40;

/** The request's path and its query's keys (`/v1/search?q&page`): no value ever. */
export function pathForLog(url: string): string {
  const mark = url.indexOf('?');
  const path = redactUrl(mark === -1 ? url : url.slice(0, mark));
  if (mark === -1) return path;
  const keys = url
    .slice(mark + 1)
    .split('#')[0]!
    .split('&')
    .map((pair) => pair.split('=')[0]!)
    .filter((key) => key !== '');
  if (keys.length === 0) return path;
  const shown = keys.slice(0, MAX_QUERY_KEYS).map((key) => redactUrl(key).slice(0, MAX_KEY_LENGTH));
  return `${path}?${shown.join('&')}${keys.length > MAX_QUERY_KEYS ? '&…' : ''}`;
}

/**
 * One line per answered request, in place of Fastify's two (which log the whole URL): build
 * the app with a `LogController({ disableRequestLogging: true })` and call this.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const path = pathForLog(request.url);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const fields = { method: request.method, path, status, ms };
    const line = `${request.method} ${path} ${status} ${ms} ms`;
    // A 503 (database away) is a condition the error handler already warned about; other 5xx are bugs.
    if (status >= 500 && status !== 503) request.log.error(fields, line);
    else if (status === 503) request.log.warn(fields, line);
    else request.log.info(fields, line);
  });
}
