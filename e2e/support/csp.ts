// The browser's own word on the security headers: a resource, inline script or style the
// Content-Security-Policy blocked, or a Permissions-Policy it could not read, is a console error.
import { expect, type Page } from '@playwright/test';

const POLICY_ERRORS = /Content Security Policy|Content-Security-Policy|Permissions-Policy/;

/** Fails when the page (its recent console, up to 200 messages) reports a policy violation. */
export async function expectNoPolicyViolations(page: Page, label: string) {
  const messages = await page.consoleMessages({ filter: 'all' });
  const violations = messages
    .filter((message) => POLICY_ERRORS.test(message.text()))
    .map((message) => `${message.type()}: ${message.text()}`);
  expect(violations, `${label}: the page broke its security policy`).toEqual([]);
}
