// The reader scenario of issue 13, as a lawyer reads: Čl. 54 of the Constitution by its readable
// address, its citation copied, the 1993 version at the same place with the banner and its link to
// the version in force, the comparison with Čl. 1 moved, the EU act in Czech under its Czech title,
// the whole version printed to PDF, and find in the document counting "prezident". Then each reader
// state in both themes at 1280 and 375 px: axe, and a Playwright visual baseline.
import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { documentIdOf, textRegion, textSettled } from './support/reader';
import { WIDTHS } from './support/screens';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
test.skip(!fs.existsSync(path.join(corpus, 'SOURCES.md')), `the shared corpus is not at ${corpus}`);

// A busy machine serves the corpus slowly: every expectation waits up to 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const OLD_VERSION = 'snapshot-1993-01-01';

const article54 = (page: Page) => textRegion(page).getByRole('heading', { name: /^Čl\. 54 / });

test('read Čl. 54, cite it, read it in 1993, compare, read the EU act in Czech, print and find', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');

  // Čl. 54 by its readable address: the page opens scrolled to it.
  await page.goto(`/documents/${id}?p=cl-54`);
  await expect(page).toHaveURL(new RegExp(`/documents/${id}-ustava-ceske-republiky\\?p=cl-54$`));
  await expect(article54(page)).toBeInViewport();
  await expect(textRegion(page).getByText('Prezident republiky je volen v přímých volbách.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reader at Čl. 54');

  // Copy citation: the lawyer's form, in the clipboard and in the toast.
  const headingRow = textRegion(page).locator('.reader-heading-row', {
    has: page.getByRole('heading', { name: /^Čl\. 54 / }),
  });
  await headingRow.hover();
  await headingRow.getByRole('button', { name: 'Copy citation' }).click();
  const citation =
    /^čl\. 54 ústavního zákona č\. 1\/1993 Sb\., Ústava České republiky, ve znění účinném od \d{1,2}\. \d{1,2}\. \d{4}$/;
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(citation);
  await expect(page.getByText(/^čl\. 54 ústavního zákona č\. 1\/1993 Sb\./)).toBeVisible();

  // The 1993 version at the same place: Čl. 54 stays in view, a banner says it is historical. On a
  // phone the version is in the sheet, reached without scrolling away from Čl. 54 (on a wide screen
  // it is in the sticky toolbar: see the test below).
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(article54(page)).toBeInViewport();
  await page.getByRole('button', { name: 'Contents', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Contents' });
  await sheet.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option', { name: /1993-01-01/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]branch=${OLD_VERSION}`));
  await expect(page).toHaveURL(/[?&]p=cl-54/);
  if (await sheet.isVisible()) await page.keyboard.press('Escape');
  await expect(article54(page)).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(article54(page)).toBeInViewport();
  await expect(page.getByText(/You are reading a historical version, in force from 1 January 1993\./)).toBeVisible();
  const inForce = page.getByRole('link', { name: /^Read this provision in the version in force from / });
  await expect(inForce).toHaveAttribute('href', /[?&]p=cl-54/);
  await expectNoSeriousA11yViolations(page, 'reader, 1993 version with its banner');
  await inForce.click();
  await expect(page).not.toHaveURL(new RegExp(`branch=${OLD_VERSION}`));
  await expect(article54(page)).toBeInViewport();
  await expect(page.getByText(/You are reading a historical version/)).toHaveCount(0);

  // Compare: Čl. 1's text moved into Čl. 1 odst. 1, shown as moved, never as removed.
  await page.getByRole('link', { name: 'Compare Versions' }).click();
  await expect(page).toHaveURL(/\/compare\?/);
  const changed = page.getByRole('region', { name: /Changed provisions/ });
  await expect(changed.getByRole('heading', { name: 'Čl. 1 odst. 1' })).toBeVisible();
  await expect(changed.getByText('previously Čl. 1', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Removed provisions/ }).getByRole('heading', { name: /^Čl\. 1( |$)/ }),
  ).toHaveCount(0);

  // Print: the whole version without app chrome, to PDF; every article through Čl. 113 printed.
  await page.goto(`/documents/${id}`);
  await textSettled(page);
  const frameSrc = page.waitForFunction(
    () => document.querySelector<HTMLIFrameElement>('iframe.print-export-frame')?.getAttribute('src') ?? null,
  );
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const printAddress = (await (await frameSrc).jsonValue())!;
  const articles = await articleNumbersOf(page, id);
  const printed = await context.newPage();
  await printed.goto(printAddress);
  await printed.emulateMedia({ media: 'print' });
  const pdf = await printed.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  console.log(`the Constitution printed: ${pages} PDF pages, ${Math.round(pdf.length / 1024)} kB`);
  expect(pages).toBeGreaterThan(10);
  // No pdftotext here: the printed markup under print media is what the PDF holds.
  const shown = await printed.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => heading.getClientRects().length > 0)
      .map((heading) => heading.querySelector('.heading-number')?.textContent?.trim() ?? ''),
  );
  const missing = articles.filter((cite) => !shown.includes(cite));
  expect(missing, 'articles missing from the print').toEqual([]);
  expect(articles).toContain('Čl. 1');
  expect(articles).toContain('Čl. 113');
  await expect(printed.getByRole('navigation')).toHaveCount(0);
  await printed.close();

  // Find in the document: the server counts every hit of the version, also off screen.
  await textRegion(page).locator('.reader-text').first().click();
  await page.keyboard.press('Control+f');
  const find = page.getByRole('textbox', { name: 'Find in the text of this version' });
  await expect(find).toBeFocused();
  await find.fill('prezident');
  const answer = await page.request.get(`/v1/legal/documents/${id}/find?q=prezident`);
  const { total } = (await answer.json()) as { total: number };
  const counted = await hitsInPrint(page, printAddress, 'prezident');
  console.log(`"prezident" in the Constitution: ${total} hits (${counted} in the printed provisions)`);
  expect(total).toBe(counted);
  await expect(page.getByRole('search', { name: 'Find in document' })).toContainText(`1 of ${total}`);
  await find.press('Enter');
  await expect(page.getByRole('search', { name: 'Find in document' })).toContainText(`2 of ${total}`);

  // The EU act in Czech: its Czech title, from its Czech text.
  const eu = await documentIdOf(page, '22019D0391');
  await page.goto(`/documents/${eu}?lang=cs`);
  await expect(page.getByRole('heading', { level: 1, name: /^Rozhodnutí/ })).toBeVisible();
  await expect(
    textRegion(page)
      .getByText(/rozhodnutí/i)
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'EU act in Czech');

  // Side by side (?lang2=, two languages aligned by provision) has its own tests with its code.
});

// The version picker sits in the text's toolbar, which sticks under the header on wide screens:
// switching from it never passes through the top of the page, and the new version opens at ?p=.
test('on a wide screen, switching version from the sticky toolbar keeps Čl. 54', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}?p=cl-54`);
  await expect(article54(page)).toBeInViewport();
  await page.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option', { name: /1993-01-01/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]branch=${OLD_VERSION}`));
  await expect(page).toHaveURL(/[?&]p=cl-54/);
  await expect(page.getByText(/You are reading a historical version/)).toBeVisible();
  await expectAtReadingTop(page, article54(page));
});

test('from the keyboard, the version picker keeps the focus after a switch, its list closed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}?p=cl-54`);
  await textSettled(page);
  const picker = page.getByRole('combobox', { name: 'Version' });
  // Tab to the picker from the contents button before it (the keyboard's way through the toolbar).
  await page.getByRole('button', { name: 'Hide contents' }).focus();
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { selected: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /1993-01-01/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]branch=${OLD_VERSION}`));
  // The text (and its toolbar) is rebuilt for 1993: the new picker has the focus, and is not open.
  await expect(picker).toHaveText(/1993-01-01/);
  await expect(picker).toBeFocused();
  await page.waitForTimeout(500);
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe(
    'reader-version-label',
  );
  await expect(article54(page)).toBeInViewport();
  // And the next version from there, by keyboard again.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: /1993-01-01/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('option', { name: /^Main version/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(new RegExp(`branch=${OLD_VERSION}`));
  await expect(picker).toBeFocused();
  await expect(page.getByRole('option')).toHaveCount(0);
});

test('on a wide screen, compact reading keeps Čl. 54 where the reader is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await documentIdOf(page, '1/1993');
  await page.goto(`/documents/${id}?p=cl-54`);
  await textSettled(page);
  await expectAtReadingTop(page, article54(page));
  const compact = page.getByRole('switch', { name: 'Compact' });
  await compact.click();
  await expect(compact).toBeChecked();
  await expectAtReadingTop(page, article54(page));
  await compact.click();
  await expect(compact).not.toBeChecked();
  await expectAtReadingTop(page, article54(page));
});

/** The heading sits just below the header and the sticky toolbar, where a provision is read. */
async function expectAtReadingTop(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport();
  const toolbarBottom = await page
    .locator('.text-viewer-toolbar')
    .evaluate((bar) => bar.getBoundingClientRect().bottom);
  await expect
    .poll(async () => Math.round((await heading.boundingBox())!.y - toolbarBottom), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(0);
  await expect
    .poll(async () => Math.round((await heading.boundingBox())!.y - toolbarBottom), { timeout: 15_000 })
    .toBeLessThan(80);
}

/** 'Čl. N' of every article the version has, from the API. */
async function articleNumbersOf(page: Page, documentId: string): Promise<string[]> {
  const response = await page.request.get(`/v1/legal/documents/${documentId}/nodes?limit=2000`);
  const { items } = (await response.json()) as { items: { cite_key: string | null; node_type: string }[] };
  return items
    .filter((node) => node.node_type === 'article' && /^Čl\. \d+[a-z]?$/.test(node.cite_key ?? ''))
    .map((node) => node.cite_key!);
}

/** Hits of a word in the printed text of the provisions (case and accents aside): the header and the headings left out. */
async function hitsInPrint(page: Page, address: string, word: string): Promise<number> {
  const html = await (await page.request.get(address)).text();
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const provisions = html
    .slice(html.indexOf('</header>'))
    .replace(/<h([1-6])[\s>][\s\S]*?<\/h\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return fold(provisions).split(fold(word)).length - 1;
}

/** In the page: scrolls the window so the node's top sits below the header and the sticky toolbar. */
function scrollToReadingTop(node: Element) {
  const bar = document.querySelector<HTMLElement>('.text-viewer-toolbar');
  const top = bar && getComputedStyle(bar).position === 'sticky' ? 60 + bar.offsetHeight + 12 : 72;
  window.scrollTo(0, window.scrollY + node.getBoundingClientRect().top - top);
}

/** Scrolls the window so the element's top sits just below the app header, then lets the list settle. */
async function placeAtTop(page: Page, element: Locator) {
  // The reader holds a deep link's provision in place until the reader scrolls (the reading
  // machine's placing state): a wheel event says so, and the placement below then stays.
  await page.evaluate(() => window.dispatchEvent(new WheelEvent('wheel')));
  await element.evaluate(scrollToReadingTop);
  await page.waitForTimeout(300);
  await element.evaluate(scrollToReadingTop);
  await expect(element).toBeInViewport();
}

interface ReaderState {
  name: string;
  open: (page: Page, ids: { constitution: string; eu: string }) => Promise<void>;
  /** What may differ between runs: masked in the screenshot. */
  mask?: (page: Page) => Locator[];
}

const STATES: ReaderState[] = [
  {
    name: 'text-cl-54',
    open: async (page, { constitution }) => {
      await page.goto(`/documents/${constitution}?p=cl-54`);
      await expect(article54(page)).toBeInViewport();
    },
  },
  {
    name: 'old-version-banner',
    open: async (page, { constitution }) => {
      await page.goto(`/documents/${constitution}?branch=${OLD_VERSION}&p=cl-54`);
      await expect(article54(page)).toBeInViewport();
      await expect(page.getByText(/You are reading a historical version/)).toBeVisible();
    },
  },
  {
    name: 'compare',
    open: async (page, { constitution }) => {
      await page.goto(`/documents/${constitution}/compare?from=1993-01-01&to=2026-01-01`);
      await expect(
        page.getByRole('region', { name: /Changed provisions/ }).getByText('previously Čl. 1', { exact: true }),
      ).toBeVisible();
    },
  },
  {
    name: 'eu-act-cs',
    open: async (page, { eu }) => {
      await page.goto(`/documents/${eu}?lang=cs`);
      await expect(page.getByRole('heading', { level: 1, name: /^Rozhodnutí/ })).toBeVisible();
    },
  },
];

test('reader states in both themes at 1280 and 375 px: axe and visual baselines', async ({ page }) => {
  // 16 states, each with axe: several minutes on a busy machine.
  test.setTimeout(420_000);
  const ids = { constitution: await documentIdOf(page, '1/1993'), eu: await documentIdOf(page, '22019D0391') };
  await page.goto('/');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('lexhub.theme', JSON.stringify(value)), theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      for (const state of STATES) {
        await state.open(page, ids);
        if (state.name !== 'compare') {
          // The same picture every run: Čl. 54's heading just below the app header (a deep link's
          // scroll lands within a row or two of it, by estimated row heights).
          if (state.name !== 'eu-act-cs') await placeAtTop(page, article54(page));
          await textSettled(page);
          if (state.name !== 'eu-act-cs') await placeAtTop(page, article54(page));
        }
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await page.evaluate(() => document.fonts.ready);
        await expectNoSeriousA11yViolations(page, `${state.name}, ${theme}, ${width} px`);
        await expect(page).toHaveScreenshot(`${state.name}-${theme}-${width}.png`, {
          maxDiffPixelRatio: 0.02,
          mask: [page.locator('.text-viewer-count'), page.locator('time'), ...(state.mask?.(page) ?? [])],
        });
      }
    }
  }
});
