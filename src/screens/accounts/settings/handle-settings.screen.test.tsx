// /settings/handle against a mocked server: the login hint, the Update rule, the ETag then the
// PATCH with If-Match, 'Handle updated!' (and the session follows), and the red failures.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createStore } from '../../../atoms/store';
import axe from 'axe-core';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { JANA as USER } from '../../../testing/users';
import { HandleSettingsScreen } from './handle-settings.screen';
import { renderScreen } from '../../../testing/render-screen';

const calls: string[] = [];
let patchAnswer: { status: number; body: unknown } = { status: 200, body: undefined };
setUpComponentTests();
const server = mockApi(
  // The shell's language sync talks to this once someone is logged in.
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
  http.get('*/v1/users/:id/etag', ({ params }) => {
    calls.push(`GET etag ${String(params.id)}`);
    return HttpResponse.json({ etag: 'W/"v7"' });
  }),
  http.patch('*/v1/users/:id/handle', async ({ request, params }) => {
    const body = (await request.json()) as { username: string };
    calls.push(
      `PATCH ${String(params.id)} ${body.username} if-match=${request.headers.get('If-Match')} csrf=${request.headers.get('X-CSRF-Token')}`,
    );
    if (patchAnswer.status !== 200)
      return HttpResponse.json(patchAnswer.body as object, { status: patchAnswer.status });
    return HttpResponse.json({ username: body.username, etag: 'W/"v8"' });
  }),
);

beforeAll(() => {
  document.cookie = 'csrf_token=tok123';
});
afterEach(() => {
  calls.length = 0;
  patchAnswer = { status: 200, body: undefined };
  localStorage.clear();
});

function renderLoggedIn(locale: 'en' | 'cs' = 'en') {
  const store = createStore();
  store.set(localeAtom, locale);
  return {
    ...renderScreen(<HandleSettingsScreen />, { user: USER, store, path: '/settings/handle' }),
    user: userEvent.setup(),
  };
}

describe('HandleSettingsScreen', () => {
  it('asks an anonymous visitor to log in', () => {
    renderScreen(<HandleSettingsScreen />, { user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Your handle' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.queryByLabelText('New handle')).toBeNull();
    expect(document.title).toBe('Your handle · Lexhub');
  });

  it('shows the current handle read-only; Update is disabled while the new one is empty or the same', async () => {
    const { user } = renderLoggedIn();
    const current = screen.getByLabelText('Current handle') as HTMLInputElement;
    expect(current.value).toBe('jana');
    expect(current.readOnly).toBe(true);
    const next = screen.getByLabelText('New handle');
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    await user.type(next, 'jana');
    expect(update.disabled).toBe(true);
    await user.type(next, '2');
    expect(update.disabled).toBe(false);
    await user.clear(next);
    expect(update.disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it("resolves the ETag, patches with If-Match, says 'Handle updated!' and the session follows", async () => {
    const { user, store } = renderLoggedIn();
    await user.type(screen.getByLabelText('New handle'), 'jana-n{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe('Handle updated!');
    expect(calls).toEqual([`GET etag ${USER.id}`, `PATCH ${USER.id} jana-n if-match=W/"v7" csrf=tok123`]);
    expect(store.get(currentUserAtom)?.username).toBe('jana-n');
    expect((screen.getByLabelText('Current handle') as HTMLInputElement).value).toBe('jana-n');
    expect((screen.getByLabelText('New handle') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'View your public profile' }).getAttribute('href')).toBe('/u/jana-n');
  });

  it("shows 'Failed: 412 precondition_failed' in a red callout when the ETag is stale", async () => {
    patchAnswer = { status: 412, body: { detail: 'precondition_failed', message: 'stale' } };
    const { user, store } = renderLoggedIn();
    await user.type(screen.getByLabelText('New handle'), 'jana-n');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed: 412 precondition_failed');
    expect(alert.getAttribute('data-accent-color')).toBe('red');
    expect(store.get(currentUserAtom)?.username).toBe('jana');
    expect(screen.queryByText('Handle updated!')).toBeNull();
  });

  it("says 'Failed to get ETag' when the ETag cannot be read, and sends no change", async () => {
    server.use(
      http.get('*/v1/users/:id/etag', () =>
        HttpResponse.json({ detail: 'internal_error', message: 'Internal server error' }, { status: 500 }),
      ),
    );
    const { user } = renderLoggedIn();
    await user.type(screen.getByLabelText('New handle'), 'jana-n');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to get ETag');
    expect(alert.textContent).toContain('Failed: 500 internal_error');
    expect(calls.filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });

  it("shows 'Failed: 409 handle_taken' when the handle is taken, and recovers on the next try", async () => {
    patchAnswer = { status: 409, body: { detail: 'handle_taken' } };
    const { user } = renderLoggedIn();
    await user.type(screen.getByLabelText('New handle'), 'petr');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed: 409 handle_taken');
    expect(alert.textContent).toContain('This handle is already taken.');

    patchAnswer = { status: 200, body: undefined };
    await user.clear(screen.getByLabelText('New handle'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('New handle'), 'petra{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe('Handle updated!');
  });

  it('speaks Czech and has no serious axe violations', async () => {
    const { user } = renderLoggedIn('cs');
    expect(screen.getByRole('heading', { level: 1, name: 'Vaše přezdívka' })).toBeTruthy();
    await user.type(screen.getByLabelText('Nová přezdívka'), 'jana-n');
    await user.click(screen.getByRole('button', { name: 'Změnit' }));
    expect((await screen.findByRole('status')).textContent).toBe('Přezdívka změněna!');
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });

  it('follows the session while it loads', async () => {
    const store = createStore();
    renderScreen(<HandleSettingsScreen />, { store });
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    act(() => store.set(currentUserAtom, USER));
    await waitFor(() => expect((screen.getByLabelText('Current handle') as HTMLInputElement).value).toBe('jana'));
  });
});
