// The server-rendered document page (issue 14) in Chromium: without JavaScript the Constitution's
// title and first passages show; with it the app takes over from the server's first screen with no
// console error, without asking again for the first page and texts the HTML carried, and goes on
// working (a provision chosen from the contents, the Czech interface).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoPolicyViolations } from './support/csp';
import { documentIdOf, textRegion, textSettled } from './support/reader';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
test.skip(!fs.existsSync(path.join(corpus, 'SOURCES.md')), `the shared corpus is not at ${corpus}`);

const PREAMBLE = 'My, občané České republiky v Čechách, na Moravě a ve Slezsku';

/** Console errors and warnings of the page, React's hydration and mismatch words among them. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A signed-out visitor's session check answers 401: the browser logs it, the app expects it.
    if (/status of 401/.test(message.text())) return;
    if (message.type() === 'error' || /hydrat|mismatch/i.test(message.text()))
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the document page shows its title and the law text', async ({ page }) => {
    const id = await documentIdOf(page, '1/1993');
    await page.goto(`/documents/${id}`);
    await expect(page).toHaveTitle('Ústava České republiky · Lexhub');
    await expect(page.getByRole('heading', { level: 1, name: 'Ústava České republiky' })).toBeVisible();
    await expect(page.getByText(PREAMBLE)).toBeVisible();
    await page.screenshot({ path: 'test-results/server-rendering-no-js.png' });
  });
});

test('the app takes over the server-rendered page without errors or a second request for its text', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const id = await documentIdOf(page, '1/1993');
  const asked: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/legal/')) asked.push(request);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/documents/${id}`);
  await textSettled(page);
  await expect(textRegion(page).getByText(PREAMBLE)).toBeVisible();
  await expect(page.locator('#ssr-first-screen')).toHaveCount(0);
  await expect(page.locator('title')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/server-rendering-app.png' });

  // The first page (no cursor) and the first texts came in the HTML.
  const firstPages = asked.filter((request) => /\/fragments\?(?!.*cursor=)/.test(request.url()));
  expect(firstPages.map((request) => request.url())).toEqual([]);
  const carried = await page.request
    .get(`/v1/legal/documents/${id}/fragments?limit=100`)
    .then((response) => response.json() as Promise<{ items: { id: string }[] }>);
  const textAsks = asked.filter((request) => request.url().endsWith('/v1/legal/fragments/texts'));
  for (const request of textAsks) expect(request.postData() ?? '').not.toContain(carried.items[0]!.id);

  // It works on: a provision from the contents.
  await page.getByLabel('Filter the structure').fill('čl. 54');
  await page
    .getByRole('tree', { name: 'Document structure' })
    .getByRole('treeitem', { name: /Čl\. 54/ })
    .first()
    .click();
  await expect(textRegion(page).getByText('Prezident republiky je volen v přímých volbách.')).toBeVisible();
  expect(problems).toEqual([]);
  await expectNoPolicyViolations(page, 'server-rendered document page');
});

test('the stored interface language is the server-rendered one too', async ({ page }) => {
  const problems = watchConsole(page);
  const id = await documentIdOf(page, '1/1993');
  await page.addInitScript(() => window.localStorage.setItem('lexhub.locale', 'cs'));
  // The first visit stores the choice in a cookie (theme-bootstrap.js); the next page is rendered in it.
  await page.goto('/documents');
  const response = await page.goto(`/documents/${id}`);
  expect(await response!.text()).toMatch(/<html lang="cs"/);
  const text = page.getByRole('region', { name: 'Text dokumentu' });
  await expect(text.getByText(PREAMBLE)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#ssr-first-screen')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  expect(problems).toEqual([]);
});
