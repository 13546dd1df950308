// The shell on the real server: home, not-found, the API's JSON 404s and the SPA fallback.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotAllWays } from './support/screens';

test('home shows the product and its two calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Legal operating system with search, editor, and Copilot.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Collections' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'home');
  await screenshotAllWays(page, 'home', (p) => p.goto('/').then(() => undefined));
});

test('unknown API routes answer JSON 404 and unknown pages show not-found', async ({ request, page }) => {
  const api = await request.get('/v1/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ detail: 'not_found' });
  await page.goto('/no/such/page/here');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'not-found');
});
