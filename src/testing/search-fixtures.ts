// Answers of GET /search and the quick search's text hits for client tests: the Constitution
// found by 'prezident republiky', and 'čl. 54 ústavy' resolved to its provision.
import type { ProvisionHit, SearchResult } from '../api/contract/search';

export const CONSTITUTION_ID = '6f1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d9f';

export const ARTICLE_54: ProvisionHit = {
  document_id: CONSTITUTION_ID,
  external_id: '1/1993 Sb.',
  document_title: 'Ústava České republiky',
  branch_id: '7a1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d01',
  branch_name: 'main',
  valid_from: '1993-01-01',
  node_id: '7a1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d02',
  fragment_id: '7a1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d03',
  path: 'cl-54/odst-1',
  language: 'cs',
  cite_key: 'čl. 54 odst. 1',
  heading: 'Prezident republiky',
  citation: 'čl. 54 odst. 1, 1/1993 Sb.',
  snippet: {
    text: 'Prezident republiky je hlavou státu.',
    highlights: [
      { start: 0, end: 9 },
      { start: 10, end: 19 },
    ],
  },
  score: 3.2,
};

export const ARTICLE_56: ProvisionHit = {
  ...ARTICLE_54,
  node_id: '7a1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d04',
  fragment_id: '7a1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d05',
  path: 'cl-56/odst-1',
  cite_key: 'čl. 56 odst. 1',
  citation: 'čl. 56 odst. 1, 1/1993 Sb.',
  snippet: {
    text: '… Prezidenta republiky volí občané ve přímé volbě.',
    highlights: [
      { start: 2, end: 12 },
      { start: 13, end: 22 },
    ],
  },
  score: 2.9,
};

export const PRESIDENT_RESULT: SearchResult = {
  query: 'prezident republiky',
  words: ['prezident', 'republiky'],
  resolved: null,
  total_documents: 1,
  groups: [
    {
      document: {
        id: CONSTITUTION_ID,
        external_id: '1/1993 Sb.',
        title: 'Ústava České republiky',
        jurisdiction: 'cz',
        type: 'constitutional-act',
        in_force: true,
      },
      score: 3.2,
      title_match: false,
      total_hits: 14,
      hits: [ARTICLE_54, ARTICLE_56],
    },
  ],
  facets: {
    jurisdiction: [{ value: 'cz', count: 1 }],
    type: [{ value: 'constitutional-act', count: 1 }],
    language: [{ value: 'cs', count: 1 }],
    version: [
      { value: 'current', count: 1 },
      { value: 'snapshots', count: 2 },
    ],
    in_force: [{ value: 'true', count: 1 }],
  },
};

export const ARTICLE_54_RESULT: SearchResult = {
  ...PRESIDENT_RESULT,
  query: 'čl. 54 ústavy',
  words: [],
  resolved: {
    kind: 'provision',
    document_id: CONSTITUTION_ID,
    external_id: '1/1993 Sb.',
    title: 'Ústava České republiky',
    branch_name: 'main',
    node_id: ARTICLE_54.node_id,
    path: 'cl-54',
    citation: 'čl. 54, 1/1993 Sb.',
    matched: 'čl. 54 ústavy',
  },
};

export const NOTHING_RESULT: SearchResult = {
  ...PRESIDENT_RESULT,
  query: 'qqqq',
  words: ['qqqq'],
  total_documents: 0,
  groups: [],
  facets: { jurisdiction: [], type: [], language: [], version: [], in_force: [] },
};
