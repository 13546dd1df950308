// A person makes an account and uses it: registers, confirms the email from a real mail, logs
// in, changes the handle and finds the public profile under it; forgets the password and resets
// it from the mail; creates an organization and opens its public page. The server sends its
// mail over SMTP to the test's own SMTP server (playwright.config.ts gives both the port).
import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotAllWays } from './support/screens';
import { actAsNewReader } from './support/client-address';

let mailbox: SmtpSink;
test.beforeAll(async () => {
  mailbox = await startSmtpSink({ port: Number(process.env.E2E_SMTP_PORT) });
});
test.afterAll(async () => {
  await mailbox.close();
});

const PASSWORD = 'Vltava-sedm-mostu-2026!';
const NEW_PASSWORD = 'Orloj-na-Staromestskem-11';

/** A unique person per test run: the e2e database lives as long as the run. */
function person(tag: string) {
  const id = `${tag}${Date.now().toString(36)}`;
  // 77x xxx xxx is a Czech mobile range, valid whatever the digits (60x is not: 600 and 609 fail).
  const phone = `77${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { email: `${id}@example.cz`, first: 'Alžběta', last: `Dvořáková ${id}`, phone };
}

/** The first link in a mail's text that contains `part`. */
function linkIn(text: string, part: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`no ${part} link in: ${text}`);
  return link;
}

async function register(page: Page, who: ReturnType<typeof person>) {
  await actAsNewReader(page);
  await page.goto('/auth/register');
  const submit = page.getByRole('button', { name: 'Register' });
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await expect(submit).toBeDisabled();
  await page.getByLabel('First name').fill(who.first);
  await page.getByLabel('Last name').fill(who.last);
  await page.getByLabel('Phone number').fill(who.phone);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Registration Successful!').first()).toBeVisible();
  await expect(page.getByText(who.email).first()).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('register, confirm the email, log in, change the handle and see the public profile', async ({ page }) => {
  const who = person('reg');
  const before = mailbox.messages.length;
  await register(page, who);
  await expectNoSeriousA11yViolations(page, 'registration done');

  const mail = await mailbox.waitForMail(who.email, { after: before });
  await page.goto(linkIn(mail.text, '/v1/auth/verify'));
  await expect(page).toHaveURL(/\/auth\/login\?verified=1/);
  await expect(page.getByText('Email verified. You can log in now.')).toBeVisible();

  await logIn(page, who.email, PASSWORD);
  await expect(page.getByText('Welcome back!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const menu = page.getByRole('button', { name: /^Account: / });
  await expect(menu).toBeVisible();

  await page.goto('/settings/handle');
  const handle = `alzbeta-${Date.now().toString(36)}`;
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toBeDisabled();
  await page.getByLabel('New handle').fill(handle);
  await update.click();
  await expect(page.getByText('Handle updated!')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'handle settings');

  await page.goto('/settings/profile');
  await expect(page.getByLabel('First name')).toHaveValue(who.first);
  await expectNoSeriousA11yViolations(page, 'profile settings');
  await screenshotAllWays(page, 'profile-settings', async (p) => {
    await p.goto('/settings/profile');
    await expect(p.getByLabel('First name')).toHaveValue(who.first);
  });

  await page.goto(`/u/${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(who.first) })).toBeVisible();
  await expect(page.getByText(`@${handle}`).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'public profile');
  await screenshotAllWays(page, 'public-profile', async (p) => {
    await p.goto(`/u/${handle}`);
    await expect(p.getByRole('heading', { level: 1, name: new RegExp(who.first) })).toBeVisible();
  });
});

test('the registration form, in Czech too', async ({ page }) => {
  await screenshotAllWays(page, 'register', async (p) => {
    await p.goto('/auth/register');
    await expect(p.getByRole('button', { name: 'Register' })).toBeVisible();
  });
  await page.evaluate(() => window.localStorage.setItem('lexhub.locale', 'cs'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auth/register');
  await expect(page.getByRole('button', { name: 'Zaregistrovat se' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'registration form (cs)');
  await page.screenshot({ path: 'test-results/screenshots/register-cs-light-1280.png' });
});

test('a wrong password is refused with the login failure toast', async ({ page }) => {
  await logIn(page, 'nobody-here@example.cz', 'Wrong-password-123456');
  await expect(page.getByText('Login Failed').first()).toBeVisible();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login failed');
  await screenshotAllWays(page, 'login', async (p) => {
    await p.goto('/auth/login');
    await expect(p.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test('log in before confirming: the link is sent again, and the first link still confirms the address', async ({
  page,
}) => {
  // No names, a Slovak mobile number: the form needs only email, password and phone.
  const email = `sk${Date.now().toString(36)}@example.sk`;
  const before = mailbox.messages.length;
  await actAsNewReader(page);
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Country code').click();
  await page.getByRole('option', { name: 'SK +421' }).click();
  await page.getByLabel('Phone number').fill(`0905 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration Successful!').first()).toBeVisible();
  const first = await mailbox.waitForMail(email, { after: before });

  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Your email address is not verified yet.', { exact: false }).first()).toBeVisible();
  const again = page.getByRole('button', { name: 'Send the link again' });
  await expectNoSeriousA11yViolations(page, 'login, email not verified');
  await screenshotAllWays(page, 'login-not-verified', async (p) => {
    await logIn(p, email, PASSWORD);
    await expect(p.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  });
  await logIn(page, email, PASSWORD);
  const resent = mailbox.messages.length;
  await again.click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
  const second = await mailbox.waitForMail(email, { after: resent });

  // Sending again revokes nothing (anyone may ask for it): the FIRST link confirms the address,
  // and the second then answers as a used link does.
  await page.goto(linkIn(first.text, '/v1/auth/verify'));
  await expect(page).toHaveURL(/\/auth\/login\?verified=1/);
  await page.goto(linkIn(second.text, '/v1/auth/verify'));
  await expect(page).toHaveURL(/verify_error=invalid_or_expired_token/);
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Welcome back!').first()).toBeVisible();
});

test('forgot the password: the mailed link resets it, the new one logs in', async ({ page }) => {
  const who = person('fgt');
  let before = mailbox.messages.length;
  await register(page, who);
  await page.goto(linkIn((await mailbox.waitForMail(who.email, { after: before })).text, '/v1/auth/verify'));

  before = mailbox.messages.length;
  await page.goto('/auth/forgot');
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email Sent!').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot password sent');
  await screenshotAllWays(page, 'forgot', async (p) => {
    await p.goto('/auth/forgot');
    await expect(p.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  });

  const resetLink = linkIn((await mailbox.waitForMail(who.email, { after: before })).text, '/auth/reset?token=');
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/, { timeout: 5_000 });

  await logIn(page, who.email, PASSWORD);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await logIn(page, who.email, NEW_PASSWORD);
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();

  // The link is single use.
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill('Another-long-passphrase-77');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Invalid or expired reset link').first()).toBeVisible();
});

test('create an organization and open its public page', async ({ page }) => {
  const who = person('org');
  const before = mailbox.messages.length;
  await register(page, who);
  await page.goto(linkIn((await mailbox.waitForMail(who.email, { after: before })).text, '/v1/auth/verify'));
  await logIn(page, who.email, PASSWORD);
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();

  await page.goto('/teams');
  const slug = `kancelar-${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill('Advokátní kancelář Vltava');
  await page.getByLabel('Address (slug)').fill(slug);
  await page.getByLabel('Abbreviation').fill('AKV');
  await page.getByRole('button', { name: 'Add a location' }).click();
  await page.getByLabel('City 1').fill('Praha');
  await page.getByLabel('Country 1').fill('CZ');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Organization created.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'teams');
  await screenshotAllWays(page, 'teams', async (p) => {
    await p.goto('/teams');
    await expect(p.getByText('Advokátní kancelář Vltava').first()).toBeVisible();
  });

  await page.goto(`/org/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Advokátní kancelář Vltava' })).toBeVisible();
  await expect(page.getByText('AKV').first()).toBeVisible();
  await expect(page.getByText(/Praha, /)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'organization page');
  await screenshotAllWays(page, 'organization', async (p) => {
    await p.goto(`/org/${slug}`);
    await expect(p.getByRole('heading', { level: 1, name: 'Advokátní kancelář Vltava' })).toBeVisible();
  });
});
