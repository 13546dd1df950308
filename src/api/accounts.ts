// Typed calls of the account API: handles and profiles, organizations and their members, the
// public pages of users and organizations, reading history and pins.
import type { z } from 'zod';
import {
  AccessedDocumentList,
  DocumentAccessStats,
  HandleResponse,
  OkResponse,
  Org,
  OrgList,
  PinState,
  PinnedDocumentList,
  Profile,
  PublicOrg,
  PublicUser,
  UserEtag,
  type CreateOrgRequest,
  type DocumentAccessRequest,
  type OrgRole,
  type ProfilePatch,
} from './contract';
import { ApiError, apiFetch, query, rethrowUnlessCancelled, type RequestOptions } from './legacy-client';

/** An ApiError that also keeps the server's field (validation_failed) and message. */
export class AccountApiError extends ApiError {
  constructor(
    status: number,
    detail: string,
    override readonly field?: string,
    readonly serverMessage?: string,
  ) {
    super(status, detail as never);
  }
}

async function failure(response: Response): Promise<AccountApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: unknown; field?: unknown; message?: unknown };
    if (typeof body.detail === 'string') {
      return new AccountApiError(
        response.status,
        body.detail,
        typeof body.field === 'string' ? body.field : undefined,
        typeof body.message === 'string' ? body.message : undefined,
      );
    }
  } catch {
    // Not JSON (a proxy's error page): the text itself is the best description.
  }
  return new AccountApiError(
    response.status,
    text.trim().slice(0, 200) || response.statusText || String(response.status),
  );
}

async function call<T extends z.ZodType>(
  method: string,
  path: string,
  schema: T,
  options: RequestOptions & { body?: unknown } = {},
): Promise<z.output<T>> {
  try {
    const response = await apiFetch(path, { ...options, method });
    if (!response.ok) throw await failure(response);
    return schema.parse(await response.json());
  } catch (error) {
    return rethrowUnlessCancelled(error, options.signal);
  }
}

const seg = encodeURIComponent;

// Handles and profiles
export const getUserEtag = (userId: string, options?: RequestOptions) =>
  call('GET', `/users/${seg(userId)}/etag`, UserEtag, options).then((answer) => answer.etag);

/** Changes the handle; `etag` (from getUserEtag) goes in If-Match, so a stale one gets 412. */
export const patchHandle = (userId: string, username: string, etag: string, options?: RequestOptions) =>
  call('PATCH', `/users/${seg(userId)}/handle`, HandleResponse, {
    ...options,
    body: { username },
    headers: { ...options?.headers, 'If-Match': etag },
  });

export const getProfile = (userId: string, options?: RequestOptions) =>
  call('GET', `/users/${seg(userId)}/profile`, Profile, options);

export const patchProfile = (userId: string, patch: z.input<typeof ProfilePatch>, options?: RequestOptions) =>
  call('PATCH', `/users/${seg(userId)}/profile`, Profile, { ...options, body: patch });

export const getPublicUser = (username: string, options?: RequestOptions) =>
  call('GET', `/public/users/${seg(username)}`, PublicUser, options);

// Organizations
export const listMyOrgs = (options?: RequestOptions) =>
  call('GET', '/orgs', OrgList, options).then((list) => list.items);

export const createOrg = (request: z.input<typeof CreateOrgRequest>, options?: RequestOptions) =>
  call('POST', '/orgs', Org, { ...options, body: request });

export const getOrg = (slug: string, options?: RequestOptions) => call('GET', `/orgs/${seg(slug)}`, Org, options);

export const addOrgMember = (slug: string, username: string, role: OrgRole, options?: RequestOptions) =>
  call('POST', `/orgs/${seg(slug)}/members`, Org, { ...options, body: { username, role } });

export const updateOrgMember = (slug: string, username: string, role: OrgRole, options?: RequestOptions) =>
  call('PATCH', `/orgs/${seg(slug)}/members/${seg(username)}`, Org, { ...options, body: { role } });

export const removeOrgMember = (slug: string, username: string, options?: RequestOptions) =>
  call('DELETE', `/orgs/${seg(slug)}/members/${seg(username)}`, Org, options);

export const getPublicOrg = (slug: string, options?: RequestOptions) =>
  call('GET', `/public/orgs/${seg(slug)}`, PublicOrg, options);

// Reading history and pins
export const recordDocumentAccess = (request: z.input<typeof DocumentAccessRequest>, options?: RequestOptions) =>
  call('POST', '/user/document-access', OkResponse, { ...options, body: request });

export const recentDocuments = (limit?: number, options?: RequestOptions) =>
  call('GET', `/user/document-access/recent${query({ limit })}`, AccessedDocumentList, options).then(
    (list) => list.items,
  );

export const frequentDocuments = (limit?: number, options?: RequestOptions) =>
  call('GET', `/user/document-access/frequent${query({ limit })}`, AccessedDocumentList, options).then(
    (list) => list.items,
  );

export const documentAccessStats = (documentId: string, options?: RequestOptions) =>
  call('GET', `/user/document-access/stats/${seg(documentId)}`, DocumentAccessStats, options);

export const listPins = (options?: RequestOptions) =>
  call('GET', '/user/pins', PinnedDocumentList, options).then((list) => list.items);

export const pinDocument = (documentId: string, options?: RequestOptions) =>
  call('PUT', `/user/pins/${seg(documentId)}`, PinState, options);

export const unpinDocument = (documentId: string, options?: RequestOptions) =>
  call('DELETE', `/user/pins/${seg(documentId)}`, PinState, options);

/** The status and the server's code of a failure, for messages such as 'Failed: 412 precondition_failed'. */
export function describeFailure(error: unknown): { status: number; detail: string; field?: string } {
  if (error instanceof AccountApiError) return { status: error.status, detail: error.detail, field: error.field };
  if (error instanceof ApiError) return { status: error.status, detail: error.detail };
  return { status: 0, detail: error instanceof Error ? error.message : String(error) };
}
