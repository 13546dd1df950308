// Full-text search on the real server: "prezident republiky" finds the Constitution (1/1993 Sb.)
// and a hit opens the reader at its provision; "čl. 54 ústavy" offers the provision straight;
// the quick search's "In the text" group; axe; the screen in both themes at 1280 and 375 px.
import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openQuickSearch } from './support/reader';
import { screenshotAllWays } from './support/screens';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
test.skip(!fs.existsSync(path.join(corpus, 'SOURCES.md')), `the shared corpus is not at ${corpus}`);

// A busy machine answers slowly: every expectation waits up to 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });

test('"prezident republiky" finds 1/1993 Sb. and a hit opens the reader at its provision', async ({ page }) => {
  test.slow();
  await page.goto('/search');
  const box = page.getByRole('searchbox', { name: 'Search the text of every provision' });
  await box.fill('prezident republiky');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=prezident\+republiky$/);
  const constitution = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 2, name: /Ústava České republiky/ }),
  });
  await expect(constitution).toBeVisible();
  await expect(constitution.getByText('1/1993 Sb.', { exact: true })).toBeVisible();
  const hit = constitution.locator('a.search-hit').first();
  await expect(hit.locator('mark').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search');

  const href = (await hit.getAttribute('href'))!;
  const provision = new URL(href, 'http://x').searchParams.get('p')!;
  expect(provision).toMatch(/^cl-\d+/);
  // Keyboard only: focus the hit and follow it.
  await hit.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]p=${provision.replace(/\//g, '(/|%2F)')}`));
  const article = provision.split('/')[0]!.replace('cl-', '');
  await expect(
    page
      .getByRole('region', { name: 'Document text' })
      .getByRole('heading', { name: new RegExp(`^Čl\\. ${article} `) }),
  ).toBeInViewport();

  // Back returns to the same results.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=prezident\+republiky$/);
  await expect(page.getByRole('searchbox', { name: 'Search the text of every provision' })).toHaveValue(
    'prezident republiky',
  );
});

test('"čl. 54 ústavy" offers the provision straight, and Enter again opens it', async ({ page }) => {
  test.slow();
  await page.goto(`/search?q=${encodeURIComponent('čl. 54 ústavy')}`);
  const go = page.getByRole('link', { name: /^Go to čl\. 54/i });
  await expect(go).toBeVisible();
  expect(await go.getAttribute('href')).toMatch(/[?&]p=cl-54(&|$)/);
  await expectNoSeriousA11yViolations(page, 'search resolution');
  // The link lands at the article.
  await go.click();
  await expect(page).toHaveURL(/\/documents\/[^?]+\?p=cl-54$/);
  await expect(
    page.getByRole('region', { name: 'Document text' }).getByRole('heading', { name: /^Čl\. 54 / }),
  ).toBeInViewport();
  // Enter again in the box opens the same address. (The reader then shows Čl. 56 rather than Čl. 54
  // at the top when it is reached this way, unlike the link or a fresh load: see the report.)
  await page.goBack();
  // Back on the search page once its answer is shown again (Enter before that has nothing to open).
  const box = page.getByRole('searchbox', { name: 'Search the text of every provision' });
  await expect(box).toHaveValue('čl. 54 ústavy');
  await expect(go).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/documents\/[^?]+\?p=cl-54$/);
});

// The quick search adds the first provision hits ("In the text") and a way to the full search.
test('the quick search shows "In the text" and "Show all results"', async ({ page }) => {
  await page.goto('/');
  const input = await openQuickSearch(page);
  await input.fill('prezident republiky');
  const group = page.getByRole('group', { name: /^In the text/ });
  await expect(group).toBeVisible();
  await expect(group.getByRole('option').first()).toContainText('1/1993 Sb.');
  await expectNoSeriousA11yViolations(page, 'quick-search-text');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/search\?q=prezident\+republiky$/);
});

test('search screenshots', async ({ page }) => {
  test.slow();
  await screenshotAllWays(page, 'search', (p) =>
    p
      .goto('/search?q=prezident+republiky')
      .then(() => expect(p.getByRole('heading', { level: 2, name: /Ústava/ }).first()).toBeVisible()),
  );
});
