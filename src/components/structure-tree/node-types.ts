// What a structure node is, in the words lawyers use: the normalized node type says where it sits
// (part, title, article...), its citation says which kind it is where a type covers several
// (article is a Czech § or a Čl./Article; clause is a písm. or a bod). Labels in the interface
// language; an unknown type shows as it came.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { Node } from '../../api/contract';

/** The normalized node types of the importers (server/importers/model.ts), in hierarchy order. */
export const NODE_TYPES = [
  'part',
  'title',
  'chapter',
  'section',
  'article',
  'paragraph',
  'clause',
  'schedule',
  'appendix',
  'content',
] as const;

/** Provision kinds as readers name them, in hierarchy order. */
export const PROVISION_KINDS = [
  'part',
  'title',
  'chapter',
  'division',
  'euSection',
  'section',
  'article',
  'subsection',
  'paragraph',
  'letter',
  'point',
  'schedule',
  'appendix',
  'content',
] as const;
export type ProvisionKind = (typeof PROVISION_KINDS)[number];

type KindSource = Pick<Node, 'node_type' | 'type' | 'cite_key'>;

const citeStarts = (node: KindSource, ...prefixes: string[]) => {
  const cite = (node.cite_key ?? '').trim().toLocaleLowerCase();
  return prefixes.some((prefix) => cite.startsWith(prefix));
};
const isAkn = (node: KindSource) => node.type.startsWith('akn:');

/** The kind of a node; undefined for a raw type no importer normalized. */
export function provisionKind(node: KindSource): ProvisionKind | undefined {
  switch (node.node_type) {
    case 'part':
    case 'title':
    case 'chapter':
    case 'schedule':
    case 'appendix':
    case 'content':
      return node.node_type;
    // A Czech oddíl is a division (§ is the section); an EU act's section is a section.
    case 'section':
      return isAkn(node) ? 'euSection' : 'division';
    case 'article':
      return citeStarts(node, '§') ? 'section' : 'article';
    case 'paragraph':
      return citeStarts(node, 'odst') ? 'subsection' : 'paragraph';
    case 'clause':
      return citeStarts(node, 'písm', 'pism', 'letter') ? 'letter' : 'point';
    default:
      return undefined;
  }
}

/** Labels a node's kind ('Section', 'Článek'), or its raw type when it has none. */
export function useProvisionKindLabel(): (node: KindSource) => string {
  const intl = useIntl();
  return useCallback(
    (node: KindSource) => {
      const kind = provisionKind(node);
      return kind ? intl.formatMessage({ id: `reader.kind.${kind}` }) : node.node_type;
    },
    [intl],
  );
}
