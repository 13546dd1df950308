// The reader's find in the document: the query whose hits the visible rows highlight (empty when
// the find bar is closed) and the hit the reader is on. Written by the find bar, read by the rows
// (span-text.tsx, with components/find-in-document/highlight.tsx).
import { atom } from '../store';

export const findQueryAtom = atom('');

/** The hit the reader is on: its fragment and which of the fragment's hits (0-based); shown stronger
 * than the other hits and scrolled into view. */
export interface FindCurrentHit {
  fragmentId: string;
  occurrence: number;
}
export const findCurrentHitAtom = atom<FindCurrentHit | undefined>(undefined);
