// The partysocket wrapper against a real `ws` server in Node: the subprotocol and token reach
// the server, frames flow both ways, a close code reaches the handler once, and partysocket never
// reconnects by itself (the machine owns retries). Then the live-connection machine on real sockets.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import WS, { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { createActor, fromPromise } from 'xstate';
import { liveConnectionMachine, liveSocketActor, selectLiveStatus } from '../machines/copilot/live-connection.machine';
import { liveSocketUrl, openLiveSocket } from './live-socket';
import type { RoutedMessage } from './command-router';
import { SUBPROTOCOL } from './protocol';

const USER_ID = '7f1d8a3e-2b4c-4d5e-8f60-718293a4b5c6';

let server: WebSocketServer;
let base: string;
const connections: { socket: ServerSocket; url: string; protocol: string; received: string[] }[] = [];

beforeEach(async () => {
  connections.length = 0;
  server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  server.on('connection', (socket, request) => {
    const entry = { socket, url: request.url ?? '', protocol: socket.protocol, received: [] as string[] };
    socket.on('message', (data) => entry.received.push(String(data)));
    connections.push(entry);
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
});

afterEach(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('liveSocketUrl', () => {
  it('defaults to /ws on the page origin, ws for http and wss for https', () => {
    expect(liveSocketUrl('a b', '/ws', 'https://lexhub.example')).toBe('wss://lexhub.example/ws?token=a+b');
    expect(liveSocketUrl('t', '/ws', 'http://localhost:5173')).toBe('ws://localhost:5173/ws?token=t');
  });

  it('takes a configured realtime host (VITE_REALTIME_URL)', () => {
    expect(liveSocketUrl('t', 'https://rt.example/ws', 'http://app.example')).toBe('wss://rt.example/ws?token=t');
    expect(liveSocketUrl('t', 'ws://127.0.0.1:9000/ws', 'http://app.example')).toBe('ws://127.0.0.1:9000/ws?token=t');
  });
});

describe('openLiveSocket', () => {
  it('connects with the subprotocol and token, and passes frames both ways', async () => {
    const events: string[] = [];
    const socket = openLiveSocket(
      liveSocketUrl('secret-token', base),
      {
        open: () => events.push('open'),
        message: (text) => events.push(`message ${text}`),
        close: (code) => events.push(`close ${code}`),
      },
      { WebSocket: WS },
    );
    await until(() => events.includes('open'));
    expect(connections).toHaveLength(1);
    expect(connections[0]!.protocol).toBe(SUBPROTOCOL);
    expect(connections[0]!.url).toBe('/ws?token=secret-token');
    connections[0]!.socket.send('{"type":"ready"}');
    socket.send('{"cmd":"subscribe"}');
    await until(() => events.length === 2 && connections[0]!.received.length === 1);
    expect(events).toEqual(['open', 'message {"type":"ready"}']);
    expect(connections[0]!.received).toEqual(['{"cmd":"subscribe"}']);
    socket.close();
  });

  it('reports a server close code once and does not reconnect by itself', async () => {
    const closes: [number, string][] = [];
    openLiveSocket(
      liveSocketUrl('t', base),
      { open: () => {}, message: () => {}, close: (code, reason) => closes.push([code, reason]) },
      { WebSocket: WS },
    );
    await until(() => connections.length === 1);
    connections[0]!.socket.close(4401, 'token expired');
    await until(() => closes.length === 1);
    await pause(400);
    expect(closes).toEqual([[4401, 'token expired']]);
    expect(connections).toHaveLength(1);
  });

  it('reports a refused connection as a close and does not retry', async () => {
    const closes: number[] = [];
    const deadPort = `ws://127.0.0.1:1/ws`;
    openLiveSocket(
      liveSocketUrl('t', deadPort),
      { open: () => {}, message: () => {}, close: (code) => closes.push(code) },
      { WebSocket: WS },
    );
    await until(() => closes.length === 1);
    await pause(300);
    expect(closes).toHaveLength(1);
  });

  it('calls no handler after close()', async () => {
    const events: string[] = [];
    const socket = openLiveSocket(
      liveSocketUrl('t', base),
      { open: () => events.push('open'), message: () => events.push('message'), close: () => events.push('close') },
      { WebSocket: WS },
    );
    await until(() => events.includes('open'));
    socket.close();
    await until(() => connections[0]!.socket.readyState === WS.CLOSED);
    expect(events).toEqual(['open']);
  });
});

describe('liveConnectionMachine on real sockets', () => {
  it('connects, subscribes after ready, routes a command, and reconnects after the server drops it', async () => {
    const routed: RoutedMessage[] = [];
    let tokens = 0;
    server.on('connection', (socket) => socket.send(JSON.stringify({ type: 'ready', user_id: USER_ID })));
    const actor = createActor(
      liveConnectionMachine.provide({
        actors: {
          issueWsToken: fromPromise(async () => ({ token: `token-${++tokens}`, expires_in: 60 })),
          liveSocket: liveSocketActor({ WebSocket: WS, base }),
        },
        actions: { routeCommand: (_, { message }) => routed.push(message) },
      }),
    ).start();
    actor.send({ type: 'live.open' });
    await until(() => selectLiveStatus(actor.getSnapshot()) === 'connected' && connections[0]?.received.length === 1);
    expect(JSON.parse(connections[0]!.received[0]!)).toEqual({ cmd: 'subscribe', channels: [`user:${USER_ID}`] });

    const command = {
      type: 'command',
      cmd: 'tool.navigate',
      channel: `user:${USER_ID}`,
      payload: { path: '/tools' },
      ts: 5,
    };
    connections[0]!.socket.send(JSON.stringify(command));
    await until(() => routed.length === 1);
    expect(routed[0]).toEqual(command);

    connections[0]!.socket.close(1001, 'going away');
    await until(() => selectLiveStatus(actor.getSnapshot()) === 'disconnected');
    await until(() => selectLiveStatus(actor.getSnapshot()) === 'connected' && connections.length === 2);
    expect(connections[1]!.url).toBe('/ws?token=token-2');
    actor.send({ type: 'live.close' });
    await until(() => connections[1]!.socket.readyState === WS.CLOSED);
    actor.stop();
  });
});
