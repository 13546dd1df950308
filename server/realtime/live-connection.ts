// One authenticated socket of the live channel: parses the client's messages at the edge,
// keeps its subscriptions in the hub, and sends with a bound on what may wait unsent.
import type { RawData, WebSocket } from 'ws';
import { assertNever } from '../../src/shared/assert-never.js';
import {
  CLOSE_CODES,
  ClientMessage,
  SESSION_ENDED_REASON,
  userChannel,
  type LiveErrorCode,
  type ServerEvent,
} from '../../src/realtime/protocol.js';
import type { RealtimeHub, Subscriber } from './hub.js';

export interface LiveConnectionSettings {
  maxBufferedBytes: number;
  /** How long a socket that missed its heartbeat gets to take the close frame before it is cut. */
  terminateAfterMs: number;
}

export class LiveConnection implements Subscriber {
  /** Set by each pong (and any message); the heartbeat clears it before each ping. */
  alive = true;
  private readonly channels = new Set<string>();

  constructor(
    readonly socket: WebSocket,
    readonly userId: string,
    /** The login session (sessions.id_hash) the socket's token was issued under; null: none known. */
    readonly sessionIdHash: string | null,
    private readonly hub: RealtimeHub,
    private readonly settings: LiveConnectionSettings,
  ) {
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.dropSubscriptions());
    // ws reports protocol violations (a frame over maxPayload: 1009) here and closes by itself.
    socket.on('error', () => {});
  }

  /** Sends unless the socket is closing; a reader that fell behind by the bound is closed. */
  send(data: Buffer) {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return;
    // Checked before sending, so at most the bound plus one message ever waits in memory.
    if (socket.bufferedAmount > this.settings.maxBufferedBytes) {
      this.dropSubscriptions();
      socket.close(CLOSE_CODES.slowConsumer, 'slow consumer: too much unread data');
      return;
    }
    socket.send(data, { binary: false });
  }

  sendEvent(event: ServerEvent) {
    this.send(Buffer.from(JSON.stringify(event)));
  }

  /** The heartbeat: a socket that did not answer the previous ping is closed, else pinged. */
  heartbeat() {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return;
    if (!this.alive) {
      this.dropSubscriptions();
      socket.close(CLOSE_CODES.heartbeatTimeout, 'heartbeat timeout');
      // A dead peer never answers the close frame either.
      setTimeout(() => socket.terminate(), this.settings.terminateAfterMs).unref();
      return;
    }
    this.alive = false;
    socket.ping();
  }

  /** The login session ended: the socket says so and closes; the client must log in again. */
  endSession() {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return;
    this.dropSubscriptions();
    this.sendEvent({
      type: 'err',
      code: SESSION_ENDED_REASON,
      message: 'the login session ended (logout, password reset or expiry): log in again',
    });
    socket.close(CLOSE_CODES.unauthorized, SESSION_ENDED_REASON);
    setTimeout(() => socket.terminate(), this.settings.terminateAfterMs).unref();
  }

  private onMessage(data: RawData, isBinary: boolean) {
    this.alive = true;
    if (isBinary) return this.error('bad_message', 'messages are JSON text, not binary');
    let json: unknown;
    try {
      json = JSON.parse(rawText(data));
    } catch {
      return this.error('bad_message', 'message is not valid JSON');
    }
    const parsed = ClientMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      return this.error('bad_message', `${where}${issue.message}`);
    }
    const message = parsed.data;
    switch (message.cmd) {
      case 'subscribe': {
        const own = userChannel(this.userId);
        const foreign = message.channels.find((channel) => channel !== own);
        // All or nothing: a list with another user's channel subscribes to none of it.
        if (foreign) return this.error('forbidden', `you may subscribe only to ${own}, not ${foreign}`);
        for (const channel of message.channels) {
          this.channels.add(channel);
          this.hub.subscribe(this, channel);
        }
        return this.sendEvent({ type: 'subscribed', channels: [...this.channels] });
      }
      case 'unsubscribe': {
        for (const channel of message.channels) {
          this.channels.delete(channel);
          this.hub.unsubscribe(this, channel);
        }
        return this.sendEvent({ type: 'subscribed', channels: [...this.channels] });
      }
      default:
        return assertNever(message, 'client message');
    }
  }

  private error(code: LiveErrorCode, message: string) {
    this.sendEvent({ type: 'err', code, message });
  }

  private dropSubscriptions() {
    for (const channel of this.channels) this.hub.unsubscribe(this, channel);
    this.channels.clear();
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
