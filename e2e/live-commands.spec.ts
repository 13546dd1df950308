// A bad live command does not take the page down: a logged-in reader with the Copilot connected
// gets a tool.navigate to another origin (refused: a toast, the event marked, the address kept)
// and one with a non-string path (refused by the server), and the page stays usable; a good
// tool.navigate still moves it.
import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { registerAndLogIn } from './support/log-in';

let mailbox: SmtpSink;
test.beforeAll(async () => {
  mailbox = await startSmtpSink({ port: Number(process.env.E2E_SMTP_PORT) });
});
test.afterAll(async () => {
  await mailbox.close();
});

/** POST /v1/realtime/publish as the logged-in page (its cookies and CSRF token). */
async function publish(page: Page, cmd: string, payload: Record<string, unknown>) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  return page.request.post('/v1/realtime/publish', { data: { cmd, payload }, headers: { 'X-CSRF-Token': csrf } });
}

test('a malformed tool.navigate is refused and the page stays usable', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await registerAndLogIn(page, mailbox, 'live');
  await page.goto('/privacy');
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  const headingText = await heading.textContent();

  await page.getByRole('button', { name: 'Open Copilot' }).click();
  const panel = page.getByRole('complementary', { name: 'Copilot' });
  await expect(panel.getByText('Connected')).toBeVisible({ timeout: 15_000 });

  // Another origin: published (the protocol takes any path starting with /), refused by the page.
  expect((await publish(page, 'tool.navigate', { path: '//evil.example/x' })).status()).toBe(200);
  await expect(
    page.getByText('A Copilot command asked to open an address outside Lexhub; it was ignored.', { exact: true }),
  ).toBeVisible();
  await expect(panel.getByText('Refused')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/live-command-refused-light-1280.png' });

  // Not a string: the server refuses it, nothing reaches the page.
  const notAString = await publish(page, 'tool.navigate', { path: 42 });
  expect(notAString.status()).toBe(400);
  expect(await notAString.json()).toMatchObject({ detail: 'validation_failed', field: 'payload.path' });

  // Still here, still whole.
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(heading).toHaveText(headingText ?? '');
  await expect(page.getByRole('banner')).toBeVisible();

  // A link still navigates, and a good command still moves the page.
  await page.getByRole('banner').getByRole('link', { name: 'Lexhub' }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/?$`));
  expect((await publish(page, 'tool.navigate', { path: '/terms' })).status()).toBe(200);
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
});
