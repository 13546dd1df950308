// The reading API's calls that say more than `call(routes.x, ...)`: the fragment pages and text
// batches the first-screen prefetch and the text machine share, every node of a branch, and the
// ETag revalidation of one text (a 304 is an answer, not an error).
import type { z } from 'zod';
import { call, callResponse, parseAnswer } from './client';
import { routes, type FragmentText, type Node } from './contract';

interface Options {
  signal?: AbortSignal;
}

/** One page of a branch's fragments in one language (keyset cursor). */
export const listFragments = (
  id: string,
  query: { branch?: string; lang?: string; cursor?: string; limit?: number },
  options: Options = {},
) => call(routes.listFragments, { params: { id }, query, signal: options.signal });

/** The texts of up to 200 fragments, in `lang` where an aligned text exists. */
export const getFragmentTexts = (fragmentIds: string[], lang?: string, options: Options = {}) =>
  call(routes.getFragmentTexts, {
    body: { fragment_ids: fragmentIds, ...(lang ? { lang } : {}) },
    signal: options.signal,
  });

export const NODE_PAGE = 2000;

/** Every node of a branch: pages of 2000 until a short page. */
export async function listAllNodes(documentId: string, branch: string | undefined, signal?: AbortSignal) {
  const nodes: Node[] = [];
  for (let offset = 0; ; offset += NODE_PAGE) {
    const page = await call(routes.listNodes, {
      params: { id: documentId },
      query: { mode: 'hierarchy', branch, limit: NODE_PAGE, offset },
      signal,
    });
    nodes.push(...page.items);
    if (page.items.length < NODE_PAGE) return nodes;
  }
}

export type FragmentTextResult =
  { status: 'modified'; etag: string | null; body: z.infer<typeof FragmentText> } | { status: 'not-modified' };

/** One text, revalidated with If-None-Match: a 304 means the cached text is still right. */
export async function getFragmentText(id: string, etag?: string, options: Options = {}): Promise<FragmentTextResult> {
  const response = await callResponse(routes.getFragmentText, {
    params: { id },
    headers: etag ? { 'If-None-Match': etag } : {},
    signal: options.signal,
  });
  if (response.status === 304) return { status: 'not-modified' };
  const body = await parseAnswer(routes.getFragmentText, response, options.signal);
  return { status: 'modified', etag: response.headers.get('ETag'), body };
}
