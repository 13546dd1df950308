// The pin button against a mocked server: hidden for anonymous readers; for a logged-in one it
// starts from the stats' `pinned`, toggles with PUT and DELETE and says so with aria-pressed.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CurrentUser } from '../../api/contract';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApi } from '../../testing/mock-api';
import { JANA as USER } from '../../testing/users';
import { PinButton } from './pin-button';
import { renderScreen } from '../../testing/render-screen';

const DOC = '6f1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d9f';

const calls: string[] = [];
let pinned = false;
let failToggle = false;
setUpComponentTests();
mockApi(
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
  http.get('*/v1/user/document-access/stats/:id', ({ params }) => {
    calls.push(`stats ${String(params.id)}`);
    return HttpResponse.json({
      document_id: params.id,
      access_count: 3,
      first_accessed_at: null,
      last_accessed_at: null,
      pinned,
    });
  }),
  http.put('*/v1/user/pins/:id', ({ params }) => {
    calls.push(`PUT ${String(params.id)}`);
    if (failToggle) return HttpResponse.json({ detail: 'not_found' }, { status: 404 });
    pinned = true;
    return HttpResponse.json({ document_id: params.id, pinned: true });
  }),
  http.delete('*/v1/user/pins/:id', ({ params }) => {
    calls.push(`DELETE ${String(params.id)}`);
    pinned = false;
    return HttpResponse.json({ document_id: params.id, pinned: false });
  }),
);
afterEach(() => {
  calls.length = 0;
  pinned = false;
  failToggle = false;
});

function renderFor(user: CurrentUser | null) {
  return renderScreen(<PinButton documentId={DOC} />, { user });
}

describe('PinButton', () => {
  it('is not shown to an anonymous reader and asks nothing', async () => {
    renderFor(null);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('pins and unpins, with aria-pressed following the server', async () => {
    renderFor(USER);
    const button = await screen.findByRole('button', { name: 'Pin' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    const user = userEvent.setup();
    await user.click(button);
    const pressed = await screen.findByRole('button', { name: 'Pinned', pressed: true });
    await user.click(pressed);
    expect(await screen.findByRole('button', { name: 'Pin', pressed: false })).toBeTruthy();
    expect(calls).toEqual([`stats ${DOC}`, `PUT ${DOC}`, `DELETE ${DOC}`]);
  });

  it('starts pressed for a pinned document, and reports a failed toggle', async () => {
    pinned = true;
    renderFor(USER);
    const button = await screen.findByRole('button', { name: 'Pinned', pressed: true });
    expect(button.getAttribute('title')).toBe('Unpin this document');
    await userEvent.setup().click(button);
    expect(await screen.findByRole('button', { name: 'Pin', pressed: false })).toBeTruthy();

    failToggle = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pin' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pin failed: Not found.');
    expect(screen.getByRole('button', { name: 'Pin' }).getAttribute('aria-pressed')).toBe('false');
  });
});
