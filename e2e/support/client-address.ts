// Each registering test is a reader from an address of its own: the e2e server trusts
// X-Forwarded-For (TRUST_PROXY, as behind a proxy), so per-address limits (5 registrations an
// hour) count per test, as they would for different people, and a retried test does not use up
// another's budget. The addresses are from TEST-NET-1 (RFC 5737): header values only, no traffic.
import type { Page } from '@playwright/test';

let next = 1 + Math.floor(Math.random() * 200);

export async function actAsNewReader(page: Page) {
  next = (next % 254) + 1;
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${next}` });
}
