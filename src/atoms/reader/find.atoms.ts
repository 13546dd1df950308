// The reader's find in the document: the query whose hits the visible rows highlight (empty when
// the find bar is closed) and the fragment of the current hit. Written by the find bar, read by
// the rows (see components/find-in-document/highlight.tsx).
import { atom } from '../store';

export const findQueryAtom = atom('');

/** The fragment holding the hit the reader is on, shown stronger than the other hits. */
export const findCurrentFragmentAtom = atom<string | undefined>(undefined);
