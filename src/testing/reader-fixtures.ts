// Test data of the reader's tests: one document (the Constitution), its versions and a node.
import type { Branch, Document, Node } from '../api/contract';

export const DOCUMENT_ID = '8661f9e7-8cb5-5c16-8ba5-202fe87e8806';

/** The Constitution as read in the branch named `branch`. */
export const documentIn = (branch: string): Document => ({
  id: DOCUMENT_ID,
  external_id: '1/1993 Sb.',
  title: 'Ústava České republiky',
  metadata: { title: 'Ústava České republiky', source_system: 'test' },
  published_date: '1992-12-16',
  effective_date: '1993-01-01',
  expiry_date: null,
  updated_at: '2026-01-01T00:00:00Z',
  counts: { nodes: 1, fragments: 1 },
  languages: ['cs'],
  branch: { id: DOCUMENT_ID, name: branch },
});

export const branchOf = (id: string, name: string): Branch => ({
  id,
  document_id: DOCUMENT_ID,
  name,
  kind: name === 'main' ? 'main' : 'snapshot',
  created_at: '2026-01-01T00:00:00Z',
  valid_from: null,
  counts: { nodes: 1, fragments: 1 },
  languages: ['cs'],
});

export const nodeAt = (id: string, orderIndex: number): Node => ({
  id,
  node_type: 'article',
  type: 'Čl.',
  title: null,
  cite_key: 'Čl. 1',
  external_id: 'cl-1',
  order_index: orderIndex,
  depth: 0,
  derived_parent_id: null,
});
