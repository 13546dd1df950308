// Notices arriving on the live channel: the router bumps the counter on each `tool.notice`
// command, and the notices banner reloads its list when it changes.
import { atom } from '../store';

/** How many `tool.notice` commands arrived since the page loaded. */
export const noticeArrivalsAtom = atom(0);
