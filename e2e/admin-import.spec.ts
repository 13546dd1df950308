// The operators' import page on the embedded database (issue 15): the empty library names the
// steps for this engine and links operators to the page; an operator uploads a folder, sees each
// file and the summary, and reads the imported document.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { expectNoSeriousA11yViolations } from './support/axe';
import { registerAndLogIn } from './support/log-in';
import { prepareOwnServer, type OwnServer } from './support/own-server';
import { screenshotAllWays } from './support/screens';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
const law = path.join(corpus, 'cz-pirati-sbirka-versions', 'ropr', '2014-09-03.md');
test.skip(!fs.existsSync(law), `the shared corpus is not at ${corpus}`);

const operatorEmail = `operator${Date.now().toString(36)}@example.cz`;
let mailbox: SmtpSink;
let server: OwnServer;
let folder: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A folder as an operator would pick it: the law (its folder is its key) and a note beside it.
  folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-e2e-import-')), 'ropr');
  fs.mkdirSync(folder);
  fs.copyFileSync(law, path.join(folder, '2014-09-03.md'));
  fs.writeFileSync(path.join(folder, 'README.txt'), 'Notes, not a law.');
  mailbox = await startSmtpSink();
  server = await prepareOwnServer([], { SMTP_URL: mailbox.url, OPERATOR_EMAILS: operatorEmail });
  await server.start();
});
test.afterAll(async () => {
  await server?.dispose();
  await mailbox?.close();
  if (folder) fs.rmSync(path.dirname(folder), { recursive: true, force: true });
});

async function uploadFolder(page: Page) {
  await page.goto(`${server.url}/admin/import`);
  await page.getByRole('button', { name: 'Choose a folder' }).waitFor();
  await page.getByTestId('import-folder-input').setInputFiles(folder);
  await expect(page.getByRole('progressbar', { name: 'Upload of ropr/2014-09-03.md' })).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 files' }).click();
  await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 30_000 });
}

test('an operator imports a folder on the import page and reads the document', async ({ page }) => {
  test.setTimeout(180_000);
  await registerAndLogIn(page, mailbox, 'operator', server.url, operatorEmail);

  await page.goto(`${server.url}/`);
  const empty = page.getByTestId('empty-library');
  await expect(empty.getByText(/embedded database, which one process opens at a time/)).toBeVisible();
  await expect(empty.getByText('npm run import -- <file or folder>')).toBeVisible();
  await screenshotAllWays(page, 'empty-library-pglite', async (shot) => {
    await shot.goto(`${server.url}/`);
    await expect(shot.getByRole('link', { name: 'Open the import page' })).toBeVisible();
  });
  await empty.getByRole('link', { name: 'Open the import page' }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);

  await uploadFolder(page);
  const summary = page.getByTestId('import-summary');
  await expect(
    summary.getByText(/New versions: 1; replaced: 0; unchanged: 0; files skipped: 1; failed: 0/),
  ).toBeVisible();
  await expect(summary.getByText('ropr/README.txt')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'import summary');

  // The account menu links operators to the page.
  await page.getByRole('button', { name: /^Account: / }).click();
  await expect(page.getByRole('menuitem', { name: 'Import documents' })).toBeVisible();
  await page.keyboard.press('Escape');

  await summary.getByRole('link', { name: 'pirati/ropr' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}/);

  // Again: the same folder changes nothing (each shot imports it once more).
  await screenshotAllWays(page, 'admin-import-summary', async (shot) => {
    await uploadFolder(shot);
    await expect(
      shot.getByTestId('import-summary').getByText(/New versions: 0; replaced: 0; unchanged: 1/),
    ).toBeVisible();
  });
});
