// The Copilot in the shell: the floating button and its tooltip, opening and closing (the main
// column's shift, focus in and back, Escape), the sidebar closing up to 1440 px, the login warning,
// the status badge that hides 5 s after connecting, a streamed answer with the redaction note, the
// only-sensitive error, a failed reply worded from the catalogue, and a command on the channel that
// moves the screen.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createStore } from '../../atoms/store';
import axe from 'axe-core';
import { automationEventsAtom } from '../../atoms/copilot/copilot.atoms';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { sidebarOpenAtom } from '../../atoms/shell/sidebar.atoms';
import { AppShell } from '../shell/app-shell';
import { setUpComponentTests } from '../../testing/component-tests';
import { fakeSockets } from '../../testing/fake-live-socket';
import { mockApiWith } from '../../testing/mock-api';
import { testUser } from '../../testing/users';
import { renderScreen } from '../../testing/render-screen';

const USER = testUser({ username: 'jana-novakova', language: 'en' });

// Radix Themes' tab triggers hold their label twice (one copy only sizes the tab); jsdom does not
// hide the copy, so tab names are matched by their start.
// The socket itself is tested against a real server in live-socket.test.ts; here the test plays the server.
vi.mock('../../realtime/live-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../realtime/live-socket')>()),
  openLiveSocket: (await import('../../testing/fake-live-socket')).openFakeLiveSocket,
}));
const sockets = fakeSockets;

let loggedIn = true;
const chatBodies: unknown[] = [];
setUpComponentTests();
const server = mockApiWith(
  { onUnhandledRequest: 'bypass' },
  http.get('*/v1/auth/me', () =>
    loggedIn ? HttpResponse.json({ user: USER }) : HttpResponse.json({ detail: 'not_authenticated' }, { status: 401 }),
  ),
  http.post('*/v1/auth/ws-token', () => HttpResponse.json({ token: 'ws-token-1', expires_in: 60 })),
  http.get('*/copilot_templates.json', () =>
    HttpResponse.json({
      hash: 'tpl-hash',
      templates: [{ capability: 'chat', template: 'lexhub.chat.v1', text: 'You are…' }],
    }),
  ),
  http.get('*/copilot/config', () => HttpResponse.json({ chat_url: '/copilot/chat', assistant: 'retrieval' })),
  http.post('*/v1/copilot/session', () =>
    HttpResponse.json({
      session_id: 'sess-1',
      nonce: 'nonce-1',
      expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      user_id: USER.id,
      signed_headers: {
        'x-copilot-session': 'sess-1',
        'x-copilot-user': USER.id,
        'x-copilot-nonce': 'nonce-1',
        'x-copilot-expires': '1',
        'x-copilot-login': 'login-1',
        'x-copilot-signature': 'sig',
      },
    }),
  ),
  http.get('*/v1/copilot/conversations', () =>
    HttpResponse.json({
      items: [
        {
          id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
          title: 'Kdo volí prezidenta?',
          created_at: '2026-11-20T09:00:00.000Z',
          updated_at: '2026-11-20T09:01:00.000Z',
        },
      ],
      total: 1,
    }),
  ),
  http.get('*/v1/copilot/conversations/:id', () =>
    HttpResponse.json({
      id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
      title: 'Kdo volí prezidenta?',
      created_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T09:01:00.000Z',
      messages: [
        {
          id: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a',
          role: 'user',
          text: 'Kdo volí prezidenta?',
          created_at: '2026-11-20T09:00:00.000Z',
        },
        {
          id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
          role: 'assistant',
          text: 'Občané v přímých volbách.',
          created_at: '2026-11-20T09:00:00.001Z',
        },
      ],
    }),
  ),
  http.post('*/copilot/chat', async ({ request }) => {
    chatBodies.push(await request.json());
    const encoder = new TextEncoder();
    return new HttpResponse(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('Čl. 54 říká: '));
          await new Promise((resolve) => setTimeout(resolve, 20));
          controller.enqueue(
            encoder.encode(
              '[Čl. 54](/documents/0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d-ustava?node=1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e)',
            ),
          );
          controller.close();
        },
      }),
      { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
    );
  }),
);

let wideScreen = false;
beforeEach(() => {
  loggedIn = true;
  wideScreen = false;
  sockets.length = 0;
  chatBodies.length = 0;
  // jsdom has no matchMedia: up to 1440 px unless a test says the screen is wider.
  window.matchMedia = ((query: string) => ({
    matches: query.includes('1440') ? !wideScreen : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  vi.useRealTimers();
});

function renderShell(store = createStore()) {
  const result = renderScreen(
    <AppShell>
      <p>Page content</p>
    </AppShell>,
    { path: '/', store },
  );
  return {
    ...result,
    user: userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) }),
  };
}

// The app loads these parts on first need; importing them once here keeps the first import's
// transform (seconds on a busy machine) out of the tests' one-second waits.
beforeAll(async () => {
  await Promise.all([
    import('./copilot-workspace'),
    import('./copilot-message-text'),
    import('../toast/toaster'),
    import('../quick-search/quick-search-dialog'),
  ]);
});

const copilotButton = () => screen.getByRole('button', { name: 'Open Copilot' });
const panel = () => screen.getByRole('complementary', { name: 'Copilot' });
const shellRoot = (container: HTMLElement) => container.querySelector('.shell')!;

/** Opens the panel; the first time, its code loads on demand (lazy), hence the wait. */
async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(copilotButton());
  return screen.findByRole('complementary', { name: 'Copilot' });
}

/** The server's side of the first socket: ready, then a tool.navigate to `path` on the user's channel. */
function serverSendsNavigate(path: string) {
  act(() => {
    sockets[0]!.handlers.open();
    sockets[0]!.handlers.message(JSON.stringify({ type: 'ready', user_id: USER.id }));
    sockets[0]!.handlers.message(
      JSON.stringify({
        type: 'command',
        cmd: 'tool.navigate',
        channel: `user:${USER.id}`,
        payload: { path },
        ts: Date.now(),
      }),
    );
  });
}

describe('Copilot in the shell', () => {
  it('has a floating button labelled and tooltipped Open Copilot', async () => {
    const { user } = renderShell();
    const button = copilotButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toContain('Open Copilot');
  });

  it('opens the panel, shifts the main column, closes with Escape and gives the focus back', async () => {
    const { user, container } = renderShell();
    await screen.findByRole('button', { name: /Account/ });
    expect(shellRoot(container).classList.contains('shell--copilot-open')).toBe(false);
    const region = await openPanel(user);
    expect(region.tagName).toBe('ASIDE');
    expect(shellRoot(container).classList.contains('shell--copilot-open')).toBe(true);
    expect(document.activeElement).toBe(within(region).getByRole('textbox', { name: 'Message to Copilot' }));
    expect(
      within(region)
        .getByRole('tab', { name: /^Copilot/ })
        .getAttribute('aria-selected'),
    ).toBe('true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Copilot' })).toBeNull();
    expect(shellRoot(container).classList.contains('shell--copilot-open')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(copilotButton()));
  });

  it('closes the sidebar when opened on a screen up to 1440 px, not on a wider one', async () => {
    const store = createStore();
    store.set(sidebarOpenAtom, true);
    const { user } = renderShell(store);
    await openPanel(user);
    expect(store.get(sidebarOpenAtom)).toBe(false);
    await user.click(within(panel()).getByRole('button', { name: 'Close Copilot' }));

    wideScreen = true;
    store.set(sidebarOpenAtom, true);
    await openPanel(user);
    expect(store.get(sidebarOpenAtom)).toBe(true);
  });

  it('asks an anonymous visitor to log in on the History tab (history is kept per user)', async () => {
    loggedIn = false;
    const { user } = renderShell();
    await screen.findAllByRole('link', { name: 'Login' });
    const region = await openPanel(user);
    await user.click(within(region).getByRole('tab', { name: /^History/ }));
    const history = within(region).getByRole('tabpanel');
    expect(within(history).getByTestId('copilot-login-warning')).toBeTruthy();
    expect(within(history).queryByTestId('copilot-history')).toBeNull();
  });

  it('asks an anonymous visitor to log in and opens no connection', async () => {
    loggedIn = false;
    const { user } = renderShell();
    await screen.findAllByRole('link', { name: 'Login' });
    const region = await openPanel(user);
    const warning = within(region).getByTestId('copilot-login-warning');
    expect(warning.textContent).toContain('To use Copilot you must login.');
    expect(within(warning).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
    expect(within(region).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(document.activeElement).toBe(region);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(0);
  });

  it('connects when the panel opens: Connecting…, then Connected for 5 s, subscribed to user:{id}; closes with the panel', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderShell();
    await screen.findByRole('button', { name: /Account/ });
    expect(sockets).toHaveLength(0);
    const region = await openPanel(user);
    expect(await within(region).findByText('Connecting…')).toBeTruthy();
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.url).toContain('/ws?token=ws-token-1');
    act(() => {
      sockets[0]!.handlers.open();
      sockets[0]!.handlers.message(JSON.stringify({ type: 'ready', user_id: USER.id }));
    });
    expect(await within(region).findByText('Connected')).toBeTruthy();
    expect(sockets[0]!.sent.map((text) => JSON.parse(text))).toEqual([
      { cmd: 'subscribe', channels: [`user:${USER.id}`] },
    ]);
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(within(region).queryByText('Connected')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(within(region).queryByText('Connected')).toBeNull();

    act(() => sockets[0]!.handlers.close(1006, ''));
    expect(await within(region).findByText('Disconnected')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Close Copilot' }));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(sockets).toHaveLength(1);
  });

  it('routes a command from the channel: navigation and the events list', async () => {
    const store = createStore();
    const { user, location } = renderShell(store);
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    await waitFor(() => expect(sockets).toHaveLength(1));
    serverSendsNavigate('/documents');
    await waitFor(() => expect(location.history).toContain('/documents'));
    expect(store.get(automationEventsAtom)).toHaveLength(1);
    const events = within(region).getByRole('region', { name: 'Copilot activity' });
    // Worded as activity; the raw command only behind the details toggle.
    expect(within(events).getByText('Went to /documents')).toBeTruthy();
    expect(within(events).getByText('tool.navigate').closest('details')).toBeTruthy();
  });

  it('lists past conversations in the History tab and reads one back', async () => {
    const { user } = renderShell();
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    await user.click(within(region).getByRole('tab', { name: /^History/ }));
    const open = await within(region).findByRole('button', { name: /^Kdo volí prezidenta\?/ });
    await user.click(open);
    expect(await within(region).findByText('Občané v přímých volbách.')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'All conversations' }));
    expect(await within(region).findByRole('button', { name: /^Kdo volí prezidenta\?/ })).toBeTruthy();
  });

  it('refuses a navigation to another origin: a toast, the event marked refused, the address kept', async () => {
    const store = createStore();
    const { user, location } = renderShell(store);
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    await waitFor(() => expect(sockets).toHaveLength(1));
    const before = [...location.history];
    serverSendsNavigate('//evil.example/x');
    expect(
      await screen.findByText('A Copilot command asked to open an address outside Lexhub; it was ignored.', undefined, {
        // The toaster is loaded lazily: on a busy machine that takes more than the default second.
        timeout: 5000,
      }),
    ).toBeTruthy();
    const events = within(region).getByRole('region', { name: 'Copilot activity' });
    expect(within(events).getByTestId('copilot-event-refused').textContent).toBe('Refused');
    expect(location.history).toEqual(before);
  });

  it('sends a redacted prompt with Enter and streams the answer with a citation link', async () => {
    const { user } = renderShell();
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    const input = within(region).getByRole('textbox', { name: 'Message to Copilot' });
    await user.type(input, 'Co říká čl. 54? Odpověď pošlete na jana@example.com');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect((input as HTMLTextAreaElement).value).toBe('Co říká čl. 54? Odpověď pošlete na jana@example.com\n');
    expect(chatBodies).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(region).getByRole('link', { name: 'Čl. 54' })).toBeTruthy());
    expect(within(region).getByRole('link', { name: 'Čl. 54' }).getAttribute('href')).toBe(
      '/documents/0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d-ustava?node=1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
    );
    expect(within(region).getByText('Co říká čl. 54? Odpověď pošlete na [EMAIL]')).toBeTruthy();
    expect(within(region).getByTestId('copilot-redaction-note').textContent).toBe(
      '1 sensitive value was replaced by a placeholder before sending.',
    );
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(chatBodies).toEqual([
      expect.objectContaining({
        session_id: 'sess-1',
        template_hash: 'tpl-hash',
        messages: [{ role: 'user', content: 'Co říká čl. 54? Odpověď pošlete na [EMAIL]' }],
      }),
    ]);
    await waitFor(() =>
      expect(within(region).getByTestId('copilot-announcer').textContent).toBe('Copilot has answered.'),
    );
  });

  it('does not send a prompt of only sensitive values and says so', async () => {
    const { user } = renderShell();
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    const input = within(region).getByRole('textbox', { name: 'Message to Copilot' });
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false),
    );
    await user.type(input, 'jana@example.com 603 123 456');
    await user.click(within(region).getByRole('button', { name: 'Send' }));
    expect(within(region).getByRole('alert').textContent).toBe(
      'Copilot prompt contained only sensitive information and was not sent.',
    );
    expect(chatBodies).toEqual([]);
    expect((input as HTMLTextAreaElement).value).toBe('jana@example.com 603 123 456');
  });

  it("words a failed reply from the catalogue: the status and the code's sentence", async () => {
    server.use(
      http.post('*/copilot/chat', () =>
        HttpResponse.json({ detail: 'copilot_model_failed', message: 'upstream timeout' }, { status: 502 }),
      ),
    );
    const { user } = renderShell();
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    const input = within(region).getByRole('textbox', { name: 'Message to Copilot' });
    await user.type(input, 'Co říká čl. 54?');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect((await within(region).findByTestId('copilot-error')).textContent).toBe(
      'Copilot request failed (502): The Copilot model did not answer. Try again later.',
    );
  });

  it('has no serious or critical axe violations with a conversation and events, in English and Czech', async () => {
    const store = createStore();
    const { user } = renderShell(store);
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    await user.type(within(region).getByRole('textbox', { name: 'Message to Copilot' }), 'Co říká čl. 54?');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(within(region).getByRole('link', { name: 'Čl. 54' })).toBeTruthy());
    store.set(automationEventsAtom, [
      {
        id: 'e1',
        cmd: 'editor.open',
        summary: '/documents/x',
        ts: Date.now(),
        links: [{ label: '/documents/x', href: '/documents/x' }],
      },
    ]);
    const serious = async () =>
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(await serious()).toEqual([]);
    store.set(localeAtom, 'cs');
    expect(await screen.findByRole('complementary', { name: 'Copilot' })).toBeTruthy();
    expect(await within(region).findByRole('textbox', { name: 'Zpráva pro Copilota' })).toBeTruthy();
    expect(await serious()).toEqual([]);
  });

  it('warns when the templates are unavailable', async () => {
    server.use(http.get('*/copilot_templates.json', () => new HttpResponse(null, { status: 404 })));
    const { user } = renderShell();
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    expect(await within(region).findByText(/Copilot templates are unavailable/)).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });

  it('says Failed to issue ws-token (status) when the token request fails', async () => {
    server.use(http.post('*/v1/auth/ws-token', () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 })));
    const { user } = renderShell();
    await screen.findByRole('button', { name: /Account/ });
    const region = await openPanel(user);
    expect(await within(region).findByText('Failed to issue ws-token (500)')).toBeTruthy();
  });
});
