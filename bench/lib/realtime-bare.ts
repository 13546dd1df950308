// The baseline of the realtime bench: a bare `ws` broadcast server with the same handshake
// messages and the same command JSON, but no tokens, no validation and no database: a publish
// is a function call that writes to the channel's sockets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { SUBPROTOCOL, userChannel } from '../../src/realtime/protocol.js';

export interface BareServer {
  url: string;
  publish(userId: string, cmd: string, payload: Record<string, unknown>): void;
  close(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const server = http.createServer();
  const wss = new WebSocketServer({
    server,
    handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  const channels = new Map<string, Set<WebSocket>>();
  wss.on('connection', (socket) => {
    const own = new Set<string>();
    socket.send(JSON.stringify({ type: 'ready' }));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { cmd?: string; channels?: string[] };
      if (message.cmd !== 'subscribe' || !message.channels) return;
      for (const channel of message.channels) {
        let set = channels.get(channel);
        if (!set) channels.set(channel, (set = new Set()));
        set.add(socket);
        own.add(channel);
      }
      socket.send(JSON.stringify({ type: 'subscribed', channels: [...own] }));
    });
    socket.on('close', () => {
      for (const channel of own) channels.get(channel)?.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/`,
    publish(userId, cmd, payload) {
      const channel = userChannel(userId);
      // Like the hub: one JSON text per command, the same bytes to every socket.
      const data = Buffer.from(JSON.stringify({ type: 'command', cmd, channel, payload, ts: Date.now() }));
      for (const socket of channels.get(channel) ?? []) socket.send(data, { binary: false });
    },
    async close() {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
