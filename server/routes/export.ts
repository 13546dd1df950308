// /v1/legal/documents/{id}/export.html: one version as a self-contained HTML page to print or
// download. Registered by hand (the answer is HTML, not the JSON the route table describes), with
// the contract's schemas for its inputs, so bad input is the same 400 validation_failed.
import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../src/api/contract/common.js';
import { EXPORT_HTML_PATTERN, ExportQuery } from '../../src/api/contract/export.js';
import { slugify } from '../../src/shared/document-path.js';
import type { Limit } from '../auth/rate-limit.js';
import type { Db } from '../db/client.js';
import { hitReadLimit } from '../http/read-rate-limit.js';
import { parseInput } from '../http/register-route.js';
import { exportDocumentHtml } from '../library/export-html.js';

/**
 * An export reads and renders a whole version (every node and text: megabytes for a large code),
 * so it is counted per client address (the route reads no session: the export is imported text
 * only, the same for everyone). Printing or downloading is a few a minute at most.
 */
export const EXPORT_RATE_LIMIT: Limit = { limit: 30, windowSeconds: 60 };

export function registerExportRoutes(app: FastifyInstance, db: Db, limit: Limit = EXPORT_RATE_LIMIT) {
  app.get(EXPORT_HTML_PATTERN.replace(/\{(\w+)\}/g, ':$1'), async (request, reply) => {
    const params = parseInput(IdParams, request.params, 'path');
    const query = parseInput(ExportQuery, request.query, 'query');
    await hitReadLimit(db, 'export', request.principal, request, limit);
    const { html, title } = await exportDocumentHtml(db, {
      documentId: params.id,
      branch: query.branch,
      lang: query.lang,
      today: new Date().toISOString().slice(0, 10),
    });
    if (query.download === '1') {
      const name = `${slugify(title) || 'document'}.html`;
      reply.header('Content-Disposition', `attachment; filename="${name}"`);
    }
    return (
      reply
        .type('text/html; charset=utf-8')
        // No scripts in the page, and none may run in it (it is also shown in the reader's print frame).
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .header('Cache-Control', 'no-cache')
        .send(html)
    );
  });
}
