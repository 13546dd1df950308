// The shell on the real server: home (title, buttons, search box, entry points with counts),
// the documents list's facets in the address, not-found, the API's JSON 404s and the SPA fallback.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotAllWays } from './support/screens';

test('home shows the product, its two calls to action, a search box and the entry points', async ({ page }) => {
  // Eight screenshots with fonts to load: more than the default 30 s on a busy machine.
  test.slow();
  await page.goto('/');
  await expect(page.getByText('Legal operating system with search, editor, and Copilot.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Collections' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
  // The seed holds the Constitution (Czech) and EU acts (a DGT-TM decision, Directive 2014/92/EU).
  await expect(page.getByRole('link', { name: /^Czech law 1 document$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^EU law 2 documents$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'home');
  await screenshotAllWays(page, 'home', (p) =>
    p.goto('/').then(() => expect(p.getByRole('link', { name: /^Czech law/ })).toBeVisible()),
  );

  await page.getByRole('searchbox', { name: 'Search the library' }).fill('ústava');
  await page.keyboard.press('Enter');
  // The home box asks the search screen, which resolves names and searches the text.
  await expect(page).toHaveURL(/\/search\?q=%C3%BAstava$/);
  await expect(page.getByRole('link', { name: /Ústava České republiky/ }).first()).toBeVisible();
});

test('the documents list filters by jurisdiction from the address and cites EU acts', async ({ page }) => {
  test.slow();
  await page.goto('/documents?jurisdiction=eu&sort=number');
  const directive = page.getByRole('link', { name: /2014\/92\/EU/ }).first();
  await expect(directive).toBeVisible();
  await expect(directive).toContainText('Directive 2014/92/EU');
  await expect(page.getByRole('link', { name: /Ústava/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'documents-list');
  await screenshotAllWays(page, 'documents-list', (p) =>
    p.goto('/documents').then(() => expect(p.getByRole('link', { name: /Ústava/ })).toBeVisible()),
  );
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
