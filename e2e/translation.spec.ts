// Translation end to end (issue 11): a logged-in reader opens Čl. 4 of the Constitution (1/1993
// Sb.) in the reader, follows 'Translate', asks for English (machine translation through the e2e
// server's LibreTranslate stand-in, e2e/support/fake-libretranslate.ts), edits and saves it, lands
// on /editor/{newId} with English in the aligned fragments, and reads it in the reader's English
// text; the 1993 version's Čl. 4 then comes from memory at 100%; a Copilot proposal pushed over
// the live channel arrives in the open editor and is accepted. The picker (/editor) finds the
// document and opens a provision. An anonymous reader gets no 'Translate'. axe on each screen.
// The editor names the provision, the law and its version. Screenshots of the editor (a preview
// with suggestions, a saved translation, a stale one, the Czech interface) in both themes and
// widths, for people to look at.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fakeTranslation } from './support/fake-libretranslate';
import { registerAndLogIn } from './support/log-in';
import { screenshotAllWays, WIDTHS } from './support/screens';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
test.skip(!fs.existsSync(path.join(corpus, 'SOURCES.md')), `the shared corpus is not at ${corpus}`);

let mailbox: SmtpSink;
test.beforeAll(async () => {
  mailbox = await startSmtpSink({ port: Number(process.env.E2E_SMTP_PORT) });
});
test.afterAll(async () => {
  await mailbox.close();
});

const CL4_CS = 'Základní práva a svobody jsou pod ochranou soudní moci.';
const CL4_MT = fakeTranslation(CL4_CS, 'en');
const CL4_EN = 'Fundamental rights and freedoms are protected by the judiciary.';
const COPILOT_EN = 'Fundamental rights and freedoms enjoy the protection of the courts.';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

interface Provision {
  documentId: string;
  nodeId: string;
  fragmentId: string;
}

/** Čl. 4 of the Constitution in a version (main: 2026; or snapshot-1993-01-01), from the public API. */
async function constitutionArticle4(page: Page, branch = 'main'): Promise<Provision> {
  const found = await page.request.get('/v1/search/autocomplete?q=1/1993');
  const documentId = ((await found.json()) as { items: { document_id: string; external_id: string }[] }).items.find(
    (item) => item.external_id === '1/1993 Sb.',
  )!.document_id;
  const fragments = await page.request.get(`/v1/legal/documents/${documentId}/fragments?limit=100&branch=${branch}`);
  const items = ((await fragments.json()) as { items: { id: string; node_id: string; cite_key: string | null }[] })
    .items;
  const article = items.find((item) => item.cite_key === 'Čl. 4')!;
  return { documentId, nodeId: article.node_id, fragmentId: article.id };
}

/** POST /v1/realtime/publish as the logged-in page (its cookies and CSRF token), as the Copilot would. */
async function publish(page: Page, cmd: string, payload: Record<string, unknown>) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  return page.request.post('/v1/realtime/publish', { data: { cmd, payload }, headers: { 'X-CSRF-Token': csrf } });
}

/** The editor's heading: the provision, the law (a link to the reader) and the version. */
async function expectPlace(page: Page, version: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Čl. 4' })).toBeVisible();
  await expect(page.getByTestId('editor-document-link')).toHaveText('Ústava České republiky · 1/1993 Sb.');
  await expect(page.getByTestId('editor-version')).toHaveText(` · ${version}`);
  await expect(page).toHaveTitle('Čl. 4 · Ústava České republiky · Translation editor · Lexhub');
}

/** The fragment with the longest text among the first 200 of the main version. */
async function longestProvision(page: Page, documentId: string): Promise<string> {
  const fragments = await page.request.get(`/v1/legal/documents/${documentId}/fragments?limit=200`);
  const ids = ((await fragments.json()) as { items: { id: string; has_text: boolean }[] }).items
    .filter((item) => item.has_text)
    .map((item) => item.id);
  const texts = await page.request.post('/v1/legal/fragments/texts', { data: { fragment_ids: ids } });
  const items = ((await texts.json()) as { items: { id: string; text: string }[] }).items;
  return items.reduce((longest, item) => (item.text.length > longest.text.length ? item : longest)).id;
}

/** Asks for English and waits for the preview and its suggestions. */
async function translateToEnglish(page: Page) {
  await page.getByLabel(/^(Target language|Cílový jazyk)$/).selectOption('en');
  await page.getByTestId('translation-translate').click();
  await expect(page.getByTestId('translation-suggestion').first()).toBeVisible();
}

const editorFor = (fragmentId: string) => new RegExp(`/editor/${fragmentId}(\\?.*)?$`);

test('translate Čl. 4 from the reader, save it, read it; memory at 100%; a Copilot proposal is accepted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerAndLogIn(page, mailbox, 'translator');
  const main = await constitutionArticle4(page);

  // The reader: 'Translate Čl. 4', quiet until the row is pointed at or focused, reached by the keyboard.
  await page.goto(`/documents/${main.documentId}?node=${main.nodeId}`);
  const text = page.getByRole('region', { name: 'Document text' });
  const row = text.locator(`[data-fragment-id="${main.fragmentId}"]`);
  await expect(row.getByText(CL4_CS)).toBeVisible();
  const translate = row.getByRole('link', { name: 'Translate Čl. 4' });
  await translate.focus();
  await expect(translate).toHaveCSS('opacity', '1');
  await page.screenshot({ path: 'test-results/screenshots/reader-translate-link-light-1280.png' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(editorFor(main.fragmentId));

  // The editor on the Czech provision: English from the machine-translation provider.
  await expect(page.getByTestId('editor-text')).toContainText(CL4_CS);
  await expectPlace(page, 'Main version');
  await expect(page.getByTestId('editor-document-link')).toHaveAttribute('href', /\?branch=main$/);
  await expectNoSeriousA11yViolations(page, 'editor');
  await page.getByLabel('Target language').selectOption('en');
  await page.getByTestId('translation-translate').click();
  const preview = page.getByTestId('translation-preview');
  await expect(preview).toHaveValue(CL4_MT);
  await expect(page.getByTestId('translation-preview-origin')).toHaveText('Preview: machine translation');
  await page.screenshot({ path: 'test-results/screenshots/editor-preview-light-1280.png' });

  // Edited and saved: the new English fragment's own editor, aligned with the Czech one.
  await preview.fill(CL4_EN);
  await page.getByTestId('translation-save').click();
  await expect(page).not.toHaveURL(editorFor(main.fragmentId));
  await expect(page).toHaveURL(new RegExp(`/editor/${UUID.source}`));
  const englishId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('editor-text')).toContainText(CL4_EN);
  const members = page.getByTestId('editor-alignment').getByTestId('alignment-member');
  await expect(members).toHaveCount(2);
  await expect(page.locator(`[data-testid="alignment-member"][data-fragment-id="${englishId}"]`)).toContainText(
    /English|en/,
  );
  await expect(page.locator(`[data-testid="alignment-member"][data-fragment-id="${main.fragmentId}"]`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/editor-saved-light-1280.png' });

  // The reader's English text: the saved translation, marked as a user's.
  await page.getByTestId('editor-reader-link').click();
  await expect(page).toHaveURL(new RegExp(`/documents/${main.documentId}`));
  // Two languages: chips, not a menu.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }).click();
  const englishRow = page.getByRole('region', { name: 'Document text' }).locator(`[data-fragment-id="${englishId}"]`);
  await expect(englishRow.getByText(CL4_EN)).toBeVisible();
  await expect(englishRow.getByText('User translation')).toBeVisible();
  await expect(englishRow.getByText('Translation may be outdated')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'reader with a user translation');
  await page.screenshot({ path: 'test-results/screenshots/reader-user-translation-light-1280.png' });

  // The 1993 Čl. 4 (the same text): the saved translation comes back from memory at 100%.
  const original = await constitutionArticle4(page, 'snapshot-1993-01-01');
  expect(original.fragmentId).not.toBe(main.fragmentId);
  await page.goto(`/editor/${original.fragmentId}`);
  await expect(page.getByTestId('editor-text')).toContainText(CL4_CS);
  await expectPlace(page, 'Version of January 1, 1993');
  await expect(page.getByTestId('editor-reader-link')).toHaveAttribute(
    'href',
    `/documents/${main.documentId}-ustava-ceske-republiky?branch=snapshot-1993-01-01&node=${original.nodeId}`,
  );
  await page.getByLabel('Target language').selectOption('en');
  await page.getByTestId('translation-translate').click();
  await expect(page.getByTestId('translation-preview')).toHaveValue(CL4_EN);
  await expect(page.getByTestId('translation-preview-origin')).toHaveText('Preview: exact match');
  await expect(page.getByTestId('translation-suggestion').first().getByTestId('suggestion-score')).toContainText('100');

  // A Copilot proposal for this fragment arrives over the live channel and is accepted into the form.
  await page.getByRole('button', { name: 'Open Copilot' }).click();
  const panel = page.getByRole('complementary', { name: 'Copilot' });
  await expect(panel.getByText('Connected')).toBeVisible({ timeout: 15_000 });
  const pushed = await publish(page, 'editor.translation_preview', {
    translation_preview: COPILOT_EN,
    fragment_id: original.fragmentId,
    language: 'en',
    origin: 'fuzzy',
    score: 92,
  });
  expect(pushed.status()).toBe(200);
  const card = page.getByTestId('copilot-preview');
  await expect(card.getByTestId('copilot-preview-text')).toHaveText(COPILOT_EN);
  // Never put into the form by itself.
  await expect(page.getByTestId('translation-preview')).toHaveValue(CL4_EN);
  await page.screenshot({ path: 'test-results/screenshots/editor-copilot-card-light-1280.png' });
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('translation-preview')).toHaveValue(COPILOT_EN);
  await expect(card).toHaveCount(0);
});

test('screenshots of the editor: a preview with suggestions, a saved translation, a stale one, in Czech', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerAndLogIn(page, mailbox, 'screens');
  const main = await constitutionArticle4(page);
  const original = await constitutionArticle4(page, 'snapshot-1993-01-01');
  await page.goto(`/editor/${main.fragmentId}`);
  await translateToEnglish(page);
  await page.getByTestId('translation-preview').fill(CL4_EN);
  await page.getByTestId('translation-save').click();
  await expect(page).toHaveURL(new RegExp(`/editor/${UUID.source}`));
  await expect(page).not.toHaveURL(editorFor(main.fragmentId));
  const englishId = new URL(page.url()).pathname.split('/').pop()!;

  await screenshotAllWays(page, 'editor-saved', async (p) => {
    await p.goto(`/editor/${englishId}`);
    await expect(p.getByTestId('alignment-member')).toHaveCount(2);
    await expect(p.getByTestId('editor-place')).toBeVisible();
  });
  // The 1993 Čl. 4: the saved translation as a 100% suggestion.
  await screenshotAllWays(page, 'editor-preview', async (p) => {
    await p.goto(`/editor/${original.fragmentId}`);
    await expect(p.getByTestId('editor-place')).toBeVisible();
    await translateToEnglish(p);
  });
  // The last one is dark at 375: the whole page, the side panel under the text.
  await page.screenshot({ path: 'test-results/screenshots/editor-preview-dark-375-full.png', fullPage: true });

  // The stale panel's look: the flag itself is tested on the server and in the screen test; here
  // the browser rewrites the saved translation's text answer as a newer version would leave it.
  await page.route(`**/v1/legal/fragments/${englishId}/text`, async (route) => {
    const answer = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
    const body = (await answer.json()) as Record<string, unknown>;
    await route.fulfill({
      json: {
        ...body,
        translation: { status: 'reviewed', stale: true, origin: 'translated' },
        stale_source_text: 'Základní práva a svobody jsou pod ochranou soudů.',
      },
    });
  });
  await page.route('**/v1/legal/alignment-members?*', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { items: { fragment_id: string }[] };
    const items = body.items.map((item) =>
      item.fragment_id === englishId ? { ...item, status: 'reviewed', stale: true } : item,
    );
    await route.fulfill({ json: { ...body, items } });
  });
  await screenshotAllWays(page, 'editor-stale', async (p) => {
    await p.goto(`/editor/${englishId}`);
    await expect(p.getByTestId('editor-stale-diff')).toBeVisible();
    await expect(p.getByTestId('alignment-member')).toHaveCount(2);
  });
  await page.screenshot({ path: 'test-results/screenshots/editor-stale-dark-375-full.png', fullPage: true });
  await page.unroute(`**/v1/legal/fragments/${englishId}/text`);
  await page.unroute('**/v1/legal/alignment-members?*');

  // The Czech interface, as a Czech lawyer reads it.
  await page.evaluate(() => window.localStorage.setItem('lexhub.locale', 'cs'));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('lexhub.theme', JSON.stringify(value)), theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      await page.goto(`/editor/${original.fragmentId}`);
      await expect(page.getByTestId('editor-version')).toHaveText(' · Znění ke dni 1. ledna 1993');
      await translateToEnglish(page);
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/screenshots/editor-preview-cs-${theme}-${width}.png` });
      await page.screenshot({
        path: `test-results/screenshots/editor-preview-cs-${theme}-${width}-full.png`,
        fullPage: true,
      });
    }
  }
  // Focus rings in the dark, reached by the keyboard: the link back to the reader, the target select.
  await page.getByTestId('editor-reader-link').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('editor-reader-link')).toBeFocused();
  await page.screenshot({ path: 'test-results/screenshots/editor-focus-link-cs-dark-375.png' });
  await page.keyboard.press('Tab');
  await page.screenshot({ path: 'test-results/screenshots/editor-focus-next-cs-dark-375.png' });

  // A long provision, in Czech, on a phone and wide.
  const long = await longestProvision(page, main.documentId);
  for (const [theme, width] of [
    ['light', 375],
    ['dark', 1280],
  ] as const) {
    await page.evaluate((value) => window.localStorage.setItem('lexhub.theme', JSON.stringify(value)), theme);
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await page.goto(`/editor/${long}`);
    await expect(page.getByTestId('editor-place')).toBeVisible();
    await page.getByLabel('Cílový jazyk').selectOption('en');
    await page.getByTestId('translation-translate').click();
    await expect(page.getByTestId('translation-preview')).not.toHaveValue('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({
      path: `test-results/screenshots/editor-long-cs-${theme}-${width}-full.png`,
      fullPage: true,
    });
  }
});

test('the picker finds a document and opens one of its provisions in the editor', async ({ page }) => {
  test.setTimeout(120_000);
  await registerAndLogIn(page, mailbox, 'picker');
  const main = await constitutionArticle4(page);
  await page.goto('/editor');
  await expect(page.getByRole('heading', { level: 1, name: 'Translation editor' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'editor picker');

  await page.getByLabel('Search documents by title or number').fill('1/1993');
  await page
    .getByRole('list', { name: 'Documents found' })
    .getByRole('button', { name: /Ústava České republiky/ })
    .click();
  const provisions = page.getByRole('list', { name: 'Provisions of 1/1993 Sb.' });
  await expect(provisions.getByRole('link').first()).toBeVisible();
  // Paragraphs are named with their article ('Čl. 1 odst. 1'), not 'odst. 1' alone.
  await expect(provisions.getByRole('link', { name: /^Čl\. 1 odst\. 1/ })).toBeVisible();
  await page.getByLabel('Filter provisions').fill('soudní moci');
  const article4 = provisions.getByRole('link', { name: /^Čl\. 4 Základní práva/ });
  await expect(article4).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'editor picker with provisions');
  await article4.click();
  await expect(page).toHaveURL(editorFor(main.fragmentId));
  await expect(page.getByTestId('editor-text')).toContainText(CL4_CS);

  await screenshotAllWays(page, 'editor-picker', async (p) => {
    await p.goto('/editor');
    await p.getByLabel('Search documents by title or number').fill('1/1993');
    await p.getByRole('list', { name: 'Documents found' }).getByRole('button').first().click();
    await expect(p.getByRole('list', { name: 'Provisions of 1/1993 Sb.' }).getByRole('link').first()).toBeVisible();
  });
  // The last one is dark at 375: a provision's focus ring, reached by the keyboard.
  await page.getByLabel('Filter provisions').focus();
  await page.keyboard.press('Tab');
  await page.screenshot({ path: 'test-results/screenshots/editor-picker-focus-dark-375.png' });
});

test('an anonymous reader gets no Translate link', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const main = await constitutionArticle4(page);
  await page.goto(`/documents/${main.documentId}?node=${main.nodeId}`);
  const row = page.getByRole('region', { name: 'Document text' }).locator(`[data-fragment-id="${main.fragmentId}"]`);
  await expect(row.getByText(CL4_CS)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Translate/ })).toHaveCount(0);
  await context.close();
});
