// Typed calls of the public reading API (the legal library).
import {
  AutocompleteList,
  BranchList,
  Comparison,
  Document,
  DocumentLanguageList,
  DocumentList,
  FragmentPage,
  FragmentText,
  FragmentTexts,
  NodeList,
  SpanList,
} from './contract';
import { apiFetch, apiGet, apiPost, query, type RequestOptions } from './legacy-client';
import { errorOf } from './client';

export const listDocuments = (
  params: { external_id?: string; q?: string; limit?: number; offset?: number },
  options?: RequestOptions,
) => apiGet(`/legal/documents${query(params)}`, DocumentList, options);

export const getDocument = (id: string, branch?: string, options?: RequestOptions) =>
  apiGet(`/legal/documents/${encodeURIComponent(id)}${query({ branch })}`, Document, options);

export const listDocumentLanguages = (id: string, branch?: string, options?: RequestOptions) =>
  apiGet(`/legal/documents/${encodeURIComponent(id)}/languages${query({ branch })}`, DocumentLanguageList, options);

export const listNodes = (
  id: string,
  params: { branch?: string; limit?: number; offset?: number },
  options?: RequestOptions,
) =>
  apiGet(
    `/legal/documents/${encodeURIComponent(id)}/nodes${query({ mode: 'hierarchy', ...params })}`,
    NodeList,
    options,
  );

export const listFragments = (
  id: string,
  params: { branch?: string; lang?: string; cursor?: string | null; limit?: number },
  options?: RequestOptions,
) => apiGet(`/legal/documents/${encodeURIComponent(id)}/fragments${query(params)}`, FragmentPage, options);

export const getFragmentTexts = (fragmentIds: string[], lang?: string, options?: RequestOptions) =>
  apiPost('/legal/fragments/texts', { fragment_ids: fragmentIds, ...(lang ? { lang } : {}) }, FragmentTexts, options);

export type FragmentTextResult =
  { status: 'modified'; etag: string | null; body: ReturnType<typeof FragmentText.parse> } | { status: 'not-modified' };

/** One text, revalidated with If-None-Match: a 304 means the cached text is still right. */
export async function getFragmentText(
  id: string,
  etag?: string,
  options?: RequestOptions,
): Promise<FragmentTextResult> {
  const response = await apiFetch(`/legal/fragments/${encodeURIComponent(id)}/text`, {
    ...options,
    headers: etag ? { 'If-None-Match': etag } : {},
  });
  if (response.status === 304) return { status: 'not-modified' };
  if (!response.ok) throw await errorOf(response);
  return { status: 'modified', etag: response.headers.get('ETag'), body: FragmentText.parse(await response.json()) };
}

export const listSpans = (fragmentId: string, options?: RequestOptions) =>
  apiGet(`/legal/fragments/${encodeURIComponent(fragmentId)}/spans`, SpanList, options);

export const listBranches = (documentId: string, options?: RequestOptions) =>
  apiGet(`/legal/branches${query({ document_id: documentId, limit: 500 })}`, BranchList, options);

export const compareBranches = (branchA: string, branchB: string, options?: RequestOptions) =>
  apiGet(`/legal/compare${query({ branch_id_a: branchA, branch_id_b: branchB, limit: 100 })}`, Comparison, options);

export const autocomplete = (q: string, limit = 20, options?: RequestOptions) =>
  apiGet(`/search/autocomplete${query({ q, limit })}`, AutocompleteList, options);
