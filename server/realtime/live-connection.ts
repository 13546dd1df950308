// One authenticated socket of the live channel: parses the client's messages at the edge,
// keeps its subscriptions in the hub, and sends with a bound on what may wait unsent. A
// subscription with `last_id` first gets what the client missed (or `reset`), then live
// messages, each once and in id order.
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
import type { Limit } from '../auth/rate-limit.js';
import type { RealtimeHub, Subscriber } from './hub.js';
import { withId, type Backlog } from './message-store.js';

export interface LiveConnectionSettings {
  maxBufferedBytes: number;
  /** How long a socket that missed its heartbeat gets to take the close frame before it is cut. */
  terminateAfterMs: number;
  /** Subscribe messages per socket: a bucket of `limit`, refilled at limit per windowSeconds. */
  subscribeLimit: Limit;
}

/** Close reason of a socket that sent subscribes faster than its limit. */
export const TOO_MANY_SUBSCRIBES_REASON = 'too many subscribe messages';

/**
 * A token bucket: `limit` at once, then limit per windowSeconds. The web app sends one subscribe
 * per connection, so only a client looping on subscribe (each may read the backlog) meets it.
 */
class TokenBucket {
  private tokens: number;
  private last = performance.now();

  constructor(private readonly rule: Limit) {
    this.tokens = rule.limit;
  }

  take(): boolean {
    const now = performance.now();
    const perMs = this.rule.limit / (this.rule.windowSeconds * 1000);
    this.tokens = Math.min(this.rule.limit, this.tokens + (now - this.last) * perMs);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** One subscribed channel of this socket. */
interface ChannelState {
  /** The id of the last message sent on it: anything not newer is a duplicate. */
  lastSent: number;
  /** While the backlog is read, live messages wait here (then sent after it, without duplicates). */
  held: { id: number; data: Buffer }[] | null;
  heldBytes: number;
}

export class LiveConnection implements Subscriber {
  /** Set by each pong (and any message); the heartbeat clears it before each ping. */
  alive = true;
  private readonly channels = new Map<string, ChannelState>();
  private readonly subscribes: TokenBucket;
  /** A backlog read of this socket is under way. */
  private replaying = false;

  constructor(
    readonly socket: WebSocket,
    readonly userId: string,
    /** The login session (sessions.id_hash) the socket's token was issued under; null: none known. */
    readonly sessionIdHash: string | null,
    private readonly hub: RealtimeHub,
    private readonly settings: LiveConnectionSettings,
  ) {
    this.subscribes = new TokenBucket(settings.subscribeLimit);
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.dropSubscriptions());
    // ws reports protocol violations (a frame over maxPayload: 1009) here and closes by itself.
    socket.on('error', () => {});
  }

  /** A message of a subscribed channel, from the hub. */
  deliver(channel: string, id: number, data: Buffer) {
    const state = this.channels.get(channel);
    if (!state) return;
    if (!state.held) return this.sendNew(state, id, data);
    state.held.push({ id, data });
    state.heldBytes += data.length;
    // Held messages count against the same bound as unread ones: a replay that takes long while
    // the channel is busy ends like a slow reader (the client comes back with its last id).
    if (state.heldBytes > this.settings.maxBufferedBytes) this.cutSlow();
  }

  /** Sends unless the socket is closing; a reader that fell behind by the bound is closed. */
  send(data: Buffer) {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return;
    // Checked before sending, so at most the bound plus one message ever waits in memory.
    if (socket.bufferedAmount > this.settings.maxBufferedBytes) return this.cutSlow();
    socket.send(data, { binary: false });
  }

  private cutSlow() {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return;
    this.dropSubscriptions();
    this.hub.stats.slowConsumerCuts += 1;
    socket.close(CLOSE_CODES.slowConsumer, 'slow consumer: too much unread data');
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
        if (!this.subscribes.take()) return this.closeForFlooding();
        const own = userChannel(this.userId);
        const foreign = message.channels.find((channel) => channel !== own);
        // All or nothing: a list with another user's channel subscribes to none of it.
        if (foreign) return this.error('forbidden', `you may subscribe only to ${own}, not ${foreign}`);
        const lastId = message.last_id;
        // One backlog read per channel not already replaying: a list naming a channel ten times,
        // or subscribes sent in a loop, must not turn each frame into several database reads.
        const replays: { channel: string; state: ChannelState }[] = [];
        for (const channel of message.channels) {
          let state = this.channels.get(channel);
          if (!state) {
            this.channels.set(channel, (state = { lastSent: 0, held: null, heldBytes: 0 }));
            this.hub.subscribe(this, channel);
          }
          // Live messages from now on wait until the backlog after lastId has been sent.
          if (lastId !== undefined && !state.held) {
            state.lastSent = lastId;
            state.held = [];
            state.heldBytes = 0;
            replays.push({ channel, state });
          }
        }
        // One backlog read at a time per socket: subscribe, unsubscribe, subscribe in a loop would
        // otherwise start a read per frame. A client that asks again meanwhile is told reset (its
        // own app drops its stale state), which costs no read.
        const refused = this.replaying ? replays.splice(0) : [];
        for (const { state } of refused) {
          state.held = null;
          state.lastSent = 0;
        }
        this.sendEvent({ type: 'subscribed', channels: [...this.channels.keys()] });
        for (const { channel } of refused) this.sendEvent({ type: 'reset', channel });
        if (lastId !== undefined && replays.length > 0) {
          this.replaying = true;
          void Promise.all(replays.map(({ channel, state }) => this.replay(channel, state, lastId))).finally(
            () => (this.replaying = false),
          );
        }
        return;
      }
      case 'unsubscribe': {
        for (const channel of message.channels) {
          this.channels.delete(channel);
          this.hub.unsubscribe(this, channel);
        }
        return this.sendEvent({ type: 'subscribed', channels: [...this.channels.keys()] });
      }
      default:
        return assertNever(message, 'client message');
    }
  }

  /** Sends what the client missed after `lastId` (or reset), then the live messages held meanwhile. */
  private async replay(channel: string, state: ChannelState, lastId: number) {
    let backlog: Backlog;
    try {
      backlog = await this.hub.backlog(channel, lastId);
    } catch {
      // What was missed cannot be told: the client drops its stale live state, as after a pruned id.
      backlog = { kind: 'reset' };
    }
    // Unsubscribed meanwhile (a later subscribe made a state of its own, with its own replay): this
    // one is over. The state is compared, not the name, so an old replay never flushes a new one's.
    if (this.channels.get(channel) !== state || !state.held) return;
    if (backlog.kind === 'reset') {
      this.sendEvent({ type: 'reset', channel });
      state.lastSent = 0;
    } else {
      for (const message of backlog.messages)
        this.sendNew(state, message.id, Buffer.from(withId(message.body, message.id)));
    }
    const held = state.held;
    state.held = null;
    state.heldBytes = 0;
    for (const message of held) this.sendNew(state, message.id, message.data);
  }

  private sendNew(state: ChannelState, id: number, data: Buffer) {
    if (id <= state.lastSent) return;
    state.lastSent = id;
    this.send(data);
  }

  /**
   * Closed with 4429 like a slow consumer: the web app retries that close after its backoff
   * (500 ms, doubling) and subscribes once, so an honest client never loops on it.
   */
  private closeForFlooding() {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return;
    this.dropSubscriptions();
    socket.close(CLOSE_CODES.slowConsumer, TOO_MANY_SUBSCRIBES_REASON);
    setTimeout(() => socket.terminate(), this.settings.terminateAfterMs).unref();
  }

  private error(code: LiveErrorCode, message: string) {
    this.sendEvent({ type: 'err', code, message });
  }

  private dropSubscriptions() {
    for (const channel of this.channels.keys()) this.hub.unsubscribe(this, channel);
    this.channels.clear();
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
