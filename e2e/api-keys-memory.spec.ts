// API keys and memory end to end: a reader creates a key on /settings/api-keys and copies its
// one-time secret from the dialog, an MCP client (the official SDK, as an agent would) writes a
// memory with it, the reader sees it on /memory, then rotates the key (the old secret stops
// working) and revokes it (the new one stops too). Axe on both screens.
import { expect, test } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { expectNoSeriousA11yViolations } from './support/axe';
import { registerAndLogIn } from './support/log-in';

let mailbox: SmtpSink;
test.beforeAll(async () => {
  mailbox = await startSmtpSink({ port: Number(process.env.E2E_SMTP_PORT) });
});
test.afterAll(async () => {
  await mailbox.close();
});

const baseUrl = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

async function connect(secret: string): Promise<Client> {
  const client = new Client({ name: 'lexhub-e2e-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  return client;
}

/** The status /mcp answers a secret with (an initialize call by hand; the SDK hides it). */
async function mcpStatus(secret: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
    }),
  });
  return response.status;
}

test('create a key, let an agent write a memory, see it on /memory, rotate and revoke', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await registerAndLogIn(page, mailbox, 'agent');

  await page.goto('/settings/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No keys yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'api-keys');
  await page.getByRole('checkbox', { name: /^memory\.write/ }).check();
  await page.getByLabel('Description').fill('E2E agent');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new key' });
  const secret = (await dialog.getByTestId('api-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^lxh_[0-9A-Za-z]{36}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.screenshot({ path: 'test-results/screenshots/api-keys-secret.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = page.getByTestId(`api-key-${secret.slice(0, 12)}`);
  await expect(row.getByText('Active')).toBeVisible();

  const agent = await connect(secret);
  const written = await agent.callTool({
    name: 'create_entities',
    arguments: {
      entities: [{ name: 'Ústavní soud', entityType: 'court', observations: ['Sídlí v Brně (zapsal agent)'] }],
    },
  });
  expect(written.isError ?? false).toBe(false);
  await agent.close();

  await page.goto('/memory');
  const entity = page.getByTestId('memory-entity-Ústavní soud');
  await expect(entity).toContainText('court · 1 observation');
  await entity.click();
  const panel = page.getByTestId('memory-entity-panel');
  await expect(panel.getByText('Sídlí v Brně (zapsal agent)')).toBeVisible();
  await expect(page.getByTestId('mcp-url')).toHaveText(`${baseUrl()}/mcp`);
  await expectNoSeriousA11yViolations(page, 'memory');
  await page.screenshot({ path: 'test-results/screenshots/memory.png', fullPage: true });

  await page.goto('/settings/api-keys');
  await row.getByRole('button', { name: /^Rotate/ }).click();
  const rotated = page.getByRole('dialog', { name: 'Your new key' });
  const newSecret = (await rotated.getByTestId('api-key-secret').textContent()) ?? '';
  expect(newSecret).toMatch(/^lxh_/);
  expect(newSecret).not.toBe(secret);
  await rotated.getByRole('button', { name: 'Close' }).click();
  expect(await mcpStatus(secret)).toBe(401);
  expect(await mcpStatus(newSecret)).toBe(200);

  // A new secret has a new display prefix: the row follows it.
  const rotatedRow = page.getByTestId(`api-key-${newSecret.slice(0, 12)}`);
  await rotatedRow.getByRole('button', { name: /^Revoke/ }).click();
  await page.getByRole('alertdialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(rotatedRow.getByText('Revoked')).toBeVisible();
  expect(await mcpStatus(newSecret)).toBe(401);

  await rotatedRow.getByRole('button', { name: /^Events/ }).click();
  const events = page.getByRole('dialog', { name: /^Events of key/ });
  await expect(events.getByRole('cell', { name: 'Revoked', exact: true })).toBeVisible();
  await expect(events.getByRole('cell', { name: 'Created', exact: true })).toBeVisible();
});
