// Screenshots of a screen in both themes and both widths, for people to look at.
import type { Page } from '@playwright/test';

export const WIDTHS = [1280, 375] as const;

/** Sets the theme before the app loads (the theme atom reads localStorage on start). */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => window.localStorage.setItem('lexhub.theme', JSON.stringify(value)), theme);
}

export async function useLocale(page: Page, locale: 'en' | 'cs') {
  await page.addInitScript((value) => window.localStorage.setItem('lexhub.locale', value), locale);
}

export async function screenshotAllWays(page: Page, name: string, open: (page: Page) => Promise<void>) {
  // localStorage belongs to the app's origin: be on it before writing the theme.
  if (page.url() === 'about:blank') await page.goto('/');
  // The test goes on afterwards at its own size and theme, not at the last ones shot (375 px, dark).
  const size = page.viewportSize();
  const savedTheme = await page.evaluate(() => window.localStorage.getItem('lexhub.theme'));
  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      await page.evaluate((value) => window.localStorage.setItem('lexhub.theme', JSON.stringify(value)), theme);
      await open(page);
      await page.screenshot({ path: `test-results/screenshots/${name}-${theme}-${width}.png`, fullPage: false });
    }
  }
  if (size) await page.setViewportSize(size);
  await page.evaluate(
    (value) =>
      value === null
        ? window.localStorage.removeItem('lexhub.theme')
        : window.localStorage.setItem('lexhub.theme', value),
    savedTheme,
  );
}
