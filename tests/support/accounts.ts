// Accounts for server tests: register through the API, open the verification link from the
// test server's captured mail, and log in, so each test starts with a real, logged-in user.
import { randomBytes } from 'node:crypto';
import { MeResponse, type CurrentUser, type RegisterRequest } from '../../src/api/contract/auth.js';
import { linkIn } from '../../server/mail/memory-mailer.js';
import { HttpSession } from './http-session.js';
import type { TestServer } from './test-server.js';

export interface TestUser extends CurrentUser {
  password: string;
  /** As sent at registration (calling code and national digits). */
  phone: string;
}

/** A logged-in test user with its session, as the suites pass them around. */
export interface TestAccount {
  session: HttpSession;
  user: TestUser;
}

let counter = 0;

/** A fresh registration body: unique email and Czech mobile number, a strong password. */
export function newRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest & { password: string } {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(3).toString('hex')}`;
  // 77x xxx xxx is a Czech mobile range: always a valid number.
  const phone = `+420 77${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return {
    email: `user-${tag}@example.com`,
    password: `Quiet-Lantern-${randomBytes(6).toString('hex')}-River`,
    first_name: 'Jana',
    last_name: 'Nováková',
    phone,
    language: 'en',
    ...overrides,
  } as RegisterRequest & { password: string };
}

/** Registers (201/200 expected) and returns the body sent; throws with the answer otherwise. */
export async function register(server: TestServer, body: RegisterRequest, session = new HttpSession(server.url)) {
  const response = await session.post('/v1/auth/register', body);
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return body;
}

/** Opens the verification link of the newest verification mail to `email`. */
export async function verifyEmail(server: TestServer, email: string) {
  const messages = server.mail.to(email);
  const message = messages.findLast((m) => m.text.includes('/v1/auth/verify')) ?? (await server.mail.waitFor(email));
  const link = new URL(linkIn(message, '/v1/auth/verify'));
  const response = await fetch(server.url + link.pathname + link.search, { headers: { accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`verify failed: ${response.status} ${await response.text()}`);
}

/** Logs in with a new session; throws unless the login succeeded. */
export async function login(
  server: TestServer,
  email: string,
  password: string,
): Promise<{ session: HttpSession; user: CurrentUser }> {
  const session = new HttpSession(server.url);
  const response = await session.post('/v1/auth/login', { identifier: email, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { user } = MeResponse.parse(await response.json());
  return { session, user };
}

/** A registered, verified and logged-in user, with its session (cookies and CSRF handled). */
export async function registerAndLogin(
  server: TestServer,
  overrides: Partial<RegisterRequest> = {},
): Promise<TestAccount> {
  const body = newRegistration(overrides);
  await register(server, body);
  await verifyEmail(server, body.email);
  const { session, user } = await login(server, body.email, body.password);
  return { session, user: { ...user, password: body.password, phone: body.phone } };
}

/**
 * Makes `member` a member of the org as `role` the only way there is (issue 15): the owner or an
 * admin invites, the member accepts. Answers the invitation's response when it failed, else the
 * acceptance's (the Org).
 */
export async function addOrgMember(
  by: TestAccount,
  slug: string,
  member: TestAccount,
  role: string,
): Promise<Response> {
  const invited = await by.session.post(`/v1/orgs/${slug}/members`, { username: member.user.username, role });
  if (invited.status !== 200) return invited;
  await invited.arrayBuffer();
  return member.session.post(`/v1/orgs/${slug}/invitations/${member.user.username}/accept`);
}
