// The WebSocket demo under Tools: it opens the live channel while shown (and closes it when
// hidden), lists the frames in and out, and publishes a test command after checking it;
// validation problems and the server's refusal are shown. The socket is played by the test.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import type { CurrentUser } from '../../../api/contract';
import { LiveConnectionRunner } from '../../../components/copilot/live-connection-runner';
import { setUpComponentTests } from '../../../testing/component-tests';
import { fakeSockets } from '../../../testing/fake-live-socket';
import { mockApi } from '../../../testing/mock-api';
import { testUser } from '../../../testing/users';
import { ToolsScreen } from './tools.screen';
import { renderScreen } from '../../../testing/render-screen';

vi.mock('./swagger-explorer', () => ({ default: () => <div data-testid="swagger-ui" /> }));

vi.mock('../../../realtime/live-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../realtime/live-socket')>()),
  openLiveSocket: (await import('../../../testing/fake-live-socket')).openFakeLiveSocket,
}));
const sockets = fakeSockets;

const USER = testUser({ username: 'jana-novakova', language: 'en' });
const published: unknown[] = [];
setUpComponentTests();
const server = mockApi(
  http.post('*/v1/auth/ws-token', () => HttpResponse.json({ token: 'demo-token', expires_in: 60 })),
  http.post('*/v1/realtime/publish', async ({ request }) => {
    published.push(await request.json());
    return HttpResponse.json({ status: 'ok', ts: Date.UTC(2026, 2, 1, 9, 30, 15) });
  }),
);
beforeEach(() => {
  sockets.length = 0;
  published.length = 0;
});

function renderDemo(user: CurrentUser | null = USER) {
  const result = renderScreen(
    <>
      <LiveConnectionRunner />
      <main>
        <ToolsScreen />
      </main>
    </>,
    { user, path: '/tools' },
  );
  return { ...result, user: userEvent.setup() };
}

async function openDemo(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open the WebSocket demo' }));
  return screen.getByRole('region', { name: 'WebSocket demo' });
}

describe('WebSocket demo', () => {
  it('connects while open, shows the state, the channel and the frames in and out, and disconnects when closed', async () => {
    const { user } = renderDemo();
    expect(sockets).toHaveLength(0);
    const region = await openDemo(user);
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(within(region).getByTestId('ws-demo-status').textContent).toBe('Connecting…');
    act(() => {
      sockets[0]!.handlers.open();
      sockets[0]!.handlers.message(JSON.stringify({ type: 'ready', user_id: USER.id }));
      sockets[0]!.handlers.message(
        JSON.stringify({ cmd: 'search.query', channel: `user:${USER.id}`, payload: { q: 'ústava' }, ts: 1 }),
      );
    });
    expect(within(region).getByTestId('ws-demo-status').textContent).toBe('Connected');
    expect(within(region).getByText(`Channel: user:${USER.id}`)).toBeTruthy();
    const log = within(region).getByRole('log', { name: 'Traffic on your channel' });
    const frames = within(log)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('data-direction'));
    expect(frames).toEqual(['in', 'out', 'in']);
    expect(log.textContent).toContain('"cmd":"subscribe"');
    expect(log.textContent).toContain('"q":"ústava"');

    await user.click(within(region).getByRole('button', { name: 'Clear the log' }));
    expect(within(log).getByText('No frames yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close the WebSocket demo' }));
    expect(sockets[0]!.closed).toBe(true);
  });

  it('publishes a test command to the channel', async () => {
    const { user } = renderDemo();
    const region = await openDemo(user);
    const cmd = within(region).getByRole('textbox', { name: 'Command' });
    const payload = within(region).getByRole('textbox', { name: 'Payload (JSON object)' });
    await user.clear(cmd);
    await user.type(cmd, 'chat.message');
    await user.clear(payload);
    await user.click(payload);
    await user.paste('{"role": "assistant", "content": "Ahoj"}');
    await user.click(within(region).getByRole('button', { name: 'Publish' }));
    expect(await within(region).findByText(/^Published at/)).toBeTruthy();
    expect(published).toEqual([{ cmd: 'chat.message', payload: { role: 'assistant', content: 'Ahoj' } }]);
  });

  it.each([
    ['admin.reset', '{}', /^cmd: command must start with tool\., editor\., search\., copilot\. or chat\.$/],
    ['tool.navigate', '{"path": ', /^The payload is not valid JSON: /],
    ['tool.navigate', '[1, 2]', /^The payload must be a JSON object\.$/],
    ['tool.navigate', '{"path": "documents"}', /^payload\.path: /],
  ])('shows why %s %s is not published', async (command, json, message) => {
    const { user } = renderDemo();
    const region = await openDemo(user);
    const cmd = within(region).getByRole('textbox', { name: 'Command' });
    const payload = within(region).getByRole('textbox', { name: 'Payload (JSON object)' });
    await user.clear(cmd);
    await user.type(cmd, command);
    await user.clear(payload);
    await user.click(payload);
    await user.paste(json);
    await user.click(within(region).getByRole('button', { name: 'Publish' }));
    expect(within(region).getByRole('alert').textContent).toMatch(message);
    expect(published).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    server.use(
      http.post('*/v1/realtime/publish', () => HttpResponse.json({ detail: 'validation_failed' }, { status: 400 })),
    );
    const { user } = renderDemo();
    const region = await openDemo(user);
    await user.click(within(region).getByRole('button', { name: 'Publish' }));
    expect((await within(region).findByRole('alert')).textContent).toBe('Publishing failed: 400 validation_failed');
  });

  it('asks an anonymous visitor to log in and does not connect', async () => {
    const { user } = renderDemo(null);
    const region = await openDemo(user);
    expect(within(region).getByText('To use Copilot you must login.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(true);
    expect(within(region).getByTestId('ws-demo-status').textContent).toBe('Disconnected');
    expect(sockets).toHaveLength(0);
  });

  it('has no serious or critical axe violations', async () => {
    const { user } = renderDemo();
    await openDemo(user);
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      report.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  });
});
