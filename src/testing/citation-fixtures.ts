// Test data of the citation tests: provisions with cite keys, as the structure tree holds them,
// and the Constitution as the act cited.
import type { Node } from '../api/contract';
import type { CitedAct } from '../shared/act-citation';

/** A provision keyed `citeKey` below `parent`; its structural path (external_id) is its id. */
export const citedNode = (
  id: string,
  nodeType: string,
  citeKey: string | null,
  parent: string | null = null,
): Node => ({
  id,
  node_type: nodeType,
  type: nodeType,
  title: null,
  cite_key: citeKey,
  external_id: id,
  order_index: 0,
  depth: 0,
  derived_parent_id: parent,
});

/** The nodes by id, as citations look up the provisions above one. */
export const nodesById = (nodes: readonly Node[]) => new Map(nodes.map((node) => [node.id, node]));

/** The Constitution (1/1993 Sb.) as the citation of a provision names it. */
export const CONSTITUTION_ACT: CitedAct = {
  external_id: '1/1993 Sb.',
  title: 'Ústava České republiky',
  metadata: { kind: 'ústavní zákon', title: 'Ústava České republiky', source_system: 'czech-law-md' },
};
