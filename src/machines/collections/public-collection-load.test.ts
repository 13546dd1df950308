// @vitest-environment jsdom
// Which public call a collection address asks: by owner and slug, or by short handle (cursor kept).
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockApi } from '../../testing/mock-api';
import { loadPublicCollection } from './public-collection.machine';
import { pageOf } from './public-collection.fixtures';

const asked: string[] = [];
const answer = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  asked.push(`${url.pathname}${url.search}`);
  return HttpResponse.json(pageOf());
};
mockApi(
  http.get('*/v1/public/collections/:ownerType/:handle/:slug', answer),
  http.get('*/v1/public/collection-handles/:vanity', answer),
);

describe('loadPublicCollection', () => {
  it('asks by owner and slug, or by short handle, passing the cursor on', async () => {
    asked.length = 0;
    await loadPublicCollection({ kind: 'owner', ownerType: 'org', handle: 'akv', slug: 'smlouvy' }, undefined);
    await loadPublicCollection({ kind: 'handle', vanity: 'ustava' }, 'c2');
    expect(asked).toEqual(['/v1/public/collections/org/akv/smlouvy', '/v1/public/collection-handles/ustava?cursor=c2']);
  });
});
