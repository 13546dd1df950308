// The Copilot end to end: a logged-in reader asks about Čl. 54 of the Constitution and gets a
// streamed answer citing it with a working link, asks it to open a provision and watches the
// page follow, and sees the live channel drop and come back when the server stops and starts.
// This test runs a server of its own (e2e/support/own-server.ts) because it stops it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotAllWays } from './support/screens';
import { registerAndLogIn } from './support/log-in';
import { prepareOwnServer, type OwnServer } from './support/own-server';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
const seedFiles = ['cz-esbirka-original-json/1_1993.json', 'cz-consolidated-md/1-1993.md'].map((file) =>
  path.join(corpus, file),
);
test.skip(!seedFiles.every((file) => fs.existsSync(file)), `the shared corpus is not at ${corpus}`);

let mailbox: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mailbox = await startSmtpSink();
  server = await prepareOwnServer(seedFiles, { SMTP_URL: mailbox.url });
  await server.start();
});
test.afterAll(async () => {
  await server?.dispose();
  await mailbox?.close();
});

async function ask(page: Page, question: string) {
  await page.getByLabel('Message to Copilot').fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test('ask the Copilot, follow its citation, let it open a provision, survive a server restart', async ({ page }) => {
  test.setTimeout(120_000);
  await registerAndLogIn(page, mailbox, 'copilot', server.url);

  await page.getByRole('button', { name: 'Open Copilot' }).click();
  const panel = page.getByRole('complementary', { name: 'Copilot' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Connected')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'copilot panel');

  await ask(page, 'Co říká čl. 54 ústavy?');
  const citation = panel.getByRole('link', { name: /Čl\. 54, 1\/1993 Sb\./ }).first();
  await expect(citation).toBeVisible({ timeout: 15_000 });
  await expect(citation).toHaveAttribute('href', /\/documents\/[0-9a-f-]{36}-[a-z0-9-]+\?node=[0-9a-f-]{36}/);
  await page.screenshot({ path: 'test-results/screenshots/copilot-answer-light-1280.png' });

  await citation.click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}-ustava-ceske-republiky\?.*node=/);
  await expect(
    page.getByRole('region', { name: 'Document text' }).getByText('Prezident republiky je volen v přímých volbách.'),
  ).toBeVisible();

  // A direct request: the Copilot publishes editor.open / tool.navigate and the page follows.
  await page.goto(`${server.url}/documents`);
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Open Copilot' }).click();
  await ask(page, 'otevři 1/1993 čl. 62');
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}-ustava-ceske-republiky\?.*node=[0-9a-f-]{36}/, {
    timeout: 15_000,
  });
  // The panel reads the command as activity; the raw command is behind its toggle.
  await expect(panel.getByText(/^(Opened|Went to) /).first()).toBeVisible();
  await expect(panel.getByText(/editor\.open|tool\.navigate/).first()).toBeAttached();

  // The server goes away: the panel says so; it comes back: the channel reconnects.
  await server.stop();
  await expect(panel.getByText('Disconnected')).toBeVisible({ timeout: 20_000 });
  await server.start();
  await expect(panel.getByText('Connected')).toBeVisible({ timeout: 30_000 });

  // The WS Demo shows the same channel and the traffic on it.
  await page.goto(`${server.url}/tools?tool=ws-demo`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'ws demo');
  await screenshotAllWays(page, 'ws-demo', async (p) => {
    await p.goto(`${server.url}/tools?tool=ws-demo`);
    await expect(p.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  });
});
