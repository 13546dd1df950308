// GET /metrics: served only with the configured bearer token (404 otherwise, as any unknown path),
// Prometheus text with requests by route pattern (never by the path asked for) and status,
// durations, the pool on PostgreSQL, the live channel (sockets, deliveries, lag, cuts) and the
// NOTIFY queue's fill.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannel } from '../../src/realtime/protocol.js';
import { registerAndLogin } from '../support/accounts.js';
import { connectLive } from '../support/realtime-client.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** GET `path` on 127.0.0.1:`port` with the Host header given as is (fetch sets its own). */
function getWithHost(port: number, path: string, host: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { ...headers, host } }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    request.on('error', reject);
  });
}

describe.each(ENGINES)('/metrics on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { metrics: { token: TOKEN } });
  });
  afterAll(() => server.close());

  const scrape = (token?: string) =>
    server.get('/metrics', token === undefined ? {} : { authorization: `Bearer ${token}` });

  it('answers 404 without the token or with a wrong one', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape('wrong')).status).toBe(404);
    expect((await scrape(`${TOKEN}x`)).status).toBe(404);
  });

  it('counts requests by route pattern and status, with durations and the database', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect((await server.get(`/v1/legal/documents/${id}`)).status).toBe(404);
    expect((await server.get('/healthz')).status).toBe(200);
    // A scrape with a query string is a scrape too.
    expect((await server.get('/metrics?x=1', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    const response = await scrape(TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(
      /lexhub_http_requests_total\{method="GET",route="\/v1\/legal\/documents\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(/lexhub_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1/);
    // The id asked for never becomes a label.
    expect(text).not.toContain(id);
    expect(text).toMatch(
      /lexhub_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_class="2xx"\} 1/,
    );
    expect(text).toMatch(/^lexhub_live_sockets 0$/m);
    // The queue is the cluster's: other test files' listeners (other workers) may fill it a little.
    expect(text).toMatch(/^lexhub_notify_queue_usage_ratio (0|[0-9.e-]+)$/m);
    for (const name of [
      'lexhub_live_deliveries_total',
      'lexhub_live_slow_consumer_cuts_total',
      'lexhub_live_listener_cuts_total',
      'lexhub_live_caught_up_total',
      'lexhub_live_lag_messages',
    ])
      expect(text).toMatch(new RegExp(`^${name} 0$`, 'm'));
    if (engine === 'postgres') {
      for (const name of ['lexhub_db_pool_connections', 'lexhub_db_pool_idle', 'lexhub_db_pool_waiting'])
        expect(text).toMatch(new RegExp(`^${name}\\{pool="primary"\\} \\d+$`, 'm'));
      expect(text).toMatch(/^lexhub_db_pool_connections\{pool="primary"\} [1-9]\d*$/m);
    } else expect(text).not.toContain('lexhub_db_pool_connections');
    // No read replica here: neither its pool nor its lag is shown.
    expect(text).not.toContain('pool="replica"');
    expect(text).not.toContain('lexhub_db_replica_');
    // The scrape itself is not counted.
    expect(text).not.toContain('route="/metrics"');
  });

  it('counts live deliveries and shows the listener caught up', async () => {
    const { session, user } = await registerAndLogin(server);
    const client = await connectLive(server.url, session);
    try {
      await client.subscribe([userChannel(user.id)]);
      await server.app.realtime.publish(user.id, 'search.query', { q: 'metrics' });
      await client.waitFor((message) => message.cmd === 'search.query');
      const text = await (await scrape(TOKEN)).text();
      expect(text).toMatch(/^lexhub_live_sockets 1$/m);
      expect(text).toMatch(/^lexhub_live_deliveries_total 1$/m);
      expect(text).toMatch(/^lexhub_live_lag_messages 0$/m);
    } finally {
      client.close();
    }
  });
});

describe('/metrics unconfigured', () => {
  it('is not served at all', async () => {
    const server = await startTestServer('pglite');
    try {
      const response = await server.get('/metrics', { authorization: 'Bearer anything' });
      expect(response.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

// METRICS_HOST: /metrics on a listener of its own (a private address a scraper reaches), never on
// the public port; a token set as well is asked for there too.
describe.each(ENGINES)('/metrics on its own listener (METRICS_HOST) on %s', (engine) => {
  let server: TestServer;
  let metricsUrl: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { metrics: { listen: { host: '127.0.0.1', port: 0 } } });
    metricsUrl = `http://127.0.0.1:${server.app.metricsAddress!()!.port}`;
  });
  afterAll(() => server?.close());

  it('serves /metrics there and not on the public port', async () => {
    expect((await server.get('/healthz')).status).toBe(200);
    expect((await server.get('/metrics')).status).toBe(404);
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toMatch(/lexhub_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1/);
    // The public port's 404 for /metrics is counted as any unknown path; the listener's scrapes are not.
    expect(text).not.toContain('route="/metrics"');
  });

  it('serves nothing else there', async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/v1/meta`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST', body: 'x' })).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics?x=1`)).status).toBe(200);
  });

  it('answers only a Host that names the listener itself, not a rebound DNS name', async () => {
    const port = server.app.metricsAddress!()!.port;
    // A page of evil.example whose name was made to resolve to 127.0.0.1 sends its own name.
    expect(await getWithHost(port, '/metrics', `evil.example:${port}`)).toBe(421);
    expect(await getWithHost(port, '/metrics', 'evil.example')).toBe(421);
    expect(await getWithHost(port, '/', `evil.example:${port}`)).toBe(421);
    expect(await getWithHost(port, '/metrics', `127.0.0.1.evil.example:${port}`)).toBe(421);
    // An IP literal, localhost or the METRICS_HOST address: what a scraper's target names.
    expect(await getWithHost(port, '/metrics', `127.0.0.1:${port}`)).toBe(200);
    expect(await getWithHost(port, '/metrics', '10.0.0.7')).toBe(200);
    expect(await getWithHost(port, '/metrics', `[::1]:${port}`)).toBe(200);
    expect(await getWithHost(port, '/metrics', `LOCALHOST:${port}`)).toBe(200);
  });
});

describe('METRICS_HOST with METRICS_TOKEN, and its port', () => {
  it('asks for the token on the listener too, and closes the listener with the app', async () => {
    const server = await startTestServer('pglite', {
      metrics: { token: TOKEN, listen: { host: '127.0.0.1', port: 0 } },
    });
    const metricsUrl = `http://127.0.0.1:${server.app.metricsAddress!()!.port}/metrics`;
    try {
      expect((await fetch(metricsUrl)).status).toBe(404);
      expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
      expect((await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      // A token is what a rebinding page cannot send: with it, any Host is answered.
      const port = server.app.metricsAddress!()!.port;
      expect(await getWithHost(port, '/metrics', 'scrape.example', { authorization: `Bearer ${TOKEN}` })).toBe(200);
      expect(await getWithHost(port, '/metrics', 'scrape.example')).toBe(404);
      // The token does not bring /metrics back to the public port.
      expect((await server.get('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });

  it('stops the start when its port is taken, naming METRICS_HOST', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      await expect(startTestServer('pglite', { metrics: { listen: { host: '127.0.0.1', port } } })).rejects.toThrow(
        `METRICS_HOST 127.0.0.1:${port}: listen EADDRINUSE`,
      );
    } finally {
      taken.close();
    }
  });
});
