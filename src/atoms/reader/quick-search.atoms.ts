// The quick search dialog (Ctrl/Cmd+K, the header box, and later Copilot's search commands).
import { atom } from '../store';

export const quickSearchOpenAtom = atom(false);
/** A query to start the dialog with (the header box, a Copilot `search.*` command). */
export const quickSearchInitialQueryAtom = atom('');
