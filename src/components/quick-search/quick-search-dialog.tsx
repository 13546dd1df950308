// The quick search dialog (Ctrl/Cmd+K or the header box): a combobox over the autocomplete
// results. The flow lives in quickSearchMachine; this renders it and wires atoms and router.
import { useCallback, useEffect, useId, useRef } from 'react';
import {
  Button,
  Callout,
  Dialog,
  Flex,
  IconButton,
  Kbd,
  Separator,
  Spinner,
  Text,
  TextField,
  VisuallyHidden,
} from '@radix-ui/themes';
import { ArrowRightIcon, Cross2Icon, ExclamationTriangleIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { quickSearchInitialQueryAtom, quickSearchOpenAtom } from '../../atoms/reader/quick-search.atoms';
import { useAtom, useAtomValue } from '../../atoms/store';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { documentPath } from '../../shared/document-path';
import { hitPath, searchPath } from '../../lib/search-address';
import {
  quickSearchMachine,
  selectActiveIndex,
  selectError,
  selectIsOpen,
  selectPhase,
  selectQuery,
  selectResults,
  selectTextHits,
} from '../../machines/reader/quick-search.machine';
import { errorMessage } from '../../i18n/error-message';
import { optionId, QuickSearchResults } from './quick-search-results';
import { useQuickSearchShortcut } from './use-quick-search-shortcut';
import './quick-search.css';

export function QuickSearchDialog() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const [open, setOpen] = useAtom(quickSearchOpenAtom);
  const [initialQuery, setInitialQuery] = useAtom(quickSearchInitialQueryAtom);
  // A logged-in user also gets the pinned, recent and frequent groups (and picks are recorded).
  const personal = useAtomValue(currentUserAtom) != null;
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const listId = useId();

  // The machine is created once; the actions reach the current router through a ref.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const actor = useActorRef(
    quickSearchMachine.provide({
      actions: {
        openResult: (_, { result }) => navigateRef.current(documentPath(result.document_id, result.title)),
        openHit: (_, { hit }) => navigateRef.current(hitPath(hit)),
        openSearch: (_, { query: words }) => navigateRef.current(searchPath(words)),
        notifyClosed: () => setOpen(false),
      },
    }),
  );
  const isOpen = useSelector(actor, selectIsOpen);
  const phase = useSelector(actor, selectPhase);
  const query = useSelector(actor, selectQuery);
  const results = useSelector(actor, selectResults);
  const textHits = useSelector(actor, selectTextHits);
  const activeIndex = useSelector(actor, selectActiveIndex);
  const error = useSelector(actor, selectError);

  // The atoms are how the rest of the app asks for the dialog (the header box, Copilot).
  useEffect(() => {
    const closed = actor.getSnapshot().matches('closed');
    if (open && closed) actor.send({ type: 'search.open', query: initialQuery, personal });
    else if (open && initialQuery) actor.send({ type: 'search.type', value: initialQuery });
    else if (!open && !closed) actor.send({ type: 'search.close' });
    if (open && initialQuery) setInitialQuery('');
  }, [actor, open, initialQuery, setInitialQuery, personal]);

  const onShortcut = useCallback(() => {
    setOpen(true);
    inputRef.current?.select();
  }, [setOpen]);
  useQuickSearchShortcut(onShortcut);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      actor.send({ type: 'search.move', by: event.key === 'ArrowDown' ? 1 : -1 });
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      // Ctrl/Cmd+Enter: every result, on the search screen.
      event.preventDefault();
      actor.send({ type: 'search.showAll' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      actor.send({ type: 'search.select' });
    }
  };

  const count = results.length + textHits.length;
  const hasResults = count > 0;
  const words = query.trim();
  const busy = phase === 'debouncing' || phase === 'searching';

  return (
    <Dialog.Root open={isOpen} onOpenChange={(next) => !next && actor.send({ type: 'search.close' })}>
      <Dialog.Content
        align="start"
        maxWidth="640px"
        className="quick-search"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          inputRef.current?.focus();
        }}
        // There is no Dialog.Trigger (the shortcut or the header box opens it), so Radix would
        // drop the focus on <body>: give it back to whatever had it before.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const previous = returnFocusRef.current;
          returnFocusRef.current = null;
          if (previous?.isConnected) previous.focus();
        }}
      >
        <Flex justify="between" align="center" mb="3" gap="3">
          <Dialog.Title size="4" mb="0">
            <FormattedMessage id="search.dialog.title" />
          </Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label={intl.formatMessage({ id: 'search.close' })}>
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>

        <TextField.Root
          ref={inputRef}
          size="3"
          type="search"
          role="combobox"
          aria-label={intl.formatMessage({ id: 'search.input.label' })}
          aria-autocomplete="list"
          aria-controls={listId}
          aria-expanded={hasResults}
          aria-activedescendant={activeIndex >= 0 ? optionId(listId, activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={intl.formatMessage({ id: 'search.input.placeholder' })}
          value={query}
          onChange={(event) => actor.send({ type: 'search.type', value: event.target.value })}
          onKeyDown={onKeyDown}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon height="18" width="18" />
          </TextField.Slot>
          <TextField.Slot>{busy && <Spinner />}</TextField.Slot>
        </TextField.Root>

        <div className="quick-search-body">
          {hasResults ? (
            <QuickSearchResults
              id={listId}
              results={results}
              textHits={textHits}
              activeIndex={activeIndex}
              onHighlight={(index) => actor.send({ type: 'search.highlight', index })}
              onSelect={(index) => actor.send({ type: 'search.select', index })}
            />
          ) : (
            // Empty but present, so the input's aria-controls always points at an element.
            <div role="listbox" id={listId} aria-label={intl.formatMessage({ id: 'search.results.label' })} hidden />
          )}
          {phase === 'prompt' && (
            <Text as="p" size="2" color="gray" m="2">
              <FormattedMessage id="search.prompt" />
            </Text>
          )}
          {busy && !hasResults && (
            <Text as="p" size="2" color="gray" m="2">
              <FormattedMessage id="search.searching" />
            </Text>
          )}
          {phase === 'empty' && (
            <Text as="p" size="2" color="gray" m="2">
              <FormattedMessage id="search.empty" values={{ query: query.trim() }} />
            </Text>
          )}
          {phase === 'error' && (
            <Callout.Root color="red" size="1" m="2">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>
                <FormattedMessage id="search.error" values={{ message: errorMessage(intl, error, 'search') }} />
              </Callout.Text>
            </Callout.Root>
          )}
          {words !== '' && phase !== 'error' && (
            <Flex px="2" pt="2">
              <Button variant="ghost" size="2" onClick={() => actor.send({ type: 'search.showAll' })}>
                <FormattedMessage id="search.showAll" values={{ query: words }} />
                <ArrowRightIcon aria-hidden />
              </Button>
            </Flex>
          )}
        </div>

        <VisuallyHidden>
          <span role="status">
            {phase === 'results' && <FormattedMessage id="search.results.count" values={{ count }} />}
            {phase === 'empty' && <FormattedMessage id="search.empty" values={{ query: query.trim() }} />}
          </span>
        </VisuallyHidden>

        <Separator size="4" my="3" />
        <Dialog.Description size="1" color="gray" className="quick-search-hint">
          <span>
            <Kbd>↑</Kbd> <Kbd>↓</Kbd> <FormattedMessage id="search.hint.move" />
          </span>
          <span>
            <Kbd>Enter</Kbd> <FormattedMessage id="search.hint.open" />
          </span>
          <span>
            <Kbd>Ctrl</Kbd> <Kbd>Enter</Kbd> <FormattedMessage id="search.hint.all" />
          </span>
          <span>
            <Kbd>Esc</Kbd> <FormattedMessage id="search.hint.close" />
          </span>
        </Dialog.Description>
      </Dialog.Content>
    </Dialog.Root>
  );
}
