// Find in the document, in place of the browser's find (which cannot see the virtual list):
// Ctrl/Cmd+F inside the reading region (or the Find button) opens a bar; the server counts the
// hits of the whole version ('3 of 17'); Enter / Shift+Enter or the arrows go to the next and
// previous hit (the page scrolls there, onGoToNode); Esc closes. The query is published in
// findQueryAtom for the rows to highlight, the current hit in findCurrentHitAtom; once its row is
// rendered the current hit is scrolled into view (use-current-hit-scroll.ts).
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { ChevronDownIcon, ChevronUpIcon, Cross2Icon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useSetAtom } from '../../atoms/store';
import { findCurrentHitAtom, findQueryAtom } from '../../atoms/reader/find.atoms';
import { errorMessage } from '../../i18n/error-message';
import {
  findInDocumentMachine,
  selectFindCurrent,
  selectFindCurrentPosition,
  selectFindError,
  selectFindOpen,
  selectFindQuery,
  selectFindSearching,
  selectFindTotal,
} from '../../machines/reader/find-in-document.machine';
import { useCurrentHitScroll } from './use-current-hit-scroll';
import './find-in-document.css';

export interface FindInDocumentProps {
  documentId: string;
  /** The version read (id or name); the server's default (main) when absent. */
  branch?: string;
  lang?: string;
  /** Scrolls the reader to a provision (the page's node.select). */
  onGoToNode: (nodeId: string) => void;
  /** Tools sharing the Find button's row (the version's Print and Download): one row, not two, above the text. */
  beside?: ReactNode;
  /** The reading region: Ctrl/Cmd+F inside it opens the bar. */
  children: ReactNode;
}

const isFindShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f';

export function FindInDocument({ documentId, branch, lang, onGoToNode, beside, children }: FindInDocumentProps) {
  const intl = useIntl();
  const goTo = useRef(onGoToNode);
  goTo.current = onGoToNode;
  const actor = useActorRef(
    findInDocumentMachine.provide({
      actions: { goToNode: (_, { nodeId }) => nodeId && goTo.current(nodeId) },
    }),
    { input: { documentId, branch, lang } },
  );
  const open = useSelector(actor, selectFindOpen);
  const query = useSelector(actor, selectFindQuery);
  const searching = useSelector(actor, selectFindSearching);
  const total = useSelector(actor, selectFindTotal);
  const current = useSelector(actor, selectFindCurrent);
  const position = useSelector(actor, selectFindCurrentPosition);
  const error = useSelector(actor, selectFindError);
  const inputRef = useRef<HTMLInputElement>(null);
  const setQuery = useSetAtom(findQueryAtom);
  const setCurrentHit = useSetAtom(findCurrentHitAtom);

  useEffect(() => actor.send({ type: 'find.scope', branch, lang }), [actor, branch, lang]);
  // The rows highlight what was found, not every keystroke.
  useEffect(() => setQuery(open && total !== undefined ? query : ''), [setQuery, open, total, query]);
  const shown = open && total ? position : undefined;
  useEffect(
    () => setCurrentHit(shown && { fragmentId: shown.fragmentId, occurrence: shown.occurrence }),
    [setCurrentHit, shown],
  );
  useEffect(
    () => () => {
      setQuery('');
      setCurrentHit(undefined);
    },
    [setQuery, setCurrentHit],
  );
  useCurrentHitScroll(shown);

  const openBar = () => {
    actor.send({ type: 'find.open' });
    // The input may not be rendered yet on the first open.
    requestAnimationFrame(() => inputRef.current?.select());
  };
  const onRegionKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isFindShortcut(event)) return;
    event.preventDefault();
    openBar();
  };
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      actor.send({ type: 'find.close' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      actor.send({ type: event.shiftKey ? 'find.previous' : 'find.next' });
    } else if (isFindShortcut(event)) {
      event.preventDefault();
      inputRef.current?.select();
    }
  };

  const status =
    error !== undefined
      ? intl.formatMessage({ id: 'reader.find.failed' }, { message: errorMessage(intl, error, 'fragments') })
      : total === undefined
        ? ''
        : total === 0
          ? intl.formatMessage({ id: 'reader.find.none' })
          : intl.formatMessage({ id: 'reader.find.count' }, { current, total });
  const label = intl.formatMessage({ id: 'reader.find.open' });

  return (
    <div className="find-region" tabIndex={-1} onKeyDown={onRegionKeyDown}>
      {(beside || !open) && (
        <Flex align="center" gap="2" wrap="wrap" className="find-opener">
          {beside}
          {!open && (
            <Button size="1" variant="ghost" color="gray" onClick={openBar} aria-keyshortcuts="Control+F Meta+F">
              <MagnifyingGlassIcon aria-hidden />
              {label}
            </Button>
          )}
        </Flex>
      )}
      {open && (
        <Flex className="find-bar" align="center" gap="2" role="search" aria-label={label}>
          <TextField.Root
            ref={inputRef}
            size="2"
            autoFocus
            value={query}
            maxLength={200}
            aria-label={intl.formatMessage({ id: 'reader.find.input' })}
            placeholder={intl.formatMessage({ id: 'reader.find.input' })}
            onChange={(event) => actor.send({ type: 'find.input', value: event.target.value })}
            onKeyDown={onInputKeyDown}
            className="find-input"
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </TextField.Root>
          <Text size="2" color={error ? 'red' : 'gray'} aria-live="polite" aria-busy={searching} className="find-count">
            {status}
          </Text>
          <IconButton
            size="2"
            variant="soft"
            color="gray"
            aria-label={intl.formatMessage({ id: 'reader.find.previous' })}
            disabled={!total}
            onClick={() => actor.send({ type: 'find.previous' })}
          >
            <ChevronUpIcon aria-hidden />
          </IconButton>
          <IconButton
            size="2"
            variant="soft"
            color="gray"
            aria-label={intl.formatMessage({ id: 'reader.find.next' })}
            disabled={!total}
            onClick={() => actor.send({ type: 'find.next' })}
          >
            <ChevronDownIcon aria-hidden />
          </IconButton>
          <IconButton
            size="2"
            variant="ghost"
            color="gray"
            aria-label={intl.formatMessage({ id: 'reader.find.close' })}
            onClick={() => actor.send({ type: 'find.close' })}
          >
            <Cross2Icon aria-hidden />
          </IconButton>
        </Flex>
      )}
      {children}
    </div>
  );
}
