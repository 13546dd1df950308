// A visitor reads the library: finds the Constitution, filters its structure, reads Čl. 54,
// switches the language of an EU act, compares the 1993 and 2026 versions, switches to Czech and
// dark mode, and uses the quick search with the keyboard only.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
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
  await expect(page).toHaveURL(/[?&]node=[0-9a-f-]{36}/);
  const text = page.getByRole('region', { name: 'Document text' });
  await expect(text.getByText('Prezident republiky je volen v přímých volbách.')).toBeVisible();
});

test('a wrong slug is corrected in the address, a bad id is reported', async ({ page }) => {
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}-wrong-slug?node=`);
  await expect(page).toHaveURL(new RegExp(`/documents/${id}-ustava-ceske-republiky`));
  await page.goto('/documents/not-a-document');
  await expect(page.getByText('Invalid document ID')).toBeVisible();
});

test('switch the language of a multilingual EU act', async ({ page }) => {
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}`);
  const text = page.getByRole('region', { name: 'Document text' });
  await expect(text.getByText(/Decision/).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: /Czech/ }).click();
  await expect(text.getByText(/rozhodnutí/i).first()).toBeVisible();
  const address = page.url();
  await screenshotAllWays(page, 'eu-act-cs', async (p) => {
    await p.goto(address);
    await p.getByRole('combobox', { name: 'Language' }).click();
    await p.getByRole('option', { name: /Czech/ }).click();
    await expect(
      p
        .getByRole('region', { name: 'Document text' })
        .getByText(/rozhodnutí/i)
        .first(),
    ).toBeVisible();
  });
});

test('compare the 1993 and 2026 Constitutions', async ({ page }) => {
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}`);
  await page.getByRole('link', { name: 'Compare Versions' }).click();
  await expect(page).toHaveURL(/\/compare\?/);
  const added = page.getByRole('region', { name: /Added provisions/ });
  const removed = page.getByRole('region', { name: /Removed provisions/ });
  await expect(added.getByText('Čl. 10a', { exact: false }).first()).toBeVisible();
  await expect(removed.getByText('Čl. 103', { exact: false }).first()).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /Changed provisions/ })
      .getByText(/Čl\. 54/)
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'comparison');
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
  const input = page.getByRole('combobox', { name: 'Search by title or number' });
  // The shortcut works once the app has mounted; a script is faster than a person here.
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
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
