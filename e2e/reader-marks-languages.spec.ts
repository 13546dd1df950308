// The reader's open items of issue 13: a removed provision marked where it stood (Čl. 103 of the
// Constitution, 2026 against 1993), the EU act read in Czech headed in Czech ('Článek 1', in the
// text and the contents), side by side each column headed in its language, the floating Copilot
// button never over the text at 1280 px, and the quiet per-passage toggle on a phone.
// Screenshots in both themes at 1280 and 375 px go to test-results/screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { documentIdOf, textRegion, textSettled } from './support/reader';
import { screenshotAllWays } from './support/screens';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
test.skip(!fs.existsSync(path.join(corpus, 'SOURCES.md')), `the shared corpus is not at ${corpus}`);

// A busy machine serves the corpus slowly.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

test('a provision removed since the previous version is marked where it stood', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}?p=cl-102`);
  await textSettled(page);
  await page.getByRole('switch', { name: 'Mark changes' }).click();
  const mark = textRegion(page).getByRole('button', { name: 'Show the change of Čl. 103 (removed)' });
  await expect(mark).toBeVisible();
  // At Čl. 102, where Čl. 103 stood.
  await expect(
    textRegion(page)
      .locator('[data-node-id]', { has: page.getByRole('button', { name: 'Show the change of Čl. 103 (removed)' }) })
      .getByRole('heading', { name: /^Čl\. 102/ }),
  ).toBeVisible();
  await mark.click();
  const popover = page.getByRole('dialog', { name: /^Čl\. 103: removed/ });
  await expect(popover.locator('del')).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page, 'removed provision mark');
  await screenshotAllWays(page, 'reader-removed-mark', async (p) => {
    await p.goto(`/documents/${id}?p=cl-102`);
    await textSettled(p);
    await expect(textRegion(p).getByRole('button', { name: 'Show the change of Čl. 103 (removed)' })).toBeVisible();
    await settledAfterPlacing(p);
  });
});

test('the EU act read in Czech is headed in Czech, in the text and the contents', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}?lang=cs`);
  await textSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: /^Rozhodnutí/ })).toBeVisible();
  await expect(textRegion(page).getByRole('heading', { name: 'Článek 1' })).toBeVisible();
  await expect(textRegion(page).getByRole('heading', { name: /^Article/ })).toHaveCount(0);
  const contents = page.getByRole('complementary', { name: 'Contents' });
  await expect(contents.getByRole('treeitem', { name: 'Článek 1' })).toBeVisible();
  await expect(contents.getByRole('treeitem', { name: /^Article/ })).toHaveCount(0);
  // In English the same act is headed 'Article 1'.
  await page.goto(`/documents/${id}?lang=en`);
  await expect(textRegion(page).getByRole('heading', { name: 'Article 1' })).toBeVisible();
  await screenshotAllWays(page, 'reader-eu-cs', async (p) => {
    await p.goto(`/documents/${id}?lang=cs`);
    await textSettled(p);
  });
});

test('side by side, each column is headed in its language, and the Copilot button covers no text', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}?lang=en&lang2=cs`);
  await textSettled(page);
  const row = textRegion(page).locator('.reader-heading-row', {
    has: page.getByRole('heading', { name: 'Article 1' }),
  });
  await expect(row.locator('.reader-second-columns')).toHaveText('Článek 1');
  await expect(row.locator('.reader-second-columns')).toHaveAttribute('lang', 'cs');
  // One outline entry per provision: the second column's heading is not a heading of its own.
  await expect(textRegion(page).getByRole('heading', { name: 'Článek 1' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'side by side headings');

  // On a wide screen the button sits in the header's band, clear of every line of text at every
  // place of the page.
  const fab = page.locator('.copilot-fab button');
  await expect(fab).toBeVisible();
  expect((await fab.boundingBox())!.y + (await fab.boundingBox())!.height).toBeLessThanOrEqual(60);
  for (const y of [0, 400, 100_000]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(200);
    expect(await textUnder(page, '.copilot-fab button'), `text under the Copilot button at scroll ${y}`).toEqual([]);
  }
  await screenshotAllWays(page, 'reader-side-by-side', async (p) => {
    await p.goto(`/documents/${id}?lang=en&lang2=cs`);
    await textSettled(p);
  });
});

test('on a phone the per-passage language toggle is quiet: small, grey, no fill until pressed', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}?lang=cs&lang2=en`);
  await textSettled(page);
  const toggle = textRegion(page).locator('.reader-lang-toggle').first();
  await expect(toggle).toBeVisible();
  const style = await toggle.evaluate((node) => {
    const css = getComputedStyle(node);
    const text = getComputedStyle(node.closest('.reader-row')!.querySelector('.reader-text')!);
    return { size: parseFloat(css.fontSize), textSize: parseFloat(text.fontSize), background: css.backgroundColor };
  });
  expect(style.size).toBeLessThan(style.textSize * 0.8);
  expect(style.background).toBe('rgba(0, 0, 0, 0)');
  // Still a target a finger can hit, and it names the language and the passage.
  const box = (await toggle.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(24);
  await expect(toggle).toHaveAccessibleName(/English/);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page, 'phone toggle');
  await screenshotAllWays(page, 'reader-phone-toggle', async (p) => {
    await p.goto(`/documents/${id}?lang=cs&lang2=en`);
    await textSettled(p);
    // The text, not the title: where the toggles are (on a phone) or the columns (wide).
    await textRegion(p).locator('.reader-text').nth(3).scrollIntoViewIfNeeded();
    await textSettled(p);
  });
});

/** The provision is placed and the reader takes over (a wheel event): then the rows on screen have their texts. */
async function settledAfterPlacing(page: Page) {
  await page.waitForTimeout(500);
  await page.evaluate(() => window.dispatchEvent(new WheelEvent('wheel')));
  await textSettled(page);
}

/** Texts of the reader whose shown parts (below the header) meet the element's box. */
function textUnder(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const target = document.querySelector(sel)!.getBoundingClientRect();
    // Text scrolled under the opaque header is not seen: only what shows below it counts.
    const shown = document.querySelector('.shell-header')!.getBoundingClientRect().bottom;
    const meets = (box: DOMRect) =>
      box.right > target.left &&
      box.left < target.right &&
      box.bottom > target.top &&
      Math.max(box.top, shown) < target.bottom;
    return [...document.querySelectorAll('.reader-text, .reader-heading')]
      .filter((node) => [...node.getClientRects()].some(meets))
      .map((node) => node.textContent!.slice(0, 40));
  }, selector);
}
