// @vitest-environment jsdom
// The account calls' error handling against a mocked server: the server's code and field become
// an AccountApiError, a non-JSON answer keeps its text, and a cancelled call never settles.
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockApi } from '../testing/mock-api';
import { AccountApiError, describeFailure, getPublicUser, patchHandle, patchProfile } from './accounts';

const ID = '7d3f2c1a-0b9e-4f5d-8c7a-6e5d4c3b2a10';
mockApi(
  http.patch('*/v1/users/:id/profile', () =>
    HttpResponse.json(
      { detail: 'validation_failed', field: 'photo_url', message: 'photo_url: url_must_be_http' },
      { status: 400 },
    ),
  ),
  http.patch('*/v1/users/:id/handle', ({ request }) =>
    request.headers.get('If-Match') === 'W/"1"'
      ? HttpResponse.json({ username: 'jana', etag: 'W/"2"' })
      : new HttpResponse('stale etag', { status: 412 }),
  ),
  http.get('*/v1/public/users/:username', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return HttpResponse.json({ detail: 'not_found' }, { status: 404 });
  }),
);

describe('account calls', () => {
  it('keep the code and the field of a validation failure', async () => {
    const error = await patchProfile(ID, { photo_url: 'ftp://x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccountApiError);
    expect(describeFailure(error)).toEqual({ status: 400, detail: 'validation_failed', field: 'photo_url' });
  });

  it('send If-Match, and keep the text of an answer that is not JSON', async () => {
    await expect(patchHandle(ID, 'jana', 'W/"1"')).resolves.toEqual({ username: 'jana', etag: 'W/"2"' });
    const error = await patchHandle(ID, 'jana', 'W/"0"').catch((caught: unknown) => caught);
    expect(describeFailure(error)).toEqual({ status: 412, detail: 'stale etag', field: undefined });
  });

  it('never settle once cancelled (a revived actor must not take the old failure)', async () => {
    const controller = new AbortController();
    let settled = false;
    void getPublicUser('jana', { signal: controller.signal }).then(
      () => (settled = true),
      () => (settled = true),
    );
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    // Without a cancel the same call fails as usual.
    await expect(getPublicUser('jana')).rejects.toMatchObject({ status: 404, detail: 'not_found' });
  });
});
