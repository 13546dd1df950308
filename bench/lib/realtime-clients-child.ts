// Child process of the realtime bench: holds the WebSocket clients (away from the servers'
// event loop), subscribes each to its channel and records each command's delivery latency.
import WebSocket from 'ws';
import { SUBPROTOCOL } from '../../src/realtime/protocol.js';
import { monotonicMs, type ClientsReply, type ClientsRequest, type SocketTarget } from './realtime-protocol.js';

const sockets = new Set<WebSocket>();
let sharedChannel = '';
let recording = false;
let individual: number[] = [];
let shared: number[] = [];
let bad = 0;
let closed = 0;

function onCommand(text: string) {
  const received = monotonicMs();
  if (!recording) return;
  let message: { channel?: string; payload?: { t?: unknown } };
  try {
    message = JSON.parse(text) as typeof message;
  } catch {
    bad += 1;
    return;
  }
  const sent = message.payload?.t;
  if (typeof sent !== 'number') {
    bad += 1;
    return;
  }
  (message.channel === sharedChannel ? shared : individual).push(received - sent);
}

/** Opens one socket and resolves once it is subscribed (ready → subscribe → subscribed). */
function open(target: SocketTarget): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url, [SUBPROTOCOL]);
    let stage: 'ready' | 'subscribing' | 'live' = 'ready';
    const fail = (why: string) => {
      clearTimeout(timer);
      socket.terminate();
      reject(new Error(`${target.channel}: ${why}`));
    };
    const timer = setTimeout(() => fail('not subscribed within 30 s'), 30_000);
    socket.on('message', (data) => {
      const text = data.toString();
      if (stage === 'live') return onCommand(text);
      const message = JSON.parse(text) as { type?: string; message?: string };
      if (message.type === 'err') return fail(`err ${message.message}`);
      if (stage === 'ready' && message.type === 'ready') {
        stage = 'subscribing';
        socket.send(JSON.stringify({ cmd: 'subscribe', channels: [target.channel] }));
      } else if (stage === 'subscribing' && message.type === 'subscribed') {
        stage = 'live';
        clearTimeout(timer);
        sockets.add(socket);
        resolve();
      }
    });
    socket.on('error', (error) => {
      if (stage !== 'live') fail(error.message);
    });
    socket.on('close', (code) => {
      sockets.delete(socket);
      if (stage === 'live') closed += 1;
      else fail(`closed with ${code}`);
    });
  });
}

async function connect(targets: SocketTarget[], concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < targets.length) await open(targets[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
}

async function disconnect() {
  await Promise.all(
    [...sockets].map(
      (socket) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            socket.terminate();
            resolve();
          }, 2000);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          socket.close();
        }),
    ),
  );
  sockets.clear();
}

const reply = (message: ClientsReply) => process.send!(message);

process.on('message', (request: ClientsRequest) => {
  void (async () => {
    try {
      switch (request.type) {
        case 'connect': {
          const started = performance.now();
          sharedChannel = request.sharedChannel;
          closed = 0;
          await connect(request.targets, request.concurrency);
          return reply({ type: 'connected', sockets: sockets.size, ms: Math.round(performance.now() - started) });
        }
        case 'record':
          recording = request.on;
          if (recording) {
            individual = [];
            shared = [];
            bad = 0;
          }
          return reply({ type: 'recording' });
        case 'samples':
          return reply({ type: 'samples', individual, shared, bad, closed });
        case 'disconnect':
          await disconnect();
          return reply({ type: 'disconnected' });
      }
    } catch (error) {
      reply({ type: 'failure', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
