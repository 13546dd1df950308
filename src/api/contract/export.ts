// The printable export of a version: GET /v1/legal/documents/{id}/export.html answers one
// self-contained HTML page (not JSON, so it is not in the JSON route table); `download=1` asks
// for it as a file. The query is validated with this schema; the web app links with exportHtmlUrl.
import { z } from 'zod';
import { BranchSelector } from './documents';

export const EXPORT_HTML_PATTERN = '/v1/legal/documents/{id}/export.html';

export const ExportQuery = z.object({
  branch: BranchSelector,
  lang: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/, 'an ISO 639-1 code such as cs or en')
    .optional(),
  download: z.enum(['0', '1']).optional().describe('1: answer as an attachment (a file named after the title)'),
});

export function exportHtmlUrl(documentId: string, options: { branch?: string; lang?: string; download?: boolean }) {
  const query = new URLSearchParams();
  if (options.branch) query.set('branch', options.branch);
  if (options.lang) query.set('lang', options.lang);
  if (options.download) query.set('download', '1');
  const search = query.toString();
  return `${EXPORT_HTML_PATTERN.replace('{id}', encodeURIComponent(documentId))}${search ? `?${search}` : ''}`;
}
