// A visitor reads the library: finds the Constitution, filters its table of contents, reads
// Čl. 54 in one window-scrolled column (the contents following the reading, hidden and shown, a
// drawer on narrow screens, a sheet on a phone), switches the language of an EU act, compares the
// 1993 and 2026 versions, switches to Czech and dark mode, and uses the quick search with the
// keyboard only. Measures how much of the screen is law.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openQuickSearch } from './support/reader';
import { screenshotAllWays, useLocale } from './support/screens';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
// The server is seeded from the shared corpus (e2e/start-server.ts); without it there is nothing to read.
test.skip(!fs.existsSync(path.join(corpus, 'SOURCES.md')), `the shared corpus is not at ${corpus}`);

async function documentIdOf(page: Page, number: string): Promise<string> {
  const response = await page.request.get(`/v1/legal/documents?external_id=${encodeURIComponent(number)}`);
  const { items } = (await response.json()) as { items: { id: string }[] };
  return items[0]!.id;
}

test('find the Constitution, filter its structure and read Čl. 54', async ({ page }) => {
  await page.goto('/documents');
  await page.getByLabel('Law number').fill('1/1993');
  await page.getByLabel('Law number').press('Enter');
  await page
    .getByRole('link', { name: /Ústava České republiky/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}-ustava-ceske-republiky/);
  await expect(page.getByRole('heading', { level: 1, name: /Ústava České republiky/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'document detail');

  const tree = page.getByRole('tree', { name: 'Document structure' });
  await page.getByLabel('Filter the structure').fill('čl. 54');
  const article = tree.getByRole('treeitem', { name: /Čl\. 54/ }).first();
  await expect(article).toBeVisible();
  await article.click();
  // The provision's address: by node id, or by its readable path.
  await expect(page).toHaveURL(/[?&](node=[0-9a-f-]{36}|p=cl-54)/);
  const text = page.getByRole('region', { name: 'Document text' });
  await expect(text.getByText('Prezident republiky je volen v přímých volbách.')).toBeVisible();
});

test('a deep link holds its provision at the top while the page around it loads', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}?p=cl-54`);
  const text = page.getByRole('region', { name: 'Document text' });
  const heading = text.getByRole('heading', { name: /^Čl\. 54 Prezident republiky/ });
  await expect(heading).toBeVisible();
  // Texts, the text face and the toolbar arrive after the first scroll; the article stays put.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_000);
  const box = (await heading.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(160);
});

/** Čl. 54's node id, from the API. */
async function articleId(page: Page, documentId: string, cite: string): Promise<string> {
  const response = await page.request.get(`/v1/legal/documents/${documentId}/nodes?limit=2000`);
  const { items } = (await response.json()) as { items: { id: string; cite_key: string | null }[] };
  return items.find((node) => node.cite_key === cite)!.id;
}

test('the text takes the page: the window scrolls, the contents follow the reading and can be hidden', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  const node = await articleId(page, id, 'Čl. 54');
  await page.goto(`/documents/${id}?node=${node}`);
  const text = page.getByRole('region', { name: 'Document text' });
  const heading = text.getByRole('heading', { name: /^Čl\. 54 Prezident republiky/ });
  await expect(heading).toBeInViewport();
  // The window scrolled to it (no scroll box of its own), and the heading is below the app header.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(60);
  // Reading typography: numbered subsections, no type badges or ordinals.
  await expect(text.locator('.reader-item-marker', { hasText: '(2)' }).first()).toBeVisible();
  await expect(text.getByText(/Order|Paragraph|No\. \d/)).toHaveCount(0);

  // The contents highlight where the reader is, and follow the scrolling.
  const contents = page.getByRole('tree', { name: 'Document structure' });
  await expect(contents.getByRole('treeitem', { name: /Čl\. 54/, selected: true })).toBeInViewport();
  await page.mouse.wheel(0, 2400);
  await expect(contents.getByRole('treeitem', { name: /Čl\. 54/, selected: true })).toHaveCount(0);
  await expect(contents.getByRole('treeitem', { selected: true })).toBeInViewport();

  // Share of the screen that is law: the reading column's box within the viewport.
  const share = await page.evaluate(() => {
    const box = document.querySelector('.text-viewer-list')!.getBoundingClientRect();
    const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
    const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 60);
    return (width * height) / (innerWidth * innerHeight);
  });
  console.log(`law text share of a 1280x800 viewport at Čl. 54: ${(share * 100).toFixed(1)} %`);
  expect(share).toBeGreaterThanOrEqual(0.55);
  await expectNoSeriousA11yViolations(page, 'reader, Čl. 54');

  // Hidden, the contents stay hidden on the next visit.
  await page.getByRole('button', { name: 'Hide contents' }).click();
  await expect(contents).toHaveCount(0);
  await page.reload();
  await expect(text.getByRole('heading', { name: /^Čl\. 54/ })).toBeInViewport();
  await expect(page.getByRole('tree', { name: 'Document structure' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show contents' }).click();
  await expect(page.getByRole('tree', { name: 'Document structure' })).toBeVisible();
});

test('below 1100 px the contents are a drawer; the Overview tab holds the statistics', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}`);
  await expect(page.getByRole('tree', { name: 'Document structure' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Contents', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Contents' });
  await drawer.getByLabel('Filter the structure').fill('čl. 54');
  await drawer.getByRole('treeitem', { name: /Čl\. 54/ }).click();
  await expect(drawer).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Document text' }).getByRole('heading', { name: /^Čl\. 54/ }),
  ).toBeInViewport();

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/[?&]tab=overview/);
  await expect(page.getByRole('heading', { name: 'About the document' })).toBeVisible();
  await expect(page.getByText(/114 articles/)).toBeVisible();
});

test('on a phone the text comes first, a deep link scrolls to its provision, nothing floats over the text', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}`);
  const text = page.getByRole('region', { name: 'Document text' });
  const first = text.locator('.reader-text').first();
  await expect(first).toBeVisible();
  // The virtual list may swap the row's element between two looks: ask until a box comes back.
  let top = Number.POSITIVE_INFINITY;
  await expect
    .poll(async () => {
      top = (await first.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      return top;
    })
    .toBeLessThan(800);
  console.log(`first law text at 375 px starts ${Math.round(top)} px down`);
  // Print, Download and Find in document share one row above the text (no row for Find alone).
  const rowTop = async (name: string) =>
    (await page.getByRole('button', { name, exact: true }).boundingBox())?.y ?? Number.NaN;
  expect(Math.abs((await rowTop('Find in document')) - (await rowTop('Print')))).toBeLessThan(4);
  // No keyboard hint on a touch screen is tested in the touch project; here: the sheet.
  await page.getByRole('button', { name: 'Contents', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Contents' });
  await expect(sheet.getByRole('combobox', { name: 'Version' })).toBeVisible();
  await page.keyboard.press('Escape');

  const node = await articleId(page, id, 'Čl. 54');
  await page.goto(`/documents/${id}?node=${node}`);
  const heading = text.getByRole('heading', { name: /^Čl\. 54/ });
  await expect(heading).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // The Copilot button sits in the bottom bar, below the text's last visible line.
  const button = (await page.getByRole('button', { name: 'Open Copilot' }).boundingBox())!;
  const bar = (await page.locator('.reader-bottom-bar').boundingBox())!;
  expect(button.y).toBeGreaterThanOrEqual(bar.y);
  await expectNoSeriousA11yViolations(page, 'reader on a phone');
});

test('a wrong slug is corrected in the address, a bad id is reported', async ({ page }) => {
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}-wrong-slug?node=`);
  await expect(page).toHaveURL(new RegExp(`/documents/${id}-ustava-ceske-republiky`));
  await page.goto('/documents/not-a-document');
  await expect(page.getByText('Invalid document ID')).toBeVisible();
});

// The default viewport (1280x720): the language control is on the page, beside the text.
test('switch the language of a multilingual EU act', async ({ page }) => {
  test.slow();
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}`);
  const text = page.getByRole('region', { name: 'Document text' });
  // The interface is English and the act has English: it opens in English, titled in English.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: /Decision/ })).toBeVisible();
  await expect(text.getByText(/Decision/i).first()).toBeVisible();
  // 23 languages read as a menu with their names; the choice goes into the address (?lang=cs).
  const language = page.getByRole('combobox', { name: 'Language', exact: true });
  await expect(language).toBeInViewport();
  await expect(language).toHaveText('English');
  await language.click();
  await page.getByRole('option', { name: 'Czech', exact: true }).click();
  await expect(text.getByText(/rozhodnutí/i).first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]lang=cs/);
  // The title follows the reading language: the act's Czech title, from its Czech text.
  await expect(page.getByRole('heading', { level: 1, name: /^Rozhodnutí/ })).toBeVisible();
  const address = page.url();
  await screenshotAllWays(page, 'eu-act-cs', async (p) => {
    await p.goto(address);
    await expect(
      p
        .getByRole('region', { name: 'Document text' })
        .getByText(/rozhodnutí/i)
        .first(),
    ).toBeVisible();
  });
});

test('an EU act opens in the interface language, and follows it when the interface changes', async ({ page }) => {
  test.slow();
  await useLocale(page, 'cs');
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}`);
  // Czech interface: the act reads in Czech under its Czech title, and the address names no language.
  await expect(page.getByRole('heading', { level: 1, name: /^Rozhodnutí/ })).toBeVisible();
  const language = page.getByRole('combobox', { name: 'Jazyk', exact: true });
  await expect(language).toBeInViewport();
  await expect(language).toHaveText('čeština');
  await expect(page).not.toHaveURL(/[?&]lang=/);
  // The interface turns English on the page: so do the text and the title.
  await page.getByRole('button', { name: /^Jazyk: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Vyberte jazyk' });
  await dialog.getByLabel('Hledat jazyk').fill('English');
  await dialog
    .getByRole('button', { name: /English/ })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: /^Decision/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveText('English');
  await expect(page).not.toHaveURL(/[?&]lang=/);
});

test('compare the 1993 and 2026 Constitutions', async ({ page }) => {
  // Two comparisons and four screenshots of a long page: more than the default 30 s on a busy machine.
  test.slow();
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}`);
  await page.getByRole('link', { name: 'Compare Versions' }).click();
  await expect(page).toHaveURL(/\/compare\?/);
  const added = page.getByRole('region', { name: /Added provisions/ });
  const removed = page.getByRole('region', { name: /Removed provisions/ });
  await expect(added.getByText('Čl. 10a', { exact: false }).first()).toBeVisible();
  await expect(removed.getByText('Čl. 103', { exact: false }).first()).toBeVisible();
  const changed = page.getByRole('region', { name: /Changed provisions/ });
  await expect(changed.getByText(/Čl\. 54/).first()).toBeVisible();
  // Čl. 1's text moved into Čl. 1 odst. 1: moved, not removed.
  await expect(changed.getByRole('heading', { name: 'Čl. 1 odst. 1' })).toBeVisible();
  await expect(changed.getByText('previously Čl. 1', { exact: true })).toBeVisible();
  await expect(removed.getByRole('heading', { name: /^Čl\. 1( |$)/ })).toHaveCount(0);
  // The counts by text segment wait in a closed Details section that the keyboard opens.
  const details = page.locator('details.lexhub-compare-details');
  await expect(details).not.toHaveAttribute('open');
  await details.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('open');
  await expect(details.getByText('Only in the compared version', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'comparison');
  // By dates: the versions in force on 1 January 2015 and 2026.
  await page.goto(`/documents/${id}/compare?from=2015-01-01&to=2026-01-01`);
  await expect(page.getByRole('combobox', { name: 'Base version' })).toContainText('1993-01-01');
  await expect(
    page
      .getByRole('region', { name: /Added provisions/ })
      .getByText('Čl. 10a')
      .first(),
  ).toBeVisible();
  const address = page.url();
  await screenshotAllWays(page, 'compare', async (p) => {
    await p.goto(address);
    await expect(
      p
        .getByRole('region', { name: /Added provisions/ })
        .getByText('Čl. 10a')
        .first(),
    ).toBeVisible();
  });
});

test('switch to Czech and dark mode', async ({ page }) => {
  await page.goto('/documents');
  await page.getByRole('button', { name: /^Language: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Language' });
  await dialog.getByLabel('Search languages').fill('češ');
  await dialog.getByRole('button', { name: /Čeština/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumenty' })).toBeVisible();

  await page.getByRole('button', { name: /^Motiv: / }).click();
  await page.getByRole('menuitemradio', { name: 'Tmavý' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expectNoSeriousA11yViolations(page, 'documents in Czech, dark');
});

test('keyboard-only quick search opens a document', async ({ page }) => {
  await page.goto('/');
  await openQuickSearch(page);
  await page.keyboard.type('ustva');
  await expect(page.getByRole('option', { name: /Ústava České republiky/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'quick search');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}-ustava-ceske-republiky/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('screens in Czech, both themes and widths', async ({ page }) => {
  await useLocale(page, 'cs');
  const id = await documentIdOf(page, '1/1993');
  await screenshotAllWays(page, 'documents-cs', async (p) => {
    await p.goto('/documents');
    await expect(p.getByRole('link', { name: /Ústava/ }).first()).toBeVisible();
  });
  await screenshotAllWays(page, 'constitution-cs', async (p) => {
    await p.goto(`/documents/${id}?node=`);
    await expect(p.getByText(/My, občané České republiky/).first()).toBeVisible();
  });
  await screenshotAllWays(page, 'tools', async (p) => {
    await p.goto('/tools');
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await page.goto('/tools');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'tools');
});

test('the API Explorer lists the OpenAPI operations', async ({ page }) => {
  // swagger-ui-react is held at 5.32 (the last line that runs on Node 20): it must still render.
  await page.goto('/tools?tool=api-explorer');
  await expect(page.locator('.opblock-summary-path[data-path="/v1/legal/documents"]')).toBeVisible({
    timeout: 20_000,
  });
});
