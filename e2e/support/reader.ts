// The reader in browser tests: a document's id by its number, the text region, waiting until the
// rows on screen have their texts, and the quick search opened by its shortcut.
import { expect, type Locator, type Page } from '@playwright/test';

/** A busy machine serves the corpus slowly. */
const SETTLE_TIMEOUT = 30_000;

export async function documentIdOf(page: Page, number: string): Promise<string> {
  const response = await page.request.get(`/v1/legal/documents?external_id=${encodeURIComponent(number)}`);
  const { items } = (await response.json()) as { items: { id: string }[] };
  return items[0]!.id;
}

export const textRegion = (page: Page) => page.getByRole('region', { name: 'Document text' });

/** The rows on screen have their texts (second-language ones included): no placeholders in view. */
export async function textSettled(page: Page) {
  await expect(textRegion(page).locator('.reader-text').first()).toBeVisible({ timeout: SETTLE_TIMEOUT });
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('.reader-text-placeholder')].filter((row) => {
              const box = row.getBoundingClientRect();
              return box.bottom > 0 && box.top < innerHeight;
            }).length,
        ),
      { timeout: SETTLE_TIMEOUT },
    )
    .toBe(0);
}

/** Presses Ctrl+K until the quick search's box has the focus (the shortcut works once the app has mounted). */
export async function openQuickSearch(page: Page): Promise<Locator> {
  const input = page.getByRole('combobox', { name: 'Search by title or number' });
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return input;
}
