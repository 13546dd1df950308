// The realtime hub: who on this instance listens to which channel, and publishing to channels
// through the database, so every instance delivers to its own subscribers, this one included.
// Lossless (issue 15): each message is stored with an id growing in commit order and NOTIFYed in
// the same transaction; the hub delivers in id order, once, and after its LISTEN connection was
// lost it replays `id > last` from the table before going on live. Other server code publishes
// with `app.realtime.publish`.
import type { FastifyBaseLogger } from 'fastify';
import { parseCommand, userChannel } from '../../src/realtime/protocol.js';
import type { Database } from '../db/client.js';
import {
  channelBacklog,
  loadMessage,
  messagesAfter,
  newestMessageId,
  storeAndNotify,
  withId,
} from './message-store.js';
import type { Backlog, PageBounds } from './message-store.js';
import { NOTIFY_LIMIT_BYTES, parseNotice, type Notice } from './notice.js';

export { NOTIFY_LIMIT_BYTES } from './notice.js';

/** The one NOTIFY channel every instance listens on. */
export const NOTIFY_CHANNEL = 'lexhub_realtime';
/** The largest message (its JSON text) the channel takes. */
export const MAX_MESSAGE_BYTES = 128 * 1024;
/** A catch-up reads the backlog in pages of at most this many rows and bytes of bodies. */
const CATCH_UP_PAGE: PageBounds = { rows: 500, bytes: 4 * 1024 * 1024 };
/** A catch-up that failed (the database is away) is tried again after this long. */
const CATCH_UP_RETRY_MS = 1000;
/** This instance's own by-reference bodies are kept this long for its own notice: no read back. */
const OWN_BODY_MS = 10_000;
/** `,"id":` and up to 16 digits, appended to an inline notice. */
const ID_MARGIN_BYTES = 24;

/** Someone on this instance who receives a channel's messages (a socket). */
export interface Subscriber {
  /** One message of a subscribed channel: its id and its JSON text as bytes, shared by every subscriber. */
  deliver(channel: string, id: number, data: Buffer): void;
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

/** Counts for /metrics, since the process started. */
export interface HubStats {
  /** Messages handed to sockets (one per socket). */
  deliveries: number;
  /** Messages this instance took from the table after its LISTEN connection came back. */
  caughtUp: number;
  /** Sockets closed for reading too slowly (4429). */
  slowConsumerCuts: number;
  /** Lagging LISTEN backends this instance's monitor terminated. */
  listenerCuts: number;
}

export class RealtimeHub {
  readonly stats: HubStats = { deliveries: 0, caughtUp: 0, slowConsumerCuts: 0, listenerCuts: 0 };
  private readonly channels = new Map<string, Set<Subscriber>>();
  private readonly ownBodies = new Map<number, string>();
  private starting: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private closed = false;
  /** The highest id this instance has taken in (delivered, or not for anyone here). */
  private lastIdSeen = 0;
  /** Notifications may have been missed since lastIdSeen: the table is read before going on live. */
  private stale = true;
  /** The LISTEN session is in place (a catch-up may end the stale state only then). */
  private listening = false;
  /** Counts lost sessions, so a catch-up that overlapped a loss does not end the stale state. */
  private sessions = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  /** The backend pid of the LISTEN session (PostgreSQL), for the slow-listener monitor. */
  listenerPid: number | null = null;
  /** Incoming work runs one at a time, in arrival order: that keeps each channel's order. */
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The highest message id this instance has taken in (the monitor reports it). */
  get lastId(): number {
    return this.lastIdSeen;
  }

  /** LISTENs once; safe to call again (later calls wait for the first). */
  start(): Promise<void> {
    this.starting ??= (async () => {
      // Read before LISTEN: whatever commits in between is replayed by the first catch-up.
      this.lastIdSeen = await newestMessageId(this.database.db);
      this.unlisten = await this.database.listen(NOTIFY_CHANNEL, (payload) => this.onNotification(payload), {
        listening: (pid) => {
          this.listening = true;
          this.listenerPid = pid;
          // Also when no loss was reported (a drop while listen() was still starting): read the table once.
          this.stale = true;
          this.schedule(() => this.catchUp());
        },
        lost: () => {
          this.listening = false;
          this.listenerPid = null;
          this.stale = true;
          this.sessions += 1;
        },
      });
    })();
    return this.starting;
  }

  /** Publishes a command on `user:{userId}`: every subscriber on every instance receives it. */
  publish(userId: string, cmd: string, payload: Record<string, unknown>): Promise<{ ts: number; id: number }> {
    return this.publishTo(userChannel(userId), cmd, payload);
  }

  /**
   * Publishes on a channel once the message is stored (so it is never lost once this resolves);
   * throws RealtimeValidationError when the protocol refuses the command.
   */
  async publishTo(channel: string, cmd: string, payload: Record<string, unknown>): Promise<{ ts: number; id: number }> {
    const ts = Date.now();
    const parsed = parseCommand({ type: 'command', cmd, channel, payload, ts });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new RealtimeValidationError(issue.path.join('.') || 'message', issue.message);
    }
    // Key order as the protocol lists it; receivers forward this text unchanged, the id added last.
    const body = JSON.stringify({ type: 'command', cmd, channel, payload: parsed.data.payload, ts });
    // Every message is stored and replayed: one user must not fill the table (or a replay) with
    // megabytes. A Copilot answer or a provision's translation is a few kB.
    if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES) {
      throw new RealtimeValidationError('payload', `the message is over ${MAX_MESSAGE_BYTES} bytes`);
    }
    // The id is not known before the statement; a generous margin for it decides inline or not.
    const inline = Buffer.byteLength(body) + ID_MARGIN_BYTES <= NOTIFY_LIMIT_BYTES;
    const id = await storeAndNotify(this.database.db, NOTIFY_CHANNEL, channel, body, inline);
    // By reference: this instance has the body already, no read back when its notice arrives
    // (unless the notice outran this line: then it reads the row, which is there).
    if (!inline) this.rememberOwn(id, withId(body, id));
    return { ts, id };
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

  /** What a client that saw `lastId` on `channel` missed (or reset when the backlog no longer has it). */
  backlog(channel: string, lastId: number): Promise<Backlog> {
    return channelBacklog(this.database.db, channel, lastId);
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
    clearTimeout(this.retryTimer);
    this.channels.clear();
    await this.starting?.catch(() => {});
    await this.unlisten?.().catch(() => {});
  }

  private onNotification(payload: string) {
    if (this.closed) return;
    const notice = parseNotice(payload);
    if (!notice) {
      this.log.warn('realtime: a notification of an unknown shape was ignored');
      return;
    }
    // The common case, an inline message with nothing waiting before it, is handled at once.
    if (this.queued === 0 && !this.stale && notice.text !== undefined) this.takeInline(notice, notice.text);
    else this.schedule(() => this.take(notice));
  }

  /** Runs `work` after everything already queued. */
  private schedule(work: () => Promise<void>) {
    this.queued += 1;
    this.tail = this.tail.then(async () => {
      try {
        if (!this.closed) await work();
      } finally {
        this.queued -= 1;
      }
    });
  }

  private async take(notice: Notice) {
    // The message is committed (its NOTIFY was sent at commit): the catch-up reads it too.
    if (this.stale) return this.catchUp();
    if (notice.id <= this.lastIdSeen) return;
    if (notice.text !== undefined) return this.takeInline(notice, notice.text);
    if (!this.channels.has(notice.channel)) {
      this.lastIdSeen = notice.id;
      return;
    }
    let text = this.ownBodies.get(notice.id);
    if (text === undefined) {
      try {
        const body = await loadMessage(this.database.db, notice.id);
        // Pruned already (it would have to be 10 minutes old): nothing to send.
        text = body === null ? undefined : withId(body, notice.id);
      } catch (error) {
        // Not taken: the catch-up reads it (and what follows) once the database answers again.
        this.log.warn({ err: error }, 'realtime: reading a stored message failed');
        this.stale = true;
        this.retryLater();
        return;
      }
    }
    this.lastIdSeen = notice.id;
    if (text !== undefined) this.deliver(notice.channel, notice.id, text);
  }

  private takeInline(notice: Notice, text: string) {
    if (notice.id <= this.lastIdSeen) return;
    this.lastIdSeen = notice.id;
    this.deliver(notice.channel, notice.id, text);
  }

  /** Reads every message after lastIdSeen from the table, then goes on live (when listening). */
  private async catchUp() {
    if (!this.stale) return;
    const session = this.sessions;
    try {
      for (;;) {
        const page = await messagesAfter(this.database.db, this.lastIdSeen, CATCH_UP_PAGE);
        for (const message of page.messages) {
          this.lastIdSeen = message.id;
          this.stats.caughtUp += 1;
          this.deliver(message.channel, message.id, withId(message.body, message.id));
        }
        if (!page.more) break;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'realtime: catching up from the backlog failed');
      this.retryLater();
      return;
    }
    // Still listening in the same session: every later message comes as a notification.
    if (this.listening && session === this.sessions) this.stale = false;
  }

  private retryLater() {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.schedule(() => this.catchUp());
    }, CATCH_UP_RETRY_MS);
    this.retryTimer.unref();
  }

  private rememberOwn(id: number, text: string) {
    this.ownBodies.set(id, text);
    setTimeout(() => this.ownBodies.delete(id), OWN_BODY_MS).unref();
  }

  private deliver(channel: string, id: number, text: string) {
    const subscribers = this.channels.get(channel);
    if (!subscribers) return;
    const data = Buffer.from(text);
    for (const subscriber of subscribers) subscriber.deliver(channel, id, data);
    this.stats.deliveries += subscribers.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel's hub: `app.realtime.publish(userId, cmd, payload)`. */
    realtime: RealtimeHub;
  }
}
