// One row of the text as a lawyer reads it: where a provision starts, a heading (part, title,
// chapter, division, § or Čl. with its name) or an item number ('(1)', 'a)', '1.') hanging in the
// margin; then the passage's text (a placeholder while it loads, a retry when it failed), with
// 'Translate' for a reader who may translate, the marks of a saved translation, and the
// provision's own actions (`renderActions`) beside its heading or number. With a second language
// (second-language.tsx) the passage's aligned text stands beside it (two columns) or, on a phone,
// a toggle shows it in place; the find's hits are marked in the text.
// Rows are plain elements styled with theme tokens (text-viewer.css): the list mounts and removes
// them on every scroll step, and each Radix layout component costs a component, props
// processing and more classes to match.
import { memo, type CSSProperties, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@radix-ui/themes';
import { useAtomValue } from '../../atoms/store';
import { findCurrentHitAtom, findQueryAtom } from '../../atoms/reader/find.atoms';
import type { Node } from '../../api/contract';
import type { CachedText } from '../../machines/reader/fragment-texts-cache';
import type { FragmentRow as Fragment, SpanRow } from '../../machines/reader/text-loading.machine';
import { isAllCaps, itemMarker, type ProvisionLayout } from './provision-layout';
import { SpanText } from './span-text';
import { TranslateLink, TranslationNote } from './translation-note';
import { SecondText, SecondToggle } from './second-text';
import { useSecondLanguage } from './second-language';
import { ChangeMarkButton } from './change-marks';
import { labelInLanguage } from './heading-language';
import { nameInLanguage } from './node-name';

export interface FragmentRowProps {
  fragment: Fragment;
  node?: Node;
  /** How the node is set; derived from the cite key while the structure is loading. */
  layout?: ProvisionLayout;
  /** The first passage of its provision: shows the heading or the item number. */
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
  /** The provision's actions (copy link, copy citation), shown beside its heading or number. */
  renderActions?: (node: Node) => ReactNode;
  /** The node holding the act's footnotes, which footnote markers in the text link to. */
  footnotesNodeId?: string;
}

/** A layout from the cite key alone, until the structure arrives. */
function provisionalLayout(citeKey: string | null): ProvisionLayout {
  const cite = (citeKey ?? '').toLocaleLowerCase();
  if (cite.startsWith('odst'))
    return { role: 'item', kind: 'subsection', marker: itemMarker('subsection', citeKey), depth: 0 };
  if (cite.startsWith('písm')) return { role: 'item', kind: 'letter', marker: itemMarker('letter', citeKey), depth: 0 };
  if (cite.startsWith('bod')) return { role: 'item', kind: 'point', marker: itemMarker('point', citeKey), depth: 1 };
  return { role: 'heading', kind: 'other', level: 3 };
}

export const FragmentRow = memo(function FragmentRow(props: FragmentRowProps) {
  const { fragment, node, showHeader, selected, renderActions } = props;
  const second = useSecondLanguage();
  const layout = props.layout ?? provisionalLayout(fragment.cite_key);
  const actions = showHeader && node && renderActions ? renderActions(node) : null;
  const actionsSlot = actions ? <div className="reader-actions">{actions}</div> : null;
  const changeMark = showHeader ? (
    <ChangeMarkButton nodeId={fragment.node_id} cite={node?.cite_key ?? fragment.cite_key} />
  ) : null;

  if (layout.role === 'item') {
    return (
      <div
        className="reader-row reader-item"
        data-fragment-id={fragment.id}
        data-node-id={fragment.node_id}
        data-kind={layout.kind}
        data-selected={(selected && showHeader) || undefined}
        style={{ '--item-depth': layout.depth } as CSSProperties}
      >
        {changeMark}
        {showHeader && layout.marker && <span className="reader-item-marker">{layout.marker}</span>}
        <div className="reader-item-body">
          <RowText {...props} />
        </div>
        {actionsSlot}
      </div>
    );
  }
  const citeKey = node?.cite_key ?? fragment.cite_key;
  // Headed in the language read; side by side, the second column is headed in its own.
  const readLang = fragment.language_code || undefined;
  const pairLang = second?.layout === 'columns' ? second.lang : undefined;
  const name = nameInLanguage(node, readLang);
  const heading = layout.role === 'heading' && (
    <Heading
      level={layout.level}
      kind={layout.kind}
      label={citeKey && labelInLanguage(citeKey, readLang)}
      name={name}
    />
  );
  return (
    <div
      className="reader-row"
      data-fragment-id={fragment.id}
      data-node-id={fragment.node_id}
      data-selected={(selected && showHeader) || undefined}
    >
      {changeMark}
      {showHeader && layout.role === 'heading' && (citeKey || name) && (
        <div className="reader-heading-row">
          {pairLang ? (
            // The pair takes the row's whole width, as the text pair below does, so each heading
            // stands at the top and the left of its language's column; the actions sit by the first.
            <div className="reader-pair reader-heading-pair">
              <div className="reader-pair-first" lang={readLang}>
                {heading}
                {actionsSlot}
              </div>
              <div className="reader-second-columns" lang={pairLang}>
                {/* The same provision's heading in the second language: not a second outline entry. */}
                <div
                  className="reader-heading reader-heading-second"
                  data-kind={layout.role === 'heading' ? layout.kind : undefined}
                >
                  <HeadingText
                    label={citeKey && labelInLanguage(citeKey, pairLang)}
                    name={nameInLanguage(node, pairLang)}
                  />
                </div>
              </div>
            </div>
          ) : (
            <>
              {heading}
              {actionsSlot}
            </>
          )}
        </div>
      )}
      <RowText {...props} />
    </div>
  );
});

function Heading({
  level,
  kind,
  label,
  name,
}: {
  level: number;
  kind: string;
  label: string | null;
  name: string | null;
}) {
  const Tag = `h${level}` as 'h2';
  return (
    <Tag className="reader-heading" data-kind={kind}>
      <HeadingText label={label} name={name} />
    </Tag>
  );
}

/** The label and its name together; source all-caps set so they do not shout. */
function HeadingText({ label, name }: { label: string | null; name: string | null }) {
  return (
    <>
      {label && (
        <span className={isAllCaps(label) ? 'reader-heading-label reader-caps' : 'reader-heading-label'}>{label}</span>
      )}
      {label && name && ' '}
      {name && (
        <span className={isAllCaps(name) ? 'reader-heading-name reader-caps' : 'reader-heading-name'}>{name}</span>
      )}
    </>
  );
}

/** The passage's own text, or its loading and failure states; nothing for a heading-only passage. */
function RowText(props: FragmentRowProps) {
  const { fragment, node, text, failed, spans, onRetry, nodeHref, onSelectNode, editorHref, cite, footnotesNodeId } =
    props;
  const intl = useIntl();
  const query = useAtomValue(findQueryAtom);
  const currentHit = useAtomValue(findCurrentHitAtom);
  const second = useSecondLanguage();
  if (!fragment.has_text) return null;
  if (text) {
    const source = (
      <>
        <p className="reader-text">
          <SpanText
            text={text.text}
            spans={spans}
            nodeHref={nodeHref}
            onSelectNode={onSelectNode}
            footnotesNodeId={footnotesNodeId}
            query={query}
            currentHit={currentHit?.fragmentId === fragment.id ? currentHit.occurrence : undefined}
          />
        </p>
        <TranslationNote
          translation={text.translation}
          // The text shown: in another language through alignment, the aligned fragment's.
          href={editorHref?.(text.sourceFragmentId ?? fragment.id)}
        />
      </>
    );
    const inPlace = second?.layout === 'toggle' && second.shown.has(fragment.id);
    return (
      <div className="reader-fragment">
        <div className="reader-fragment-body">
          {second?.layout === 'columns' ? (
            <div className="reader-pair">
              <div className="reader-pair-first" lang={second.readLang}>
                {source}
              </div>
              <SecondText second={second} fragmentId={fragment.id} />
            </div>
          ) : inPlace ? (
            <SecondText second={second} fragmentId={fragment.id} />
          ) : (
            source
          )}
          {second?.layout === 'toggle' && (
            <SecondToggle
              second={second}
              fragmentId={fragment.id}
              cite={cite ?? fragment.cite_key ?? node?.cite_key ?? null}
            />
          )}
        </div>
        {editorHref && (
          <TranslateLink
            href={editorHref(text.sourceFragmentId ?? fragment.id)}
            cite={cite ?? fragment.cite_key ?? node?.cite_key ?? null}
          />
        )}
      </div>
    );
  }
  if (failed)
    return (
      <div className="reader-text reader-text-failed">
        <span className="reader-error">{intl.formatMessage({ id: 'reader.text.textError' })}</span>
        <Button size="1" variant="soft" onClick={() => onRetry(fragment.id)}>
          {intl.formatMessage({ id: 'reader.retry' })}
        </Button>
      </div>
    );
  return (
    <div className="reader-text reader-text-placeholder" aria-busy>
      <span aria-hidden />
      <span aria-hidden />
    </div>
  );
}
