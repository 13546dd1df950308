// The requests a browser makes for a document page, over every corpus document's main branch:
// the document, its languages, its structure nodes, the first page of fragments and the texts of
// that page's fragments (POST /fragments/texts). Walked once through the real app (app.inject) so
// every path and id is real; used by the load and soak benches.
import { buildApp } from '../../server/app.js';
import type { Database } from '../../server/db/client.js';
import type { HttpRequestInput } from './load.js';

/** One document page's requests, in the order the reader sends them. */
export async function documentPageMix(
  database: Database,
): Promise<{ requests: HttpRequestInput[]; documents: number }> {
  const app = await buildApp({ database });
  try {
    const { rows } = await database.raw(
      `SELECT d.id FROM documents d JOIN branches b ON b.document_id = d.id AND b.name = 'main' ORDER BY d.external_id`,
    );
    const requests: HttpRequestInput[] = [];
    for (const { id } of rows) {
      const base = `/v1/legal/documents/${String(id)}`;
      const page: HttpRequestInput[] = [base, `${base}/languages`, `${base}/nodes`, `${base}/fragments?limit=100`].map(
        (path) => ({ method: 'GET', path }),
      );
      const fragments = await app.inject({ method: 'GET', url: `${base}/fragments?limit=100` });
      if (fragments.statusCode !== 200) throw new Error(`${base}/fragments: HTTP ${fragments.statusCode}`);
      const ids = (fragments.json() as { items: { id: string }[] }).items.map((item) => item.id);
      if (ids.length > 0)
        page.push({ method: 'POST', path: '/v1/legal/fragments/texts', body: JSON.stringify({ fragment_ids: ids }) });
      for (const request of page) {
        const response = await app.inject({
          method: request.method,
          url: request.path,
          ...(request.body ? { payload: request.body, headers: { 'content-type': 'application/json' } } : {}),
        });
        if (response.statusCode !== 200)
          throw new Error(`${request.method} ${request.path}: HTTP ${response.statusCode}`);
      }
      requests.push(...page);
    }
    return { requests, documents: rows.length };
  } finally {
    await app.close();
  }
}
