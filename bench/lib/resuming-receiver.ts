// A live-channel (/ws) client for the benches: subscribes to one channel, counts the `seq` of every
// command it receives, and when its socket closes reconnects every 200 ms and resubscribes with
// the last message id it saw (so the server replays what it missed, or says `reset`).
import WebSocket from 'ws';
import { SUBPROTOCOL } from '../../src/realtime/protocol.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A socket that resubscribes with the last id it saw whenever it has to reconnect. */
export class ResumingReceiver {
  readonly seqs = new Map<number, number>();
  reconnects = 0;
  resets = 0;
  private lastId: number | undefined;
  private socket: WebSocket | undefined;
  private closed = false;
  private reopening = false;

  constructor(
    private readonly url: () => Promise<string>,
    private readonly channel: string,
  ) {}

  async open(): Promise<void> {
    const socket = new WebSocket(await this.url(), [SUBPROTOCOL]);
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as {
          type: string;
          id?: number;
          payload?: { seq?: number };
        };
        if (message.type === 'ready') {
          socket.send(
            JSON.stringify({
              cmd: 'subscribe',
              channels: [this.channel],
              ...(this.lastId === undefined ? {} : { last_id: this.lastId }),
            }),
          );
        } else if (message.type === 'subscribed') {
          resolve();
        } else if (message.type === 'reset') {
          this.resets += 1;
        } else if (message.type === 'command' && typeof message.payload?.seq === 'number') {
          if (message.id !== undefined) this.lastId = message.id;
          this.seqs.set(message.payload.seq, (this.seqs.get(message.payload.seq) ?? 0) + 1);
        }
      });
      socket.once('close', () => {
        reject(new Error('closed before subscribed'));
        if (!this.closed && !this.reopening) void this.reopen();
      });
    });
  }

  /** Tries again every 200 ms (the instance or the database may still be coming back). */
  private async reopen(): Promise<void> {
    this.reconnects += 1;
    this.reopening = true;
    while (!this.closed) {
      await sleep(200);
      try {
        await this.open();
        break;
      } catch {
        // the socket's own close handler does not retry while this loop runs
      }
    }
    this.reopening = false;
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}
