// 'Copy link' and 'Copy citation' beside a provision's heading or number: the link is the
// provision's absolute address (its readable `?p=` path where the page gives one), the citation
// the lawyer's form in the reading language (src/lib/citation.ts). Both are buttons, so they are
// reached by Tab; the reader's CSS shows the slot on hover and focus, always on touch screens.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { IconButton, Tooltip } from '@radix-ui/themes';
import { Link2Icon, QuoteIcon } from '@radix-ui/react-icons';
import type { Node } from '../../api/contract';
import { useSetAtom } from '../../atoms/store';
import { citationOf } from '../../lib/citation';
import { showToastAtom } from '../toast/toast.atoms';
import { useCitationSource } from './citation-context';
import './provision-actions.css';

export interface ProvisionActionsProps {
  node: Node;
  nodesById: ReadonlyMap<string, Node>;
  /** The provision's address in the app (relative), or how to get it when copied; copied as an absolute URL. */
  linkHref: string | (() => string);
}

export function ProvisionActions({ node, nodesById, linkHref }: ProvisionActionsProps) {
  const intl = useIntl();
  const source = useCitationSource();
  const showToast = useSetAtom(showToastAtom);

  const copy = useCallback(
    async (text: string, doneId: string) => {
      try {
        await navigator.clipboard.writeText(text);
        showToast({ variant: 'success', title: { id: doneId }, description: { raw: text }, duration: 3000 });
      } catch {
        showToast({ variant: 'error', title: { id: 'reader.actions.copyFailed' } });
      }
    },
    [showToast],
  );
  const copyLink = () =>
    copy(
      new URL(typeof linkHref === 'string' ? linkHref : linkHref(), window.location.origin).href,
      'reader.actions.linkCopied',
    );
  const copyCitation = () =>
    source &&
    copy(
      citationOf({ act: source.document, lang: source.lang, validFrom: source.validFrom, node, nodesById }),
      'reader.actions.citationCopied',
    );

  const linkLabel = intl.formatMessage({ id: 'reader.actions.copyLink' });
  const citationLabel = intl.formatMessage({ id: 'reader.actions.copyCitation' });
  return (
    <span className="provision-actions">
      <Tooltip content={linkLabel}>
        <IconButton size="1" variant="ghost" color="gray" aria-label={linkLabel} onClick={copyLink}>
          <Link2Icon aria-hidden />
        </IconButton>
      </Tooltip>
      {source && (
        <Tooltip content={citationLabel}>
          <IconButton size="1" variant="ghost" color="gray" aria-label={citationLabel} onClick={copyCitation}>
            <QuoteIcon aria-hidden />
          </IconButton>
        </Tooltip>
      )}
    </span>
  );
}
