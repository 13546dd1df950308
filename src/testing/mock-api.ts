// The mocked API of one client test file: every such file started an msw server, listened for
// the whole file, dropped a test's `server.use` overrides after it and closed at the end.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';

type UnhandledRequests = 'error' | 'warn' | 'bypass';

/** An msw server for this file answering with `handlers`; a request none of them answers fails the test. */
export function mockApi(...handlers: RequestHandler[]): SetupServer {
  return mockApiWith({ onUnhandledRequest: 'error' }, ...handlers);
}

/** The same, for a file whose screen also asks for things the test does not care about ('bypass'). */
export function mockApiWith(
  options: { onUnhandledRequest: UnhandledRequests },
  ...handlers: RequestHandler[]
): SetupServer {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen(options));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
