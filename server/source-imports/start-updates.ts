// The server's update schedule (issue 16): ticks on a timer, imports from the configured services,
// tells online users of their notices on the live channel, stops before the database closes.
import type { FastifyInstance } from 'fastify';
import { NOTICE_COMMAND, type Notice } from '../../src/api/contract/notices.js';
import type { Db } from '../db/client.js';
import { lawSource, type SourceSettings } from './settings.js';
import { createUpdateScheduler } from './update-schedule.js';

/**
 * The live channel carries five namespaces (src/realtime/protocol.ts) and no `notice.` one: the
 * notice travels as a `tool.*` command, listed with its summary among the live events; the
 * router also tells the notices banner to reload.
 */

export function startUpdateSchedule(app: FastifyInstance, db: Db, intervalMs: number, settings: SourceSettings) {
  const updates = createUpdateScheduler(db, {
    intervalMs,
    timer: true,
    sourceOf: (name) => lawSource(name, settings),
    announce: (userId, notice) => app.realtime.publish(userId, NOTICE_COMMAND, noticePayload(notice)),
    log: (message, details) => app.log.info(details, message),
  });
  app.addHook('onClose', () => updates.close());
}

/** What the live channel carries: the notice, and a summary in English for the app's event list. */
export function noticePayload(notice: Notice): Record<string, unknown> {
  // The version may be a future wording (e-Sbírka's BUDOUCI): "in force from", not "is in force".
  const from = notice.valid_from ? `, in force from ${notice.valid_from}` : ' was imported';
  return { summary: `A new version of ${notice.title}${from}`, notice };
}
