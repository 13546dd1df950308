// Two languages side by side (the EU act 22019D0391 in Czech beside English: two columns on a wide
// screen, a per-passage toggle on a phone, the choice in the address and by keyboard), the find's
// hits highlighted in the rows (the current one distinct and in view), 'Mark changes' on the
// Constitution (2026 against 1993) with the change opened from the margin, and 'Compact' reading.
// Screenshots in both themes at 1280 and 375 px go to SHOTS_DIR (default test-results/screenshots).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { documentIdOf, textRegion, textSettled } from './support/reader';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
test.skip(!fs.existsSync(path.join(corpus, 'SOURCES.md')), `the shared corpus is not at ${corpus}`);

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
// Each test loads the reader several times (and runs axe): room on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function shoot(page: Page, name: string, open: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      await page.evaluate((value) => window.localStorage.setItem('lexhub.theme', JSON.stringify(value)), theme);
      await open();
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}.png` });
      if (theme === 'dark') await expectNoSeriousA11yViolations(page, `${name} ${theme} ${width}`);
    }
  }
}

test('the EU act in Czech beside English: two columns, the choice in the address, by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}?lang=cs&lang2=en`);
  await textSettled(page);

  const pair = textRegion(page).locator('.reader-pair:not(.reader-heading-pair)').first();
  await expect(pair).toBeVisible();
  const first = pair.locator('.reader-pair-first');
  const second = pair.locator('.reader-second');
  await expect(first).toHaveAttribute('lang', 'cs');
  await expect(second).toHaveAttribute('lang', 'en');
  // Aligned by provision: the Czech decision's first passage beside the English one.
  await expect(first).toContainText(/Rozhodnutí/);
  await expect(second).toContainText(/Decision/);
  // The two columns stand side by side, each wide enough to read.
  const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThan(2);
  expect(b.x).toBeGreaterThan(a.x + a.width);
  expect(a.width).toBeGreaterThan(280);
  // Each heading pair lines up with the text pair below it: both headings at the same top, the
  // second-language heading over its column (not pushed aside by the provision's actions).
  for (const cite of ['Preambule', 'Článek 1']) {
    const row = textRegion(page).locator('.reader-row', {
      has: page.locator('.reader-heading-pair .reader-pair-first .reader-heading', { hasText: cite }),
    });
    const headings = row.locator('.reader-heading-pair');
    const [czech, english] = [
      (await headings.locator('.reader-pair-first .reader-heading').boundingBox())!,
      (await headings.locator('.reader-heading-second').boundingBox())!,
    ];
    expect(Math.abs(czech.y - english.y), `${cite}: the tops of the two headings`).toBeLessThan(1);
    const [over, under] = [
      (await headings.locator('.reader-second-columns').boundingBox())!,
      (await row.locator('.reader-pair:not(.reader-heading-pair) .reader-second-columns').boundingBox())!,
    ];
    expect(Math.abs(over.x - under.x), `${cite}: the second column's left edge`).toBeLessThan(1);
    expect(Math.abs(over.width - under.width), `${cite}: the second column's width`).toBeLessThan(1);
  }
  await expectNoSeriousA11yViolations(page, 'side by side');

  // The control beside the language choice, by keyboard: off, then English again.
  const control = page.getByRole('combobox', { name: 'Second language' });
  await expect(control).toHaveText('English');
  const choose = async (name: string, key: 'ArrowUp' | 'ArrowDown') => {
    await control.focus();
    await page.keyboard.press('Enter');
    // The list opens on the chosen language; the next one up or down is the one wanted.
    await expect(page.getByRole('option', { selected: true })).toBeFocused();
    await page.keyboard.press(key);
    await expect(page.getByRole('option', { name, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
  };
  await choose('None', 'ArrowUp');
  await expect(page).not.toHaveURL(/lang2=/);
  await expect(textRegion(page).locator('.reader-pair')).toHaveCount(0);
  await choose('English', 'ArrowDown');
  await expect(page).toHaveURL(/[?&]lang2=en/);
  await expect(textRegion(page).locator('.reader-pair').first()).toBeVisible();

  // A language with fewer passages than Czech shows the Czech source, marked, where it has none.
  const languages = (await (await page.request.get(`/v1/legal/documents/${id}/languages`)).json()) as {
    items: { iso_639_1: string; fragments: number }[];
  };
  const czech = languages.items.find((language) => language.iso_639_1 === 'cs')!.fragments;
  const sparse = languages.items.find((language) => language.fragments > 0 && language.fragments < czech);
  if (sparse) {
    await page.goto(`/documents/${id}?lang=cs&lang2=${sparse.iso_639_1}`);
    await textSettled(page);
    await expect(async () => {
      await page.mouse.wheel(0, 900);
      await expect(textRegion(page).getByText('Not translated').first()).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
  }

  await shoot(page, 'side-by-side', async () => {
    await page.goto(`/documents/${id}?lang=cs&lang2=en`);
    await textSettled(page);
    // On a phone: the first passage with its language toggle, pressed.
    if (page.viewportSize()!.width < 400) {
      const toggle = textRegion(page).locator('.reader-lang-toggle').first();
      await toggle.scrollIntoViewIfNeeded();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    }
  });
});

test('on a phone a toggle per passage shows the other language in place', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}?lang=cs&lang2=en`);
  await textSettled(page);
  await expect(textRegion(page).locator('.reader-pair')).toHaveCount(0);
  const row = textRegion(page)
    .locator('.reader-row', { has: page.locator('.reader-lang-toggle') })
    .first();
  const toggle = row.locator('.reader-lang-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const czech = (await row.locator('.reader-text').first().textContent())!;
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(row.locator('.reader-second')).toHaveAttribute('lang', 'en');
  await expect(row.getByText(czech, { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'phone toggle');
  await toggle.click();
  await expect(row.getByText(czech, { exact: true })).toBeVisible();
});

test('find marks its hits in the rows, the current one distinct and in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}`);
  await textSettled(page);

  const openFind = async () => {
    // Once in a CI run the first click (right after a reload) opened nothing and the test waited
    // out its 3 minutes; the reader clicks again, and so does the test, then looks at the result.
    const box = page.getByRole('search').getByRole('textbox');
    await expect(async () => {
      if (!(await box.isVisible())) await page.getByRole('button', { name: 'Find in document' }).click();
      await expect(box).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByRole('search').getByRole('textbox').fill('prezident');
    await expect(page.getByRole('search')).toContainText(/1 of \d+/);
  };
  await openFind();
  const current = textRegion(page).locator('mark.find-hit[data-current]');
  await expect(current).toHaveCount(1);
  await expect(current).toBeInViewport();
  await expect(current).toHaveText(/prezident/i);
  await expect(page.getByRole('search')).toContainText(/1 of ([2-9]|\d\d+)/);
  const first = await current.evaluate((mark) => mark.closest('[data-fragment-id]')!.textContent);

  // Next: another hit is current, and the page brings it into view.
  for (let step = 0; step < 3; step++) await page.getByRole('search').getByRole('textbox').press('Enter');
  await expect(page.getByRole('search')).toContainText(/4 of \d+/);
  await expect(current).toHaveCount(1);
  await expect(current).toBeInViewport();
  expect(await current.evaluate((mark) => mark.closest('[data-fragment-id]')!.textContent)).not.toBe(first);
  await expectNoSeriousA11yViolations(page, 'find highlight');

  await shoot(page, 'find-highlight', async () => {
    await page.goto(`/documents/${id}`);
    await textSettled(page);
    await openFind();
    await expect(current).toBeInViewport();
  });

  // Closed, the marks go.
  await page.getByRole('search').getByRole('textbox').press('Escape');
  await expect(textRegion(page).locator('mark.find-hit')).toHaveCount(0);
});

test('mark changes: the provisions changed since 1993 carry a mark that opens the change', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}?p=cl-54`);
  await textSettled(page);
  const toggle = page.getByRole('switch', { name: 'Mark changes' });
  await toggle.focus();
  await page.keyboard.press('Space');
  // What it found: the count beside the switch, the sentence for screen readers and as its tooltip.
  const status = page.locator('.reader-marks-status');
  await expect(status).toHaveAttribute('title', /^\d+ changed provisions$/);
  await expect(status.locator('.rt-Badge')).toHaveText(/^\d+$/);
  // The switch is remembered: back at Čl. 54 (focusing the switch scrolled the page to it).
  await page.goto(`/documents/${id}?p=cl-54`);
  await textSettled(page);
  // A changed provision in view (Čl. 54 and its neighbours changed since 1993).
  const mark = textRegion(page)
    .getByRole('button', { name: /^Show the change of Čl\. \d+.*\(changed\)$/ })
    .filter({ visible: true })
    .first();
  await expect(mark).toBeVisible();
  const citation = /of (Čl\. [^(]+) \(/.exec((await mark.getAttribute('aria-label'))!)![1]!.trim();
  await mark.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog');
  await expect(popover).toContainText(citation);
  await expect(popover.locator('ins, del').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'change mark');
  await page.screenshot({ path: `${SHOTS}/mark-changes-light-1280.png` });
  await popover.getByRole('link', { name: 'Open the comparison of the versions' }).click();
  await expect(page).toHaveURL(/\/compare\?from=[0-9a-f-]{36}&to=[0-9a-f-]{36}/);

  // Remembered, and off again by the same switch.
  await page.goBack();
  await expect(page.getByRole('switch', { name: 'Mark changes' })).toBeChecked();
  await page.getByRole('switch', { name: 'Mark changes' }).click();
  await expect(textRegion(page).locator('.reader-change-mark')).toHaveCount(0);
});

test('compact reading sets the same provisions in less height, and is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  // The height Čl. 2 to Čl. 6 take (headings, odstavce and paragraphs).
  const span = () =>
    page.evaluate(() => {
      const top = (cite: string) =>
        [...document.querySelectorAll('.reader-heading')]
          .find((heading) => heading.textContent?.trim() === cite)!
          .getBoundingClientRect().top;
      return top('Čl. 6') - top('Čl. 2');
    });
  const open = async () => {
    await page.goto(`/documents/${id}?p=cl-2`);
    await textSettled(page);
    await expect(textRegion(page).getByRole('heading', { name: 'Čl. 6', exact: true })).toBeInViewport();
  };
  await open();
  const comfortable = await span();
  await page.getByRole('switch', { name: 'Compact' }).click();
  await open();
  await expect(page.getByRole('switch', { name: 'Compact' })).toBeChecked();
  const compact = await span();
  expect(compact).toBeLessThan(comfortable * 0.85);
  await page.screenshot({ path: `${SHOTS}/compact-light-1280.png` });
  await page.getByRole('switch', { name: 'Compact' }).click();
});

test('on a phone the reading switches sit in the sheet with the version and the language', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const id = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${id}?lang=cs`);
  await textSettled(page);
  // Above the text: no row holding a switch alone (Print, Find and Go to provision only).
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expect(page.locator('.text-viewer-toolbar')).toBeHidden();
  const goTo = page.getByRole('button', { name: 'Go to provision' });
  const firstText = textRegion(page).locator('.reader-text').first();
  expect((await firstText.boundingBox())!.y - (await goTo.boundingBox())!.y).toBeLessThan(120);

  await page.getByRole('button', { name: 'Contents', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Contents' });
  const compact = sheet.getByRole('switch', { name: 'Compact' });
  await expect(sheet.getByRole('combobox', { name: 'Version' })).toBeVisible();
  await expect(compact).toBeVisible();
  // With the version and the languages, above the contents.
  const languages = (await sheet.getByRole('combobox', { name: 'Second language' }).boundingBox())!;
  const filter = (await sheet.getByRole('searchbox', { name: 'Filter the structure' }).boundingBox())!;
  const switchBox = (await compact.boundingBox())!;
  expect(switchBox.y).toBeGreaterThan(languages.y + languages.height);
  expect(switchBox.y + switchBox.height).toBeLessThan(filter.y);
  await compact.click();
  await expect(compact).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'phone sheet with the reading switches');
  await page.screenshot({ path: `${SHOTS}/phone-sheet-switches-light-375.png` });
  await page.keyboard.press('Escape');
  await expect(page.locator('.text-viewer')).toHaveAttribute('data-density', 'compact');
  // Remembered, and off again from the sheet.
  await page.getByRole('button', { name: 'Contents', exact: true }).click();
  await expect(compact).toBeChecked();
  await compact.click();
  await expect(compact).not.toBeChecked();
});
