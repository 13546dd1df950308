// Collections end to end: a user builds a collection of the Constitution and Directive 2014/92/EU,
// lets their organization maintain it, pins the Constitution to 2000-01-01 and publishes it; a
// visitor without an account finds it behind 'Browse Collections', opens it at both address
// shapes and reads the Constitution inside it at the pinned version; a private one stays hidden.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { expectNoSeriousA11yViolations } from './support/axe';
import { registerAndLogIn } from './support/log-in';
import { screenshotAllWays } from './support/screens';

const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
test.skip(!fs.existsSync(path.join(corpus, 'SOURCES.md')), `the shared corpus is not at ${corpus}`);

let mailbox: SmtpSink;
test.beforeAll(async () => {
  mailbox = await startSmtpSink({ port: Number(process.env.E2E_SMTP_PORT) });
});
test.afterAll(async () => {
  await mailbox.close();
});

const CONSTITUTION = 'Ústava České republiky';
const suffix = () => Date.now().toString(36);

/** The handle of the logged-in user, from the account menu's own call. */
async function ownHandle(page: Page): Promise<string> {
  const response = await page.request.get('/v1/auth/me');
  const me = (await response.json()) as { user: { username: string } };
  return me.user.username;
}

async function createOrganization(page: Page, slug: string) {
  await page.goto('/teams');
  await page.getByLabel('Name', { exact: true }).fill('Bankovní právníci');
  await page.getByLabel('Address (slug)').fill(slug);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Organization created.')).toBeVisible();
}

async function createCollection(page: Page, name: string): Promise<string> {
  await page.goto('/collections');
  await page.getByRole('button', { name: 'New collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url().split('/').pop()!;
}

async function addDocument(page: Page, reference: string, title: RegExp) {
  const form = page.getByRole('form', { name: 'Add a document' });
  await form.getByRole('textbox', { name: 'Document ID or law number' }).fill(reference);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('region', { name: 'Documents' }).getByRole('link', { name: title })).toBeVisible();
}

async function anonymousPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The table of contents: beside the text on a wide screen, in a drawer on a narrower one. */
async function filterContents(page: Page, query: string) {
  const drawerButton = page.getByRole('button', { name: 'Contents', exact: true });
  const scope = (await drawerButton.isVisible()) ? page.getByRole('dialog', { name: 'Contents' }) : page;
  if (scope !== page) await drawerButton.click();
  await scope.getByLabel('Filter the structure').fill(query);
  return scope.getByRole('tree', { name: 'Document structure' });
}

async function closeContents(page: Page) {
  if (await page.getByRole('dialog', { name: 'Contents' }).isVisible()) await page.keyboard.press('Escape');
}

test('build, maintain with an organization, pin and publish a collection; a visitor reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerAndLogIn(page, mailbox, 'collector');
  const handle = await ownHandle(page);
  const orgSlug = `banka-${suffix()}`;
  await createOrganization(page, orgSlug);

  const name = `Platební účty ${suffix()}`;
  const id = await createCollection(page, name);
  await addDocument(page, '1/1993 Sb.', new RegExp(CONSTITUTION));
  await addDocument(page, '32014L0092', /2014\/92/);

  // The Constitution as in force on 1 January 2000: before Čl. 10a came in (2002).
  await page.getByRole('button', { name: new RegExp(`^Edit the note and pin of ${CONSTITUTION}`) }).click();
  const pinForm = page.getByRole('form', { name: new RegExp(`^Note and pin of ${CONSTITUTION}`) });
  await pinForm.getByLabel('Version in force on').fill('2000-01-01');
  await pinForm.getByRole('textbox', { name: 'Note' }).fill('Znění před euronovelou');
  await pinForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/As in force on .*2000/).first()).toBeVisible();

  // The user's own organization maintains it (adding an organization one owns needs no invitation).
  const maintainers = page.getByRole('region', { name: 'Maintainers' });
  const addMaintainer = maintainers.getByRole('form', { name: 'Add a maintainer' });
  await expect(addMaintainer.getByRole('button', { name: 'Add' })).toBeDisabled();
  await addMaintainer.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Organization' });
  await addMaintainer.getByRole('textbox', { name: 'Handle or ID' }).fill(orgSlug);
  await addMaintainer.getByRole('button', { name: 'Add' }).click();
  await expect(maintainers.getByRole('link', { name: orgSlug })).toBeVisible();
  await expect(maintainers.getByText('Invitation not accepted yet')).toHaveCount(0);

  // Publish under the user's handle, with a short handle.
  const slug = `platebni-ucty-${suffix()}`;
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('textbox', { name: 'Slug' }).fill(slug);
  await expect(publishing.getByRole('textbox', { name: 'Owner handle' })).toHaveValue(handle);
  const makePublic = publishing.getByRole('switch', { name: 'Public' });
  if ((await makePublic.getAttribute('aria-checked')) !== 'true') await makePublic.click();
  await expect(makePublic).toHaveAttribute('aria-checked', 'true');
  await publishing.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Publishing settings saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: `/u/${handle}/${slug}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'collection management');
  await screenshotAllWays(page, 'collection-manage', async (p) => {
    await p.goto(`/collections/${id}`);
    await expect(p.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  // A private collection of the same user, at an address a stranger might guess.
  const hiddenId = await createCollection(page, `Soukromé poznámky ${suffix()}`);
  const hidden = await (await page.request.get(`/v1/legal/collections/${hiddenId}`)).json();

  // A visitor without an account.
  const visitor = await anonymousPage(browser);
  await visitor.goto('/');
  await visitor.getByRole('link', { name: 'Browse Collections' }).click();
  await expect(visitor).toHaveURL(/\/collections$/);
  await visitor.getByLabel('Filter by name').fill(name);
  await visitor.getByRole('link', { name: `Public page of ${name}` }).click();
  await expect(visitor).toHaveURL(new RegExp(`/u/${handle}/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText('Personal Collection')).toBeVisible();
  await expect(visitor.getByText('2 documents')).toBeVisible();
  await expect(visitor).toHaveTitle(`${name} · Lexhub`);
  await expect(visitor.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/u/${handle}/${slug}$`));
  await expectNoSeriousA11yViolations(visitor, 'public collection');
  await screenshotAllWays(visitor, 'collection-public', async (p) => {
    await p.goto(`/u/${handle}/${slug}`);
    await expect(p.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  // The second shape of its address shows the same collection, canonical to the first.
  await visitor.goto(`/u/${handle}/collections/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/u/${handle}/${slug}$`));

  // The Constitution inside it: breadcrumbs, the way back, noindex, canonical, the pinned version.
  await visitor
    .getByRole('link', { name: new RegExp(CONSTITUTION) })
    .first()
    .click();
  await expect(visitor).toHaveURL(new RegExp(`/u/${handle}/collections/${slug}/documents/[0-9a-f-]{36}`));
  await expect(visitor.getByRole('heading', { level: 1, name: new RegExp(CONSTITUTION) })).toBeVisible();
  const crumbs = visitor.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: `@${handle}` })).toBeVisible();
  await expect(crumbs.getByRole('link', { name })).toBeVisible();
  await expect(visitor.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
  await expect(visitor.locator('link[rel=canonical]')).toHaveAttribute('href', /\/documents\/[0-9a-f-]{36}/);
  await expect(visitor.getByText(/As in force on .*2000/).first()).toBeVisible();
  let tree = await filterContents(visitor, 'čl. 10');
  await expect(tree.getByRole('treeitem', { name: /Čl\. 10\b/ }).first()).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /Čl\. 10a/ })).toHaveCount(0);
  await closeContents(visitor);
  await expectNoSeriousA11yViolations(visitor, 'document in a collection');
  const documentAddress = visitor.url();
  await screenshotAllWays(visitor, 'collection-document', async (p) => {
    await p.goto(documentAddress);
    await expect(p.getByRole('heading', { level: 1, name: new RegExp(CONSTITUTION) })).toBeVisible();
  });

  // The latest version is one link away, and has Čl. 10a.
  await visitor.getByRole('link', { name: 'Show the latest version' }).click();
  tree = await filterContents(visitor, 'čl. 10a');
  await expect(tree.getByRole('treeitem', { name: /Čl\. 10a/ }).first()).toBeVisible();
  await closeContents(visitor);
  await visitor.getByRole('link', { name: 'Back to the collection' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();

  // The public document page counts the collections that hold it.
  await visitor.goto('/documents');
  await visitor.getByLabel('Law number').fill('32014L0092');
  await visitor.getByLabel('Law number').press('Enter');
  await visitor
    .getByRole('link', { name: /2014\/92/ })
    .first()
    .click();
  await expect(visitor.getByText(/In \d+ public collections?/)).toBeVisible();

  // The private collection: the same 'Collection not found' whichever address a stranger tries.
  await visitor.goto(`/u/${handle}/${hidden.slug}`);
  await expect(visitor.getByText('Collection not found').first()).toBeVisible();
  await visitor.goto(`/collections/${hiddenId}`);
  await expect(visitor.getByText('Collection not found').first()).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'collection not found');
  await visitor.context().close();

  // A logged-in stranger sees the same for the private one.
  const stranger = await anonymousPage(browser);
  await registerAndLogIn(stranger, mailbox, 'stranger');
  const strangerHandle = await ownHandle(stranger);
  await stranger.goto(`/u/${handle}/${hidden.slug}`);
  await expect(stranger.getByText('Collection not found').first()).toBeVisible();
  await stranger.goto(`/collections/${hiddenId}`);
  await expect(stranger.getByText('Collection not found').first()).toBeVisible();

  // Invited to maintain the public one, the stranger becomes a maintainer only by accepting.
  await page.goto(`/collections/${id}`);
  await addMaintainer.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'User' });
  await addMaintainer.getByRole('textbox', { name: 'Handle or ID' }).fill(strangerHandle);
  await addMaintainer.getByRole('button', { name: 'Add' }).click();
  await expect(
    page.getByText(`Invitation sent: @${strangerHandle} becomes a maintainer once they accept.`).first(),
  ).toBeVisible();
  await expect(maintainers.getByText('Invitation not accepted yet')).toBeVisible();
  await stranger.goto('/collections');
  const invitations = stranger.getByRole('region', { name: 'Invitations to maintain' });
  await expectNoSeriousA11yViolations(stranger, 'invitations');
  await screenshotAllWays(stranger, 'collections-invitations', async (p) => {
    await p.goto('/collections');
    await expect(p.getByRole('region', { name: 'Invitations to maintain' })).toBeVisible();
  });
  await invitations.getByRole('button', { name: `Accept the invitation to maintain ${name}` }).click();
  await expect(stranger.getByText(`You now maintain “${name}”.`).first()).toBeVisible();
  await expect(stranger.getByRole('link', { name, exact: true })).toBeVisible();
  await screenshotAllWays(stranger, 'collections-list', async (p) => {
    await p.goto('/collections');
    await expect(p.getByRole('link', { name, exact: true })).toBeVisible();
  });
  await stranger.context().close();
});
