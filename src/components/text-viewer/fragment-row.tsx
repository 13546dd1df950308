// One row of the text list: the node header where a node's run starts, then the fragment's text
// (a placeholder while it loads, its cite key alone when it has no text, a retry when it failed),
// with 'Translate' for a reader who may translate and the marks of a saved translation.
// Rows are plain elements styled with theme tokens (text-viewer.css): the list mounts and removes
// them on every scroll step, and each Radix layout component costs a component, props
// processing and more classes to match.
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@radix-ui/themes';
import type { Node } from '../../api/contract';
import type { CachedText } from '../../machines/reader/fragment-texts-cache';
import type { FragmentRow as Fragment, SpanRow } from '../../machines/reader/text-loading.machine';
import { useNodeTypeLabel } from '../structure-tree/node-types';
import { SpanText } from './span-text';
import { TranslateLink, TranslationNote } from './translation-note';

export interface FragmentRowProps {
  fragment: Fragment;
  node?: Node;
  showHeader: boolean;
  text?: CachedText;
  failed: boolean;
  spans?: readonly SpanRow[];
  selected: boolean;
  onRetry: (id: string) => void;
  nodeHref: (nodeId: string) => string;
  onSelectNode: (nodeId: string) => void;
  /** The editor's address for a fragment, for a reader who may translate. */
  editorHref?: (fragmentId: string) => string;
  /** The provision's full name for the 'Translate' link ('Čl. 1 odst. 1'). */
  cite?: string | null;
}

export const FragmentRow = memo(function FragmentRow(props: FragmentRowProps) {
  const {
    fragment,
    node,
    showHeader,
    text,
    failed,
    spans,
    selected,
    onRetry,
    nodeHref,
    onSelectNode,
    editorHref,
    cite,
  } = props;
  const intl = useIntl();
  const typeLabel = useNodeTypeLabel();

  return (
    <div className="reader-row" data-fragment-id={fragment.id} data-node-id={fragment.node_id}>
      {showHeader && (
        <div className="reader-node-header" data-selected={selected || undefined}>
          <h3 className="reader-node-title">
            {node?.cite_key ?? fragment.cite_key ?? intl.formatMessage({ id: 'reader.text.node' })}
            {node?.title && <span className="reader-muted reader-node-name"> {node.title}</span>}
          </h3>
          <span className="reader-node-type">
            {node ? typeLabel(node.node_type) : intl.formatMessage({ id: 'reader.text.node' })}
          </span>
          {node && (
            <span className="reader-node-order reader-muted">
              {intl.formatMessage({ id: 'reader.text.order' }, { value: intl.formatNumber(node.order_index) })}
            </span>
          )}
        </div>
      )}
      {!fragment.has_text ? (
        <p className="reader-cite-only reader-muted">{fragment.cite_key}</p>
      ) : text ? (
        <div className="reader-fragment">
          <div className="reader-fragment-body">
            <p className="reader-fragment-text">
              <SpanText text={text.text} spans={spans} nodeHref={nodeHref} onSelectNode={onSelectNode} />
            </p>
            <TranslationNote
              translation={text.translation}
              // The text shown: in another language through alignment, the aligned fragment's.
              href={editorHref?.(text.sourceFragmentId ?? fragment.id)}
            />
          </div>
          {editorHref && (
            <TranslateLink
              href={editorHref(text.sourceFragmentId ?? fragment.id)}
              cite={cite ?? fragment.cite_key ?? node?.cite_key ?? null}
            />
          )}
        </div>
      ) : failed ? (
        <div className="reader-fragment-text reader-text-failed">
          <span className="reader-error">{intl.formatMessage({ id: 'reader.text.textError' })}</span>
          <Button size="1" variant="soft" onClick={() => onRetry(fragment.id)}>
            {intl.formatMessage({ id: 'reader.retry' })}
          </Button>
        </div>
      ) : (
        <div className="reader-fragment-text reader-text-placeholder" aria-busy>
          <span aria-hidden />
          <span aria-hidden />
        </div>
      )}
    </div>
  );
});
