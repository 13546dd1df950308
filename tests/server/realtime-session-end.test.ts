// Live sockets and Copilot sessions end with the login session they were issued under: logout
// and a password reset close the user's open sockets within a heartbeat (4401 session_ended)
// and make earlier Copilot headers answer 401; a second login of the same user is untouched.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contract/common.js';
import { CLOSE_CODES, SESSION_ENDED_REASON, userChannel } from '../../src/realtime/protocol.js';
import { sha256 } from '../../server/auth/secret-token.js';
import { sqlRows } from '../../server/db/sql.js';
import { linkIn } from '../../server/mail/memory-mailer.js';
import { issueWsToken } from '../../server/realtime/ws-tokens.js';
import { login, registerAndLogin } from '../support/accounts.js';
import { chatBody, issueSession, postChat, readChunks, templatesOf } from '../support/copilot-chat.js';
import { HttpSession } from '../support/http-session.js';
import { RealtimeTestClient, connectLive, issueToken, wsUrl } from '../support/realtime-client.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const HEARTBEAT_MS = 200;
/** A heartbeat, plus room for the query and the close handshake on a busy machine. */
const WITHIN_A_HEARTBEAT_MS = HEARTBEAT_MS + 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(ENGINES)('sockets and Copilot sessions end with the login session (%s)', (engine) => {
  let server: TestServer;
  let hash: string;
  const clients: RealtimeTestClient[] = [];
  const live = async (session: HttpSession) => {
    const client = await connectLive(server.url, session);
    clients.push(client);
    return client;
  };
  const expectSessionEnded = async (client: RealtimeTestClient) => {
    const closed = await client.closeInfo(WITHIN_A_HEARTBEAT_MS);
    expect(closed).toEqual({ code: CLOSE_CODES.unauthorized, reason: SESSION_ENDED_REASON });
    expect(client.messages).toContainEqual(expect.objectContaining({ type: 'err', code: SESSION_ENDED_REASON }));
  };
  const logout = async (session: HttpSession) =>
    expect((await session.post('/v1/auth/logout')).status).toBeLessThan(300);

  beforeAll(async () => {
    server = await startTestServer(engine, { realtime: { heartbeatMs: HEARTBEAT_MS } });
    hash = (await templatesOf(server.url)).hash;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('records the login session on the ws-token, from both issuers', async () => {
    const { session, user } = await registerAndLogin(server);
    const plain = await issueToken(session);
    const copilot = await issueSession(session, hash, true);
    const rows = await sqlRows<{ token_hash: string; session_id_hash: string | null }>(
      server.database.db,
      sql`SELECT token_hash, session_id_hash FROM ws_tokens WHERE user_id = ${user.id}`,
    );
    const [login] = await sqlRows<{ id_hash: string }>(
      server.database.db,
      sql`SELECT id_hash FROM sessions WHERE user_id = ${user.id}`,
    );
    expect(rows.map((row) => row.token_hash).sort()).toEqual([sha256(plain), sha256(copilot.ws_token!.token)].sort());
    expect(rows.every((row) => row.session_id_hash === login!.id_hash)).toBe(true);
    // The Copilot headers carry a tag of the login session, neither it nor its hash.
    expect(Object.values(copilot.signed_headers).join('\n')).not.toContain(login!.id_hash);
  });

  it('logout closes the open socket within a heartbeat with 4401 session_ended', async () => {
    const { session, user } = await registerAndLogin(server);
    const client = await live(session);
    expect(await client.subscribe([userChannel(user.id)])).toMatchObject({ type: 'subscribed' });
    await logout(session);
    await expectSessionEnded(client);
  });

  it('a ws-token issued before logout no longer opens a socket after it', async () => {
    const { session } = await registerAndLogin(server);
    const token = await issueToken(session);
    await logout(session);
    const client = await RealtimeTestClient.connect(wsUrl(server.url, token));
    clients.push(client);
    expect(await client.closeInfo()).toEqual({ code: CLOSE_CODES.unauthorized, reason: 'unauthorized' });
    expect(client.messages.some((message) => (message as { type?: string }).type === 'ready')).toBe(false);
  });

  it('a password reset closes every socket of the user', async () => {
    const { session, user } = await registerAndLogin(server);
    const second = await login(server, user.email, user.password);
    const first = await live(session);
    const other = await live(second.session);
    const before = server.mail.messages.length;
    expect((await new HttpSession(server.url).post('/v1/auth/forgot-password', { email: user.email })).status).toBe(
      200,
    );
    const mail = await server.mail.waitFor(user.email, { after: before });
    const token = new URL(linkIn(mail, '/auth/reset?token=')).searchParams.get('token')!;
    const reset = await new HttpSession(server.url).post('/v1/auth/reset-password', {
      token,
      new_password: 'Velvet-Orchard-Thunder-42',
    });
    expect(reset.status).toBe(200);
    await expectSessionEnded(first);
    await expectSessionEnded(other);
  });

  it('another login of the same user keeps its socket when the first logs out', async () => {
    const { session, user } = await registerAndLogin(server);
    const second = await login(server, user.email, user.password);
    const first = await live(session);
    const kept = await live(second.session);
    await logout(session);
    await expectSessionEnded(first);
    // Several heartbeats later the other socket is open and still receives its channel.
    await sleep(HEARTBEAT_MS * 3);
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
    expect(await kept.subscribe([userChannel(user.id)])).toMatchObject({ type: 'subscribed' });
    const published = await second.session.post('/v1/realtime/publish', { cmd: 'tool.ping', payload: {} });
    expect(published.status).toBe(200);
    await kept.waitFor((message) => message.cmd === 'tool.ping');
  });

  it('leaves alone a socket whose token has no login session (rows from before the column)', async () => {
    const { session, user } = await registerAndLogin(server);
    const { token } = await issueWsToken(server.database.db, user.id, null);
    const client = await RealtimeTestClient.connect(wsUrl(server.url, token));
    clients.push(client);
    await client.waitFor((message) => message.type === 'ready');
    await logout(session);
    await sleep(HEARTBEAT_MS * 3);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('Copilot headers issued before logout answer 401 after it; its socket closes too', async () => {
    const { session } = await registerAndLogin(server);
    const copilot = await issueSession(session, hash, true);
    const client = await RealtimeTestClient.connect(wsUrl(server.url, copilot.ws_token!.token));
    clients.push(client);
    await client.waitFor((message) => message.type === 'ready');
    const ask = () =>
      postChat(
        `${server.url}/copilot/chat`,
        copilot.signed_headers,
        chatBody(copilot, hash, 'hledej výsledek zkoušky'),
      );
    const before = await ask();
    expect(before.status).toBe(200);
    await readChunks(before);

    await logout(session);
    const after = await ask();
    expect(after.status).toBe(401);
    expect(ErrorBody.parse(await after.json()).detail).toBe('copilot_session_invalid');
    await expectSessionEnded(client);
  });

  it('Copilot headers of one login keep working when another login of the user logs out', async () => {
    const { session, user } = await registerAndLogin(server);
    const second = await login(server, user.email, user.password);
    const copilot = await issueSession(second.session, hash);
    await logout(session);
    const response = await postChat(
      `${server.url}/copilot/chat`,
      copilot.signed_headers,
      chatBody(copilot, hash, 'hledej výsledek zkoušky'),
    );
    expect(response.status).toBe(200);
    await readChunks(response);
  });
});
