// Notices to a user (issue 16): a new version of a document they pinned or hold in a collection
// was imported by the scheduled update. Shown on their next visit; read ones stay listed after
// the unread.
import { z } from 'zod';
import { IdParams, IsoDate, Uuid } from './common';
import { route } from './route';

/** The live command that announces a notice to a user who is online (the banner reloads on it). */
export const NOTICE_COMMAND = 'tool.notice';

export const Notice = z.object({
  id: Uuid,
  kind: z.literal('new_version'),
  document_id: Uuid,
  branch_id: Uuid,
  /** The document's title when the notice was raised. */
  title: z.string(),
  /** The date the new version is in force from; null for an undated one. */
  valid_from: IsoDate.nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notice = z.infer<typeof Notice>;

export const NoticeList = z.object({ items: z.array(Notice), unread: z.number().int().nonnegative() });
export type NoticeList = z.infer<typeof NoticeList>;

export const noticeRoutes = {
  listNotices: route({
    method: 'GET',
    path: '/notices',
    summary: "The caller's notices, unread first, newest first within each (at most 100)",
    tag: 'history',
    response: NoticeList,
    auth: 'user',
  }),
  readNotice: route({
    method: 'POST',
    path: '/notices/{id}/read',
    summary: "Mark one of the caller's notices read",
    tag: 'history',
    params: IdParams,
    response: Notice,
    auth: 'user',
    errors: { 404: ['not_found'] },
  }),
};
