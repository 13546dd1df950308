// A new reader, logged in: registers through the form, follows the verification link the mail
// brought to the test's SMTP sink, and logs in through the form.
import { expect, type Page } from '@playwright/test';
import type { SmtpSink } from '../../tests/support/smtp-sink';
import { actAsNewReader } from './client-address';

export const E2E_PASSWORD = 'Vltava-sedm-mostu-2026!';

/**
 * `base` is the server's address when the test runs its own server, else '' (the config's baseURL);
 * `email` a given address (e.g. one in the server's OPERATOR_EMAILS), else a new one.
 */
export async function registerAndLogIn(
  page: Page,
  mailbox: SmtpSink,
  tag: string,
  base = '',
  email = `${tag}${Date.now().toString(36)}@example.cz`,
) {
  const before = mailbox.messages.length;
  await actAsNewReader(page);
  await page.goto(`${base}/auth/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByLabel('First name').fill('Karel');
  await page.getByLabel('Last name').fill('Čapek');
  // 77x xxx xxx is a Czech mobile range, valid whatever the digits.
  await page.getByLabel('Phone number').fill(`77${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
  await page.getByRole('button', { name: 'Register' }).click();
  const mail = await mailbox.waitForMail(email, { after: before });
  const verify = mail.text.match(/https?:\/\/\S+\/v1\/auth\/verify\S*/)?.[0];
  expect(verify, mail.text).toBeTruthy();
  await page.goto(verify!);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
}
