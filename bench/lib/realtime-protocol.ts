// What the realtime bench's processes say to each other over IPC (bench process, socket
// clients, second instance), and the clock they share.

/**
 * Milliseconds on CLOCK_MONOTONIC, which every process on the machine reads alike: a sender in
 * one process and a receiver in another measure latency with it, to the microsecond.
 */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/** One socket to open: its URL (token included) and the channel it subscribes to. */
export interface SocketTarget {
  url: string;
  channel: string;
}

export type ClientsRequest =
  | { type: 'connect'; targets: SocketTarget[]; sharedChannel: string; concurrency: number }
  | { type: 'record'; on: boolean }
  | { type: 'samples' }
  | { type: 'disconnect' };

export type ClientsReply =
  | { type: 'connected'; sockets: number; ms: number }
  | { type: 'recording' }
  | { type: 'samples'; individual: number[]; shared: number[]; bad: number; closed: number }
  | { type: 'disconnected' }
  | { type: 'failure'; message: string };

export interface PublishPlan {
  /** Commands per second, round-robin over `individualUsers`' channels. */
  individualPerS: number;
  /** Commands per second to `sharedUser`'s channel (many sockets). */
  sharedPerS: number;
  durationS: number;
  individualUsers: string[];
  sharedUser?: string;
}

export interface PublishOutcome {
  individual: number;
  shared: number;
  errors: number;
  /** Publish calls that had not finished when the next was due (the publisher fell behind). */
  maxInFlight: number;
}

export type InstanceRequest = { type: 'publish'; plan: PublishPlan } | { type: 'close' };
export type InstanceReply =
  | { type: 'ready' }
  | { type: 'published'; outcome: PublishOutcome }
  | { type: 'closed' }
  | { type: 'failure'; message: string };
