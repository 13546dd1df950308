// The Copilot panel's error boundary: a part of the panel that throws while rendering (a reply or
// command it cannot show) leaves the panel open with the failure, "Try again" and "Close Copilot",
// in the interface language, while the page and the Copilot button keep working.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createStore } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { AppShell } from '../shell/app-shell';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApiWith } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render-screen';

// The conversation as a stand-in that fails while rendering when asked to.
const messageList = vi.hoisted(() => ({ broken: true }));
vi.mock('./copilot-message-list', () => ({
  CopilotMessageList: () => {
    if (messageList.broken) throw new Error('a reply failed to render');
    return <p>The conversation shows.</p>;
  },
}));
vi.mock('../../realtime/live-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../realtime/live-socket')>()),
  openLiveSocket: (await import('../../testing/fake-live-socket')).openFakeLiveSocket,
}));

setUpComponentTests();
mockApiWith(
  { onUnhandledRequest: 'bypass' },
  http.get('*/v1/auth/me', () => HttpResponse.json({ user: null })),
  http.get('*/copilot_templates.json', () =>
    HttpResponse.json({
      hash: 'tpl-hash',
      templates: [{ capability: 'chat', template: 'lexhub.chat.v1', text: 'You are…' }],
    }),
  ),
  http.get('*/copilot/config', () => HttpResponse.json({ chat_url: '/copilot/chat', assistant: 'retrieval' })),
);

beforeAll(async () => {
  // Loaded on first need in the app: imported once here, out of the tests' waits.
  await import('./copilot-workspace');
});
beforeEach(() => {
  messageList.broken = true;
  // React reports every caught render error on the console; the test checks what the user sees.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => vi.restoreAllMocks());

function renderShell(store = createStore()) {
  renderScreen(
    <AppShell>
      <p>Page content</p>
    </AppShell>,
    { path: '/', store },
  );
  return userEvent.setup();
}

const openPanel = async (user: ReturnType<typeof userEvent.setup>, name = 'Open Copilot') => {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('complementary', { name: 'Copilot' });
};

describe('the Copilot panel failing', () => {
  it('shows the failure in the panel, not a blank page, and Try again renders it afresh', async () => {
    const user = renderShell();
    const panel = await openPanel(user);
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The Copilot ran into an error');
    // The page around it is whole.
    expect(within(screen.getByRole('main')).getByText('Page content')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Lexhub' })).toBeTruthy();

    messageList.broken = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('The conversation shows.')).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('closes with Close Copilot; the button stays and reopening tries again', async () => {
    const user = renderShell();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Close Copilot' }));
    expect(screen.queryByRole('complementary', { name: 'Copilot' })).toBeNull();
    expect(within(screen.getByRole('main')).getByText('Page content')).toBeTruthy();

    messageList.broken = false;
    const reopened = await openPanel(user);
    expect(await within(reopened).findByText('The conversation shows.')).toBeTruthy();
  });

  it('speaks Czech in a Czech interface', async () => {
    const store = createStore();
    store.set(localeAtom, 'cs');
    const user = renderShell(store);
    await user.click(screen.getByRole('button', { name: 'Otevřít Copilota' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Copilot narazil na chybu');
    expect(within(alert).getByRole('button', { name: 'Zkusit znovu' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Zavřít Copilota' })).toBeTruthy();
  });
});
