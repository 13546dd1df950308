// The one HTTP client for official services: names Lexhub in its User-Agent, keeps at most two
// requests in flight per service, waits out 429/503 as Retry-After says (a bounded number of
// times), gives each request a timeout, revalidates cached files (304 = nothing downloaded), and
// turns "no network" into SourceOfflineError at once instead of hanging.
import { createRequire } from 'node:module';
import path from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import { HttpCache } from './http-cache.js';
import { SourceHttpError, SourceOfflineError } from './source-errors.js';

const packageJson = createRequire(import.meta.url)('../../../package.json') as { version: string };
/** Names the instance (its PUBLIC_URL) so a service's operator can tell who is calling. */
function lexhubUserAgent(publicUrl = process.env.PUBLIC_URL): string {
  return publicUrl ? `Lexhub/${packageJson.version} (+${publicUrl})` : `Lexhub/${packageJson.version}`;
}

export interface PoliteClientOptions {
  /** Service name for messages and the per-service limit ('cellar', 'e-sbirka'). */
  service: string;
  /** DATA_DIR; the cache is DATA_DIR/source-cache/<service>. Without it nothing is cached. */
  dataDir?: string;
  publicUrl?: string;
  concurrency?: number;
  timeoutMs?: number;
  /** Attempts in all for one request answered 429/503. */
  maxAttempts?: number;
  /** A Retry-After longer than this fails the request rather than waiting. */
  maxRetryAfterMs?: number;
  /** An answer longer than this is cut off and refused (default 128 MB). */
  maxBodyBytes?: number;
}

export interface GetOptions {
  accept: string;
  acceptLanguage?: string;
}

export interface Answer {
  status: number;
  contentType: string;
  /** The address the body came from after redirects. */
  url: string;
  headers: Headers;
  body: Uint8Array;
  /** True when the body is the cached copy (the service said 304). */
  fromCache: boolean;
}

const MAX_REDIRECTS = 5;

/** Limits shared by every client of one service, so two imports side by side stay at two requests. */
const limits = new Map<string, LimitFunction>();

const OFFLINE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

export class PoliteClient {
  readonly service: string;
  private readonly cache?: HttpCache;
  private readonly limit: LimitFunction;
  private readonly userAgent: string;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly maxRetryAfterMs: number;
  private readonly maxBodyBytes: number;

  constructor(options: PoliteClientOptions) {
    this.service = options.service;
    this.userAgent = lexhubUserAgent(options.publicUrl);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 4;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.maxBodyBytes = options.maxBodyBytes ?? 128 * 1024 * 1024;
    if (options.dataDir) this.cache = new HttpCache(path.join(options.dataDir, 'source-cache', options.service));
    const concurrency = options.concurrency ?? 2;
    const key = `${options.service}/${concurrency}`;
    let limit = limits.get(key);
    if (!limit) limits.set(key, (limit = pLimit(concurrency)));
    this.limit = limit;
  }

  /** GET with the cache: 200 and 300 answers are kept; other statuses are returned uncached. */
  get(url: string, options: GetOptions): Promise<Answer> {
    return this.limit(() => this.getNow(url, options));
  }

  private async getNow(url: string, options: GetOptions): Promise<Answer> {
    const variant = `${options.accept}\n${options.acceptLanguage ?? ''}`;
    const cached = await this.cache?.read(url, variant);
    const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: options.accept };
    if (options.acceptLanguage) headers['accept-language'] = options.acceptLanguage;
    if (cached?.meta.etag) headers['if-none-match'] = cached.meta.etag;
    if (cached?.meta.lastModified) headers['if-modified-since'] = cached.meta.lastModified;

    for (let attempt = 1; ; attempt++) {
      const { response, body, finalUrl } = await this.send(url, headers);
      if (response.status === 304 && cached) {
        return { ...answerOf(cached.meta, response.headers, cached.body), fromCache: true };
      }
      if (response.status === 429 || response.status === 503) {
        const wait = retryDelay(response.headers.get('retry-after'), attempt);
        if (attempt >= this.maxAttempts) {
          throw new SourceHttpError(this.service, url, response.status, `still busy after ${attempt} attempts`);
        }
        if (wait > this.maxRetryAfterMs) {
          throw new SourceHttpError(this.service, url, response.status, `asks to wait ${Math.ceil(wait / 1000)} s`);
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      const meta = {
        url,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        etag: response.headers.get('etag') ?? undefined,
        lastModified: response.headers.get('last-modified') ?? undefined,
        finalUrl,
      };
      if ((response.status === 200 || response.status === 300) && (meta.etag || meta.lastModified)) {
        await this.cache?.write(url, variant, meta, body);
      }
      return { ...answerOf(meta, response.headers, body), fromCache: false };
    }
  }

  private async send(url: string, headers: Record<string, string>) {
    // The signal bounds the whole exchange, redirects and body included: a service that stalls
    // mid-answer fails too.
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      let at = url;
      for (let hop = 0; ; hop++) {
        const response = await fetch(at, { headers, redirect: 'manual', signal });
        const location = response.headers.get('location');
        if (![301, 302, 303, 307, 308].includes(response.status) || !location) {
          return { response, body: await this.readBody(response, at), finalUrl: at };
        }
        await response.body?.cancel();
        // Redirects are followed on the service only: its answers never send the client elsewhere.
        const next = new URL(location, at);
        if (next.origin !== new URL(url).origin) {
          throw new SourceHttpError(this.service, at, response.status, `a redirect to another host (${next.origin})`);
        }
        if (hop >= MAX_REDIRECTS) throw new SourceHttpError(this.service, url, response.status, 'too many redirects');
        at = next.toString();
      }
    } catch (error) {
      throw this.offline(url, error) ?? error;
    }
  }

  /** The body, read up to maxBodyBytes; a longer one is cut off and refused. */
  private async readBody(response: Response, url: string): Promise<Uint8Array> {
    const declared = Number(response.headers.get('content-length') ?? NaN);
    const tooLong = () =>
      new SourceHttpError(this.service, url, response.status, `an answer over ${this.maxBodyBytes} bytes`);
    if (declared > this.maxBodyBytes) {
      await response.body?.cancel();
      throw tooLong();
    }
    const chunks: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of response.body ?? []) {
      length += chunk.byteLength;
      if (length > this.maxBodyBytes) throw tooLong();
      chunks.push(chunk);
    }
    const body = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return body;
  }

  private offline(url: string, error: unknown): SourceOfflineError | undefined {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return new SourceOfflineError(this.service, url, `no answer within ${this.timeoutMs / 1000} s`);
    }
    const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    const code = cause?.code;
    if (code && OFFLINE_CODES.has(code)) return new SourceOfflineError(this.service, url, code);
    return undefined;
  }
}

function answerOf(
  meta: { status: number; contentType: string; finalUrl: string },
  headers: Headers,
  body: Uint8Array,
): Omit<Answer, 'fromCache'> {
  return { status: meta.status, contentType: meta.contentType, url: meta.finalUrl, headers, body };
}

/** Retry-After in seconds or as an HTTP date; without it 1 s, 2 s, 4 s... */
export function retryDelay(header: string | null, attempt: number): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return 1000 * 2 ** (attempt - 1);
}
