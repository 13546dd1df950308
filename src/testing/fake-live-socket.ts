// A stand-in for `openLiveSocket` in component tests, where the test plays the server: it drives
// each socket's handlers and reads what the client sent. (The real socket is tested against a real
// server in live-socket.test.ts.) Install it with
//   vi.mock('…/realtime/live-socket', async (importOriginal) => ({
//     ...(await importOriginal<typeof import('…/realtime/live-socket')>()),
//     openLiveSocket: (await import('…/testing/fake-live-socket')).openFakeLiveSocket,
//   }));
import type { LiveSocketHandlers } from '../realtime/live-socket';

export interface FakeLiveSocket {
  url: string;
  handlers: LiveSocketHandlers;
  sent: string[];
  closed: boolean;
}

/** Every socket opened since the test emptied the list, oldest first. */
export const fakeSockets: FakeLiveSocket[] = [];

export function openFakeLiveSocket(url: string, handlers: LiveSocketHandlers) {
  const socket: FakeLiveSocket = { url, handlers, sent: [], closed: false };
  fakeSockets.push(socket);
  return {
    send: (text: string) => socket.sent.push(text),
    close: () => {
      socket.closed = true;
    },
  };
}
