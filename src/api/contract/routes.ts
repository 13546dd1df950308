// Every /v1 route: method, path, inputs and output. The server registers and validates from
// this table, and the OpenAPI document is generated from it.
import { z } from 'zod';
import { ErrorBody, IdParams } from './common';
import { compareChangesRoute } from './compare-changes';
import {
  BranchList,
  BranchListQuery,
  CompareQuery,
  Comparison,
  Document,
  DocumentLanguageList,
  DocumentList,
  DocumentListQuery,
  DocumentQuery,
  FragmentPage,
  FragmentText,
  FragmentTexts,
  FragmentTextsRequest,
  FragmentsQuery,
  NodeList,
  NodesQuery,
  SpanList,
} from './documents';
import { InterfaceLanguageList } from './languages';
import { PublishRequest, PublishResponse, WsTokenResponse } from '../../realtime/protocol';
import { CopilotSession, CopilotSessionRequest } from './copilot';
import { AutocompleteList, AutocompleteQuery } from './search';
import {
  ForgotPasswordRequest,
  LoginRequest,
  MeResponse,
  OkResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  VerifyQuery,
} from './auth';
import {
  HandlePatch,
  HandleResponse,
  Profile,
  ProfilePatch,
  PublicUser,
  UserEtag,
  UserIdParams,
  UsernameParams,
} from './users';
import {
  AddOrgMemberRequest,
  CreateOrgRequest,
  Org,
  OrgList,
  OrgMemberParams,
  OrgSlugParams,
  PublicOrg,
  UpdateOrgMemberRequest,
} from './orgs';
import {
  AccessedDocumentList,
  DocumentAccessQuery,
  DocumentAccessRequest,
  DocumentAccessStats,
  LanguagePreference,
  LanguagePreferenceResponse,
  PinState,
  PinnedDocumentList,
} from './history';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /v1, with `{name}` parameters. */
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** Other documented answers besides 200 and the generic errors. */
  extraResponses?: Record<number, string>;
  /** 'user': needs a logged-in session (401 not_authenticated otherwise). */
  auth?: 'user';
  /**
   * State-changing calls (every method but GET) must echo the csrf_token cookie in
   * X-CSRF-Token (403 csrf_failed). A POST that only reads may opt out.
   */
  csrfExempt?: true;
}

const route = <T extends RouteSpec>(spec: T) => spec;

export const routes = {
  listDocuments: route({
    method: 'GET',
    path: '/legal/documents',
    summary: 'List documents, by law number (external_id) or title words (q)',
    tag: 'documents',
    query: DocumentListQuery,
    response: DocumentList,
  }),
  getDocument: route({
    method: 'GET',
    path: '/legal/documents/{id}',
    summary: 'One document with counts of its main branch (or of `branch`)',
    tag: 'documents',
    params: IdParams,
    query: DocumentQuery,
    response: Document,
  }),
  listDocumentLanguages: route({
    method: 'GET',
    path: '/legal/documents/{id}/languages',
    summary: 'Languages of a document with their fragment counts',
    tag: 'documents',
    params: IdParams,
    query: DocumentQuery,
    response: DocumentLanguageList,
  }),
  listNodes: route({
    method: 'GET',
    path: '/legal/documents/{id}/nodes',
    summary: 'Structure nodes of a branch in document order',
    tag: 'documents',
    params: IdParams,
    query: NodesQuery,
    response: NodeList,
  }),
  listFragments: route({
    method: 'GET',
    path: '/legal/documents/{id}/fragments',
    summary: 'Fragments of a branch in one language, in document order (keyset pages)',
    tag: 'fragments',
    params: IdParams,
    query: FragmentsQuery,
    response: FragmentPage,
  }),
  getFragmentTexts: route({
    method: 'POST',
    path: '/legal/fragments/texts',
    summary: 'Texts of up to 200 fragments, in the language asked for when an aligned one exists',
    tag: 'fragments',
    body: FragmentTextsRequest,
    response: FragmentTexts,
    // A read that is a POST only because its id list can be long.
    csrfExempt: true,
  }),
  getFragmentText: route({
    method: 'GET',
    path: '/legal/fragments/{id}/text',
    summary: 'The text of one fragment, with a strong ETag',
    tag: 'fragments',
    params: IdParams,
    response: FragmentText,
    extraResponses: { 304: 'Not modified: If-None-Match matched the ETag' },
  }),
  listFragmentSpans: route({
    method: 'GET',
    path: '/legal/fragments/{id}/spans',
    summary: 'Annotations on a fragment: cross-references and their targets',
    tag: 'fragments',
    params: IdParams,
    response: SpanList,
  }),
  listBranches: route({
    method: 'GET',
    path: '/legal/branches',
    summary: 'Versions of documents, newest first',
    tag: 'versions',
    query: BranchListQuery,
    response: BranchList,
  }),
  listSnapshots: route({
    method: 'GET',
    path: '/legal/snapshots',
    summary: 'Snapshot versions only (every dated version but main)',
    tag: 'versions',
    query: BranchListQuery,
    response: BranchList,
  }),
  compareBranches: route({
    method: 'GET',
    path: '/legal/compare',
    summary: 'Compare two branches as sets of fragment uids',
    tag: 'versions',
    query: CompareQuery,
    response: Comparison,
  }),
  compareChanges: compareChangesRoute,
  listInterfaceLanguages: route({
    method: 'GET',
    path: '/languages',
    summary: 'Interface languages',
    tag: 'meta',
    response: InterfaceLanguageList,
  }),
  autocomplete: route({
    method: 'GET',
    path: '/search/autocomplete',
    summary: 'Documents by title or number: case-, diacritics- and typo-tolerant, best first',
    tag: 'search',
    query: AutocompleteQuery,
    response: AutocompleteList,
  }),

  // Accounts
  register: route({
    method: 'POST',
    path: '/auth/register',
    summary: 'Create an account; a verification email follows',
    tag: 'auth',
    body: RegisterRequest,
    response: RegisterResponse,
    extraResponses: { 409: 'email_already_exists / phone_already_exists', 429: 'rate_limited' },
  }),
  login: route({
    method: 'POST',
    path: '/auth/login',
    summary: 'Log in with email and password; sets the session cookie',
    tag: 'auth',
    body: LoginRequest,
    response: MeResponse,
    extraResponses: {
      401: 'invalid_credentials',
      403: 'email_not_verified',
      423: 'account_locked',
      429: 'rate_limited',
    },
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the session',
    tag: 'auth',
    response: OkResponse,
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'Email a password reset link (always answers ok)',
    tag: 'auth',
    body: ForgotPasswordRequest,
    response: OkResponse,
    extraResponses: { 429: 'rate_limited' },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset token; ends other sessions',
    tag: 'auth',
    body: ResetPasswordRequest,
    response: OkResponse,
    extraResponses: { 429: 'rate_limited' },
  }),
  verifyEmail: route({
    method: 'GET',
    path: '/auth/verify',
    summary: 'Confirm an email address (the link in the verification email); browsers are redirected to the login page',
    tag: 'auth',
    query: VerifyQuery,
    response: OkResponse,
    extraResponses: { 303: 'Redirect to /auth/login for browsers' },
  }),
  me: route({
    method: 'GET',
    path: '/auth/me',
    summary: 'The logged-in user',
    tag: 'auth',
    response: MeResponse,
    auth: 'user',
    extraResponses: { 401: 'not_authenticated' },
  }),

  // Users: handles and profiles
  getUserEtag: route({
    method: 'GET',
    path: '/users/{id}/etag',
    summary: "The user's ETag, for If-Match on changes",
    tag: 'users',
    params: UserIdParams,
    response: UserEtag,
    auth: 'user',
  }),
  patchHandle: route({
    method: 'PATCH',
    path: '/users/{id}/handle',
    summary: 'Change the handle (If-Match: the ETag)',
    tag: 'users',
    params: UserIdParams,
    body: HandlePatch,
    response: HandleResponse,
    auth: 'user',
    extraResponses: { 403: 'forbidden', 409: 'handle_taken', 412: 'precondition_failed', 428: 'precondition_required' },
  }),
  getProfile: route({
    method: 'GET',
    path: '/users/{id}/profile',
    summary: "The user's own profile, for editing",
    tag: 'users',
    params: UserIdParams,
    response: Profile,
    auth: 'user',
  }),
  patchProfile: route({
    method: 'PATCH',
    path: '/users/{id}/profile',
    summary: 'Edit the profile',
    tag: 'users',
    params: UserIdParams,
    body: ProfilePatch,
    response: Profile,
    auth: 'user',
    extraResponses: { 403: 'forbidden' },
  }),
  getPublicUser: route({
    method: 'GET',
    path: '/public/users/{username}',
    summary: "A user's public profile",
    tag: 'users',
    params: UsernameParams,
    response: PublicUser,
  }),

  // Organizations
  listMyOrgs: route({
    method: 'GET',
    path: '/orgs',
    summary: "The caller's organizations",
    tag: 'orgs',
    response: OrgList,
    auth: 'user',
  }),
  createOrg: route({
    method: 'POST',
    path: '/orgs',
    summary: 'Create an organization; the caller is its owner',
    tag: 'orgs',
    body: CreateOrgRequest,
    response: Org,
    auth: 'user',
    extraResponses: { 409: 'slug_taken' },
  }),
  getOrg: route({
    method: 'GET',
    path: '/orgs/{slug}',
    summary: 'An organization with its members (members only)',
    tag: 'orgs',
    params: OrgSlugParams,
    response: Org,
    auth: 'user',
    extraResponses: { 403: 'forbidden' },
  }),
  addOrgMember: route({
    method: 'POST',
    path: '/orgs/{slug}/members',
    summary: 'Add a member by handle (owners and admins)',
    tag: 'orgs',
    params: OrgSlugParams,
    body: AddOrgMemberRequest,
    response: Org,
    auth: 'user',
    extraResponses: { 403: 'forbidden', 409: 'already_member' },
  }),
  updateOrgMember: route({
    method: 'PATCH',
    path: '/orgs/{slug}/members/{username}',
    summary: "Change a member's role",
    tag: 'orgs',
    params: OrgMemberParams,
    body: UpdateOrgMemberRequest,
    response: Org,
    auth: 'user',
    extraResponses: { 403: 'forbidden', 409: 'last_owner' },
  }),
  removeOrgMember: route({
    method: 'DELETE',
    path: '/orgs/{slug}/members/{username}',
    summary: 'Remove a member (or leave)',
    tag: 'orgs',
    params: OrgMemberParams,
    response: Org,
    auth: 'user',
    extraResponses: { 403: 'forbidden', 409: 'last_owner' },
  }),
  getPublicOrg: route({
    method: 'GET',
    path: '/public/orgs/{slug}',
    summary: "An organization's public page",
    tag: 'orgs',
    params: OrgSlugParams,
    response: PublicOrg,
  }),

  // Preferences, reading history, pins
  getLanguagePreference: route({
    method: 'GET',
    path: '/preferences/language',
    summary: 'The saved interface language',
    tag: 'preferences',
    response: LanguagePreferenceResponse,
    auth: 'user',
  }),
  setLanguagePreference: route({
    method: 'POST',
    path: '/preferences/language',
    summary: 'Save the interface language (en or cs)',
    tag: 'preferences',
    body: LanguagePreference,
    response: LanguagePreferenceResponse,
    auth: 'user',
  }),
  recordDocumentAccess: route({
    method: 'POST',
    path: '/user/document-access',
    summary: 'Record a visit to a document (once per session_id)',
    tag: 'history',
    body: DocumentAccessRequest,
    response: OkResponse,
    auth: 'user',
  }),
  recentDocuments: route({
    method: 'GET',
    path: '/user/document-access/recent',
    summary: 'Documents read lately, newest first',
    tag: 'history',
    query: DocumentAccessQuery,
    response: AccessedDocumentList,
    auth: 'user',
  }),
  frequentDocuments: route({
    method: 'GET',
    path: '/user/document-access/frequent',
    summary: 'Documents read most often',
    tag: 'history',
    query: DocumentAccessQuery,
    response: AccessedDocumentList,
    auth: 'user',
  }),
  documentAccessStats: route({
    method: 'GET',
    path: '/user/document-access/stats/{id}',
    summary: "The caller's visits to one document",
    tag: 'history',
    params: IdParams,
    response: DocumentAccessStats,
    auth: 'user',
  }),
  listPins: route({
    method: 'GET',
    path: '/user/pins',
    summary: 'Pinned documents',
    tag: 'history',
    response: PinnedDocumentList,
    auth: 'user',
  }),
  pinDocument: route({
    method: 'PUT',
    path: '/user/pins/{id}',
    summary: 'Pin a document',
    tag: 'history',
    params: IdParams,
    response: PinState,
    auth: 'user',
  }),
  // The live channel (the WebSocket itself is /ws?token=..., outside /v1)
  issueWsToken: route({
    method: 'POST',
    path: '/auth/ws-token',
    summary: 'A short-lived, single-use token to open /ws',
    tag: 'realtime',
    response: WsTokenResponse,
    auth: 'user',
  }),
  publishRealtime: route({
    method: 'POST',
    path: '/realtime/publish',
    summary: "Send a test command to the caller's own channel",
    tag: 'realtime',
    body: PublishRequest,
    response: PublishResponse,
    auth: 'user',
  }),
  issueCopilotSession: route({
    method: 'POST',
    path: '/copilot/session',
    summary: 'A signed Copilot session for the chat service (and optionally a ws-token)',
    tag: 'copilot',
    body: CopilotSessionRequest,
    response: CopilotSession,
    auth: 'user',
  }),
  unpinDocument: route({
    method: 'DELETE',
    path: '/user/pins/{id}',
    summary: 'Unpin a document',
    tag: 'history',
    params: IdParams,
    response: PinState,
    auth: 'user',
  }),
} as const;

export type RouteName = keyof typeof routes;
export { ErrorBody };
