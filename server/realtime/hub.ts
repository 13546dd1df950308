// The realtime hub: who on this instance listens to which channel, and publishing to channels
// through the database (NOTIFY lexhub_realtime), so every instance delivers to its own
// subscribers, this one included. Other server code publishes with `app.realtime.publish`.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { parseCommand, userChannel } from '../../src/realtime/protocol.js';
import type { Database } from '../db/client.js';
import { loadMessage, storeMessage } from './message-store.js';

/** The one NOTIFY channel every instance listens on. */
export const NOTIFY_CHANNEL = 'lexhub_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes and more; bigger messages go by reference. */
export const NOTIFY_LIMIT_BYTES = 7900;
/** `{"type":"command","cmd":"…","channel":"…"`: a command's text begins so (no quotes inside). */
const COMMAND_HEAD = /^\{"type":"command","cmd":"[a-z0-9_.]+","channel":"([^"]+)"/;
/** A by-reference body is read once per instance; duplicates within this time hit the cache. */
const REF_CACHE_MS = 10_000;

/** Someone on this instance who receives a channel's messages (a socket). */
export interface Subscriber {
  /** The message's JSON text as bytes, shared by every subscriber of the channel. */
  send(data: Buffer): void;
}

/** A command the protocol does not accept (bad name, or a known command's payload is wrong). */
export class RealtimeValidationError extends Error {
  constructor(
    /** Path of the first problem, e.g. `payload.translation_preview`. */
    readonly field: string,
    /** What is wrong with it, without the path. */
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'RealtimeValidationError';
  }
}

/** A reference to a stored body, as NOTIFY carries it. */
interface RefNotice {
  ref: string;
  channel: string;
}

export class RealtimeHub {
  private readonly channels = new Map<string, Set<Subscriber>>();
  private readonly refCache = new Map<string, Promise<string | null>>();
  private starting: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private closed = false;
  /** Deliveries wait here behind a by-reference read, so a channel's order is kept. */
  private queueTail: Promise<void> | undefined;
  private queued = 0;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** LISTENs once; safe to call again (later calls wait for the first). */
  start(): Promise<void> {
    this.starting ??= this.database
      .listen(NOTIFY_CHANNEL, (payload) => this.onNotification(payload))
      .then((stop) => {
        this.unlisten = stop;
      });
    return this.starting;
  }

  /** Publishes a command on `user:{userId}`: every subscriber on every instance receives it. */
  publish(userId: string, cmd: string, payload: Record<string, unknown>): Promise<{ ts: number }> {
    return this.publishTo(userChannel(userId), cmd, payload);
  }

  /** Publishes on a channel; throws RealtimeValidationError when the protocol refuses the command. */
  async publishTo(channel: string, cmd: string, payload: Record<string, unknown>): Promise<{ ts: number }> {
    const ts = Date.now();
    const parsed = parseCommand({ type: 'command', cmd, channel, payload, ts });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new RealtimeValidationError(issue.path.join('.') || 'message', issue.message);
    }
    // Key order as the protocol lists it; receivers forward this text unchanged.
    const text = JSON.stringify({ type: 'command', cmd, channel, payload: parsed.data.payload, ts });
    if (Buffer.byteLength(text) <= NOTIFY_LIMIT_BYTES) {
      await this.database.notify(NOTIFY_CHANNEL, text);
    } else {
      const id = randomUUID();
      await storeMessage(this.database.db, id, channel, text);
      // This instance has the body already: no read back when its own notice arrives.
      this.remember(id, Promise.resolve(text));
      const notice: RefNotice = { ref: id, channel };
      await this.database.notify(NOTIFY_CHANNEL, JSON.stringify(notice));
    }
    return { ts };
  }

  subscribe(subscriber: Subscriber, channel: string) {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(subscriber);
  }

  unsubscribe(subscriber: Subscriber, channel: string) {
    const set = this.channels.get(channel);
    if (!set?.delete(subscriber) || set.size > 0) return;
    this.channels.delete(channel);
  }

  /** Subscribers on this instance, of one channel or of all. */
  subscriberCount(channel?: string): number {
    if (channel !== undefined) return this.channels.get(channel)?.size ?? 0;
    let total = 0;
    for (const set of this.channels.values()) total += set.size;
    return total;
  }

  async close() {
    this.closed = true;
    this.channels.clear();
    await this.starting?.catch(() => {});
    await this.unlisten?.().catch(() => {});
  }

  private onNotification(text: string) {
    if (this.closed) return;
    // A command as publishTo writes it starts with its name and channel: no need to parse
    // the whole payload just to route it (with many instances, most are not for us anyway).
    const head = COMMAND_HEAD.exec(text);
    if (head) {
      const channel = head[1]!;
      if (!this.channels.has(channel)) return;
      if (this.queued === 0) this.deliver(channel, text);
      else this.enqueue(channel, Promise.resolve(text));
      return;
    }
    let notice: Partial<RefNotice>;
    try {
      notice = JSON.parse(text) as typeof notice;
    } catch {
      this.log.warn('realtime: a notification that is not JSON was ignored');
      return;
    }
    if (typeof notice.ref !== 'string' || typeof notice.channel !== 'string') {
      this.log.warn('realtime: a notification of an unknown shape was ignored');
      return;
    }
    if (this.channels.has(notice.channel)) this.enqueue(notice.channel, this.readRef(notice.ref));
  }

  private readRef(id: string): Promise<string | null> {
    const cached = this.refCache.get(id);
    if (cached) return cached;
    const body = loadMessage(this.database.db, id);
    this.remember(id, body);
    return body;
  }

  private remember(id: string, body: Promise<string | null>) {
    this.refCache.set(id, body);
    setTimeout(() => this.refCache.delete(id), REF_CACHE_MS).unref();
  }

  private enqueue(channel: string, body: Promise<string | null>) {
    this.queued += 1;
    const run = async () => {
      try {
        const text = await body;
        if (text === null) this.log.warn('realtime: a stored message was gone before it was read');
        else this.deliver(channel, text);
      } catch (error) {
        this.log.warn({ err: error }, 'realtime: reading a stored message failed');
      } finally {
        this.queued -= 1;
      }
    };
    this.queueTail = (this.queueTail ?? Promise.resolve()).then(run);
  }

  private deliver(channel: string, text: string) {
    const subscribers = this.channels.get(channel);
    if (!subscribers) return;
    const data = Buffer.from(text);
    for (const subscriber of subscribers) subscriber.send(data);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel's hub: `app.realtime.publish(userId, cmd, payload)`. */
    realtime: RealtimeHub;
  }
}
