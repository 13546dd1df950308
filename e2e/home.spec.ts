// The built app served by the real server: the home page shows the library and switches language.
import { expect, test } from '@playwright/test';

test('home page shows the imported library and switches to Czech', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lexhub' })).toBeVisible();
  await expect(page.getByText('Legal operating system with search, editor, and Copilot.')).toBeVisible();
  await expect(page.getByTestId('library-count')).toHaveText('The library holds 2 documents.');
  await page.screenshot({ path: 'test-results/screenshots/home-en.png', fullPage: true });

  await page.getByRole('button', { name: 'CS' }).click();
  await expect(page.getByText('Právní operační systém s vyhledáváním, editorem a Copilotem.')).toBeVisible();
  await expect(page.getByTestId('library-count')).toHaveText('Knihovna obsahuje 2 dokumenty.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
});

test('unknown API routes answer JSON 404 and client routes get the app', async ({ request, page }) => {
  const api = await request.get('/v1/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ detail: 'not_found' });
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Lexhub' })).toBeVisible();
});
