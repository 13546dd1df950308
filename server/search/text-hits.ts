// Quick search's "in the text" group: the first provision hits of the full-text search (a cited
// provision first), one from each of the best documents before a second from any.
import type { ProvisionHit } from '../../src/api/contract/search.js';
import type { Db } from '../db/client.js';
import { search } from './search.js';

export async function textHits(db: Db, q: string, limit: number): Promise<ProvisionHit[]> {
  if (q.trim() === '' || q.includes('\u0000')) return [];
  const result = await search(db, {
    q,
    version: 'current',
    limit,
    offset: 0,
    hits_per_document: limit,
  });
  const hits: ProvisionHit[] = [];
  for (let round = 0; hits.length < limit && result.groups.some((group) => group.hits.length > round); round++) {
    for (const group of result.groups) {
      const hit = group.hits[round];
      if (hit && hits.length < limit) hits.push(hit);
    }
  }
  return hits;
}
