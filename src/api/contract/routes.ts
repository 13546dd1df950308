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
import { AutocompleteList, AutocompleteQuery } from './search';

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
} as const;

export type RouteName = keyof typeof routes;
export { ErrorBody };
