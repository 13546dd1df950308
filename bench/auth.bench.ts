// Accounts bench: logins per second with argon2id on this machine, and the p99 of GET /auth/me
// under 32 connections, alone and while logins run beside it. Hashing runs on libuv's thread
// pool, so it must not hold up the event loop: /auth/me p99 stays under 20 ms under login load.
import { buildApp } from '../server/app.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../server/auth/rate-limit.js';
import { MemoryMailer } from '../server/mail/memory-mailer.js';
import { analyze, type BenchContext } from './lib/context.js';
import { openBenchDatabase } from './lib/engines.js';
import { assertAllOk, HTTP_TIMEOUT_S, runHttpLoad, type HttpRequestInput, type LoadResult } from './lib/load.js';
import { withTarget, type LatencyRow, type PartResult } from './lib/results.js';

export const AUTH_ME_P99_TARGET_MS = 20;
const USERS = 40;
const LOGIN_CONNECTIONS = 4;
const PASSWORD = 'Bench-heslo-Vltava-2026!';
const CSRF = 'bench-csrf-token';
const CSRF_HEADERS = { cookie: `csrf_token=${CSRF}`, 'x-csrf-token': CSRF };
const UNLIMITED = { limit: 1_000_000_000, windowSeconds: 60 };

export async function benchAuth(ctx: BenchContext): Promise<PartResult> {
  const database = await openBenchDatabase(ctx.engine, 'auth', true);
  const rateLimits = Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, UNLIMITED]),
  ) as unknown as RateLimits;
  const app = await buildApp({
    database,
    accounts: { publicUrl: 'http://127.0.0.1', mailer: new MemoryMailer(), rateLimits, maxFailedLogins: 1_000_000 },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;

    ctx.log(`  registering ${USERS} users...`);
    const emails: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `bench${i}@example.cz`;
      const response = await app.inject({
        method: 'POST',
        url: '/v1/auth/register',
        headers: { ...CSRF_HEADERS, 'content-type': 'application/json' },
        payload: {
          email,
          password: PASSWORD,
          first_name: 'Bench',
          last_name: `User ${i}`,
          phone: `601${String(100000 + i)}`,
        },
      });
      if (response.statusCode !== 200) throw new Error(`register ${email}: ${response.statusCode} ${response.body}`);
      emails.push(email);
    }
    await database.raw('UPDATE users SET email_verified_at = now()');
    await analyze(database.raw);

    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { ...CSRF_HEADERS, 'content-type': 'application/json' },
      payload: { identifier: emails[0], password: PASSWORD },
    });
    const sessionCookie = login.cookies.find((cookie) => cookie.name === 'lexhub_session');
    if (!sessionCookie) throw new Error(`login gave no session cookie: ${login.statusCode} ${login.body}`);

    const logins: HttpRequestInput[] = emails.map((email) => ({
      method: 'POST',
      path: '/v1/auth/login',
      body: JSON.stringify({ identifier: email, password: PASSWORD }),
      headers: CSRF_HEADERS,
    }));
    const me: HttpRequestInput[] = [
      { method: 'GET', path: '/v1/auth/me', headers: { cookie: `lexhub_session=${sessionCookie.value}` } },
    ];
    const load = {
      durationS: ctx.durationS,
      warmupS: ctx.warmupS,
      timeoutS: HTTP_TIMEOUT_S,
      drainPath: '/healthz',
      url,
    };

    ctx.log('  logins alone...');
    const loginsAlone = await runHttpLoad({ ...load, requests: logins, connections: LOGIN_CONNECTIONS });
    assertAllOk('logins', loginsAlone);
    ctx.log('  /auth/me alone...');
    const meAlone = await runHttpLoad({ ...load, requests: me, connections: ctx.connections });
    assertAllOk('/auth/me', meAlone);
    ctx.log('  /auth/me while logins run...');
    const [meUnderLogins, loginsBeside] = await Promise.all([
      runHttpLoad({ ...load, requests: me, connections: ctx.connections }),
      // The login load starts together with /auth/me and runs a little longer, so every measured
      // /auth/me request has logins hashing beside it.
      runHttpLoad({ ...load, durationS: ctx.durationS + 1, requests: logins, connections: LOGIN_CONNECTIONS }),
    ]);
    assertAllOk('/auth/me under logins', meUnderLogins);
    assertAllOk('logins beside /auth/me', loginsBeside);

    const row = (name: string, concurrency: number, result: LoadResult): LatencyRow => ({
      name,
      layer: 'api',
      concurrency,
      stats: result.stats,
      errors: result.errors,
    });
    return {
      part: 'auth',
      ranAt: new Date().toISOString(),
      data: {
        users: USERS,
        loginConnections: LOGIN_CONNECTIONS,
        argon2: 'argon2id, @node-rs/argon2 defaults (m=19456 KiB, t=2, p=1)',
        loginsPerSecondAlone: loginsAlone.stats.perSecond,
        loginsPerSecondBesideMe: loginsBeside.stats.perSecond,
        ...load,
      },
      rows: [
        row('POST /auth/login (alone)', LOGIN_CONNECTIONS, loginsAlone),
        row('GET /auth/me (alone)', ctx.connections, meAlone),
        withTarget(row('GET /auth/me (logins beside)', ctx.connections, meUnderLogins), 'p99Ms', AUTH_ME_P99_TARGET_MS),
        row('POST /auth/login (beside /auth/me)', LOGIN_CONNECTIONS, loginsBeside),
      ],
      notes: [
        'Each login verifies an argon2id hash (libuv thread pool, 4 threads by default) and writes a session row.',
        '/auth/me is one indexed query joining sessions and users, plus the sliding touch at most once a minute.',
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
}
