// A real HTTP server for the source tests: counts requests and those in flight, can answer slowly
// and can be told to answer the next requests 429/503 with Retry-After. Routes are plain handlers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggedRequest {
  method: string;
  path: string;
  conditional: boolean;
  status: number;
  userAgent: string;
  accept: string;
  acceptLanguage: string;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export type FakeRoute = (request: http.IncomingMessage, url: URL) => FakeReply | undefined;

export interface FakeService {
  url: string;
  requests: LoggedRequest[];
  maxInFlight: number;
  /** Milliseconds every answer waits before it is sent. */
  delayMs: number;
  /** Answers given, in order, to the next requests before the routes are asked. */
  queued: FakeReply[];
  close(): Promise<void>;
}

export async function startFakeService(route: FakeRoute): Promise<FakeService> {
  let inFlight = 0;
  const sockets = new Set<import('node:net').Socket>();
  const service: FakeService = {
    url: '',
    requests: [],
    maxInFlight: 0,
    delayMs: 0,
    queued: [],
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    inFlight++;
    service.maxInFlight = Math.max(service.maxInFlight, inFlight);
    const url = new URL(request.url ?? '/', service.url);
    const reply = service.queued.shift() ?? route(request, url) ?? { status: 404, body: 'not found' };
    service.requests.push({
      method: request.method ?? '',
      path: url.pathname + url.search,
      conditional: request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined,
      status: reply.status,
      userAgent: request.headers['user-agent'] ?? '',
      accept: request.headers.accept ?? '',
      acceptLanguage: request.headers['accept-language'] ?? '',
    });
    setTimeout(() => {
      if (response.destroyed) return void inFlight--;
      response.writeHead(reply.status, reply.headers);
      response.end(reply.body);
      inFlight--;
    }, service.delayMs);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

/** 200 with an ETag, or 304 when the client already holds that ETag. */
export function withEtag(request: http.IncomingMessage, etag: string, reply: FakeReply): FakeReply {
  if (request.headers['if-none-match'] === etag) return { status: 304, headers: { etag } };
  return { ...reply, headers: { ...reply.headers, etag } };
}
