// Law from its official services (issue 16) on a fresh data folder: a server of the spec's own
// whose CELLAR_URL and ESBIRKA_URL point at the local test services (tests/support/fake-*), an
// operator imports the starter set from the empty library with progress, the library reloads and
// the Constitution opens; then the import page finds 1/1993 by number and imports it again
// (unchanged), with the history of imports. Keyboard-reachable, axe clean, screenshots.
import { expect, test } from '@playwright/test';
import { hasCorpus } from '../tests/support/corpus';
import { startFakeCellar, type FakeCellar } from '../tests/support/fake-cellar-service';
import { startFakeEsbirka, type FakeEsbirka } from '../tests/support/fake-esbirka-service';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { expectNoSeriousA11yViolations } from './support/axe';
import { registerAndLogIn } from './support/log-in';
import { prepareOwnServer, type OwnServer } from './support/own-server';
import { screenshotAllWays } from './support/screens';

test.skip(!hasCorpus, 'the shared corpus is not there');

const operatorEmail = `sources${Date.now().toString(36)}@example.cz`;
let mailbox: SmtpSink;
let server: OwnServer;
let cellar: FakeCellar;
let esbirka: FakeEsbirka;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cellar = await startFakeCellar();
  esbirka = await startFakeEsbirka();
  mailbox = await startSmtpSink();
  server = await prepareOwnServer([], {
    SMTP_URL: mailbox.url,
    OPERATOR_EMAILS: operatorEmail,
    CELLAR_URL: cellar.url,
    ESBIRKA_URL: esbirka.url,
  });
  await server.start();
});
test.afterAll(async () => {
  await server?.dispose();
  await mailbox?.close();
  await cellar?.close();
  await esbirka?.close();
});

test('an operator fills the empty library with the starter set, then imports by number', async ({ page }) => {
  test.setTimeout(240_000);
  await registerAndLogIn(page, mailbox, 'operator', server.url, operatorEmail);

  await page.goto(`${server.url}/`);
  const empty = page.getByTestId('empty-library');
  const start = empty.getByRole('button', { name: 'Import the starter set' });
  await expect(start).toBeVisible();
  await screenshotAllWays(page, 'starter-set-offer', async (shot) => {
    await shot.goto(`${server.url}/`);
    await expect(shot.getByRole('button', { name: 'Import the starter set' })).toBeVisible();
  });
  await expectNoSeriousA11yViolations(page, 'empty library with the starter set');

  // Slow answers so the progress is there to be seen (and shot) before the job ends.
  esbirka.delayMs = 400;
  await start.focus();
  await page.keyboard.press('Enter');
  const job = empty.getByTestId('source-job');
  await expect(job.getByRole('progressbar', { name: 'Import progress' })).toBeVisible({ timeout: 20_000 });
  await expect(job.getByRole('status')).toHaveText(/Waiting for the server|Importing: \d+ of \d+/);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: 'test-results/screenshots/starter-set-progress-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/screenshots/starter-set-progress-1280.png' });
  esbirka.delayMs = 0;

  // Done: the library loads again and the empty library gives way to it.
  await expect(page.getByTestId('empty-library')).toHaveCount(0, { timeout: 60_000 });
  await page.goto(`${server.url}/documents`);
  await page
    .getByRole('link', { name: /Ústava|Constitution|1\/1993/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Ústava|Constitution/);

  // By number: e-Sbírka's 1/1993 again, which changes nothing.
  await page.goto(`${server.url}/admin/import`);
  await page.getByRole('radio', { name: /Czech law/ }).click();
  const field = page.getByRole('textbox', { name: 'Number/year' });
  await field.fill('1993');
  await field.press('Enter');
  await expect(page.getByText(/not a number in the form the service takes/)).toBeVisible();
  await field.fill('1/1993');
  await field.press('Enter');
  const act = page.getByTestId('source-act');
  await expect(act.getByRole('checkbox', { name: 'Czech' })).toBeChecked({ timeout: 20_000 });
  await screenshotAllWays(page, 'source-import-found', async (shot) => {
    await shot.goto(`${server.url}/admin/import`);
    await shot.getByRole('radio', { name: /Czech law/ }).click();
    await shot.getByRole('textbox', { name: 'Number/year' }).fill('1/1993');
    await shot.getByRole('textbox', { name: 'Number/year' }).press('Enter');
    await expect(shot.getByTestId('source-act')).toBeVisible({ timeout: 20_000 });
  });
  await expectNoSeriousA11yViolations(page, 'import page, act found');

  await act.getByRole('button', { name: /^Import in 1 language/ }).click();
  const imported = page.getByTestId('source-job');
  await expect(imported.getByRole('status')).toHaveText(/Finished: \d+ of \d+/, { timeout: 60_000 });
  await expect(imported.getByRole('link').first()).toBeVisible();
  const history = page.getByRole('table', { name: 'Imports from the services' });
  await expect(history.getByText('Starter set')).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(3);
  await screenshotAllWays(page, 'source-import-history', async (shot) => {
    await shot.goto(`${server.url}/admin/import`);
    const table = shot.getByRole('table', { name: 'Imports from the services' });
    await expect(table).toBeVisible();
    await table.scrollIntoViewIfNeeded();
  });
  await expectNoSeriousA11yViolations(page, 'import page, job finished');
});
