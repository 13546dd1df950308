// The live channel as the rest of the app sees it: who wants it open, its status (mirrored from
// the live-connection machine by LiveConnectionRunner), and the raw traffic for the WS Demo.
import type { ApiError } from '../../api/client';
import { atom } from '../store';

export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';
/** Why the connection stopped retrying, or what the last attempt failed on. */
export type LiveProblem =
  | { kind: 'loginRequired' }
  | { kind: 'forbidden' }
  | { kind: 'wsToken'; error: ApiError }
  | { kind: 'closed'; code: number; reason: string };

export const liveStatusAtom = atom<LiveStatus>('idle');
/** The status badge: shown while connecting or disconnected, and for 5 s after connecting. */
export const liveBadgeVisibleAtom = atom(false);
export const liveProblemAtom = atom<LiveProblem | null>(null);
/** The channel subscribed to (`user:{id}`), once the server said ready. */
export const liveChannelAtom = atom<string | null>(null);

/** What wants the connection open: the Copilot panel, the WS Demo. Open while any does. */
export type LiveDemand = 'panel' | 'wsDemo';
export const liveDemandAtom = atom<ReadonlySet<LiveDemand>>(new Set<LiveDemand>());
export const setLiveDemandAtom = atom(null, (get, set, { demand, on }: { demand: LiveDemand; on: boolean }) => {
  const current = get(liveDemandAtom);
  if (current.has(demand) === on) return;
  const next = new Set(current);
  if (on) next.add(demand);
  else next.delete(demand);
  set(liveDemandAtom, next);
});

export const MAX_TRAFFIC = 200;
export interface TrafficEntry {
  id: number;
  direction: 'in' | 'out';
  text: string;
  at: number;
}
/** Raw frames in and out, newest last, at most MAX_TRAFFIC. */
export const liveTrafficAtom = atom<TrafficEntry[]>([]);
let trafficSequence = 0;
export const recordTrafficAtom = atom(null, (get, set, entry: { direction: 'in' | 'out'; text: string }) => {
  const list = get(liveTrafficAtom);
  const next = [...list, { ...entry, id: ++trafficSequence, at: Date.now() }];
  set(liveTrafficAtom, next.length > MAX_TRAFFIC ? next.slice(next.length - MAX_TRAFFIC) : next);
});
