// Every route of the contract's table is served: the server registers it at its routePattern with
// its method, so the client never calls (and the OpenAPI document never lists) a route nobody answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePattern, type RouteSpec } from '../../src/api/contract/route.js';
import { routes } from '../../src/api/contract/routes.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Fastify's form of a route's address: `{id}` becomes `:id`. */
const fastifyUrl = (spec: RouteSpec) => routePattern(spec).replace(/\{(\w+)\}/g, ':$1');

describe.each(ENGINES)('the route table on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  it.each(Object.entries(routes as Record<string, RouteSpec>))('serves %s', (_name, spec) => {
    expect(server.app.hasRoute({ method: spec.method, url: fastifyUrl(spec) })).toBe(true);
  });

  it('finds a route that is not registered missing', () => {
    expect(server.app.hasRoute({ method: 'GET', url: '/v1/legal/no-such-route/:id' })).toBe(false);
  });
});
