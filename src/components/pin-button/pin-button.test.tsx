// @vitest-environment jsdom
// The pin button against a mocked server: hidden for anonymous readers; for a logged-in one it
// starts from the stats' `pinned`, toggles with PUT and DELETE and says so with aria-pressed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createStore } from 'jotai';
import { currentUserAtom } from '../../atoms/session.atoms';
import { installDomShims, renderWithProviders } from '../shell/testing';
import { PinButton } from './pin-button';

const DOC = '6f1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d9f';
const USER = {
  id: '7d3f2c1a-0b9e-4f5d-8c7a-6e5d4c3b2a10',
  username: 'jana',
  email: 'jana@example.com',
  first_name: 'Jana',
  last_name: 'Nováková',
  language: null,
  email_verified: true,
};

const calls: string[] = [];
let pinned = false;
let failToggle = false;
const server = setupServer(
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
  http.get('*/v1/user/document-access/stats/:id', ({ params }) => {
    calls.push(`stats ${String(params.id)}`);
    return HttpResponse.json({ document_id: params.id, access_count: 3, first_accessed_at: null, last_accessed_at: null, pinned });
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
beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  calls.length = 0;
  pinned = false;
  failToggle = false;
});
afterAll(() => server.close());

function renderFor(user: typeof USER | null) {
  const store = createStore();
  store.set(currentUserAtom, user);
  return renderWithProviders(<PinButton documentId={DOC} />, { store });
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
    expect((await screen.findByRole('alert')).textContent).toBe('Pin failed: 404 not_found');
    expect(screen.getByRole('button', { name: 'Pin' }).getAttribute('aria-pressed')).toBe('false');
  });
});
