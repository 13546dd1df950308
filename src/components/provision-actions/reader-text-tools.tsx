// The reader's text with its tools around it, in one place for the document screen: Print and
// Download of the version, find in the document (Ctrl/Cmd+F in the text), and each provision's
// 'Copy link' / 'Copy citation' (handed to the text viewer as renderActions).
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Branch, Document, Node } from '../../api/contract';
import { selectLang, type textLoadingMachine } from '../../machines/reader/text-loading.machine';
import { FindInDocument } from '../find-in-document/find-in-document';
import { PrintExport } from '../print-export/print-export';
import { CitationProvider } from './citation-context';
import { ProvisionActions } from './provision-actions';

export interface ReaderTextToolsProps {
  document: Document | undefined;
  /** The version read; undefined until the versions are known. */
  branch: Branch | undefined;
  text: ActorRefFrom<typeof textLoadingMachine>;
  nodes: readonly Node[];
  /** The app address of a provision (its `?p=` path where it has one). */
  linkHref: (nodeId: string) => string;
  /** Scrolls the reader to a provision (the page's node.select). */
  onGoToNode: (nodeId: string) => void;
  children: (renderActions: ((node: Node) => ReactNode) | undefined) => ReactNode;
}

export function ReaderTextTools(props: ReaderTextToolsProps) {
  const { document, branch, text, nodes, linkHref, onGoToNode, children } = props;
  const chosenLang = useSelector(text, selectLang);
  const lang = chosenLang ?? branch?.languages[0] ?? document?.languages[0];
  const nodesById = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  // The address is read when a link is copied: the rows need not re-render when it changes.
  const latestLinkHref = useRef(linkHref);
  latestLinkHref.current = linkHref;
  const renderActions = useCallback(
    (node: Node) => (
      <ProvisionActions node={node} nodesById={nodesById} linkHref={() => latestLinkHref.current(node.id)} />
    ),
    [nodesById],
  );
  if (!document) return <>{children(undefined)}</>;
  return (
    <CitationProvider
      document={document}
      validFrom={branch?.valid_from ?? null}
      branchName={branch?.name}
      lang={lang ?? 'cs'}
    >
      <FindInDocument
        documentId={document.id}
        branch={branch?.name}
        lang={lang}
        onGoToNode={onGoToNode}
        beside={<PrintExport documentId={document.id} branch={branch?.name} lang={lang} />}
      >
        {children(renderActions)}
      </FindInDocument>
    </CitationProvider>
  );
}
