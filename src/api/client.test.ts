// @vitest-environment jsdom
// The shared fetch client: a failed call carries the server's detail code, and a cancelled call
// never settles (so a revived actor under StrictMode does not take the old failure as its own).
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { mockApi } from '../testing/mock-api';
import { apiGet, apiPost } from './client';

mockApi(
  http.get('*/v1/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return HttpResponse.json({ detail: 'not_found' }, { status: 404 });
  }),
  http.post('*/v1/echo', async ({ request }) => HttpResponse.json(await request.json())),
);

describe('api client', () => {
  it('rejects with the detail code, and never settles once cancelled', async () => {
    await expect(apiGet('/slow', z.unknown())).rejects.toMatchObject({ status: 404, detail: 'not_found' });
    const controller = new AbortController();
    let settled = false;
    void apiGet('/slow', z.unknown(), { signal: controller.signal }).then(
      () => (settled = true),
      () => (settled = true),
    );
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
  });

  it('parses the answer with the contract schema', async () => {
    await expect(apiPost('/echo', { n: 1 }, z.object({ n: z.number() }))).resolves.toEqual({ n: 1 });
    await expect(apiPost('/echo', { n: 'x' }, z.object({ n: z.number() }))).rejects.toBeInstanceOf(z.ZodError);
  });
});
