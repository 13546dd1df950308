// Notices arriving on the live channel: the router bumps the counter on each `tool.notice`
// command, and the notices banner reloads its list when it changes.
import { atom } from '../store';

/** How many `tool.notice` commands arrived since the page loaded. */
export const noticeArrivalsAtom = atom(0);

/** The command the server's update schedule publishes (server/source-imports/start-updates.ts). */
export const NOTICE_COMMAND = 'tool.notice';
