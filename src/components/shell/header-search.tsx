// The header's search box. It only opens the quick search dialog (with what was typed); on
// narrow screens it is an icon button.
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { IconButton, Kbd, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useAtomValue, useSetAtom } from '../../atoms/store';
import { quickSearchInitialQueryAtom, quickSearchOpenAtom } from '../../atoms/reader/quick-search.atoms';
import { isNarrowScreenAtom } from '../../atoms/shell/sidebar.atoms';

const isApple = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent);

export function HeaderSearch() {
  const intl = useIntl();
  const isNarrow = useAtomValue(isNarrowScreenAtom);
  const quickSearchOpen = useAtomValue(quickSearchOpenAtom);
  const setOpen = useSetAtom(quickSearchOpenAtom);
  const setInitialQuery = useSetAtom(quickSearchInitialQueryAtom);
  const inputRef = useRef<HTMLInputElement>(null);
  // The dialog hands focus back to the box when it closes: that focus must not reopen it.
  const ignoreNextFocus = useRef(false);

  useEffect(() => {
    if (quickSearchOpen && document.activeElement === inputRef.current) ignoreNextFocus.current = true;
  }, [quickSearchOpen]);

  const openWith = (query: string) => {
    if (document.activeElement === inputRef.current) ignoreNextFocus.current = true;
    setInitialQuery(query);
    setOpen(true);
  };

  const label = intl.formatMessage({ id: 'shell.search.label' });
  const apple = isApple();

  if (isNarrow) {
    return (
      <IconButton variant="ghost" color="gray" size="2" aria-label={label} onClick={() => openWith('')}>
        <MagnifyingGlassIcon width="18" height="18" />
      </IconButton>
    );
  }

  return (
    <TextField.Root
      ref={inputRef}
      className="shell-search"
      aria-label={label}
      aria-haspopup="dialog"
      aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
      placeholder={intl.formatMessage({ id: 'shell.search.placeholder' })}
      value=""
      onChange={(event) => openWith(event.currentTarget.value)}
      onClick={() => openWith('')}
      onFocus={() => {
        if (ignoreNextFocus.current) ignoreNextFocus.current = false;
        else openWith('');
      }}
    >
      <TextField.Slot>
        <MagnifyingGlassIcon width="16" height="16" />
      </TextField.Slot>
      <TextField.Slot side="right">
        <Kbd size="1" aria-hidden>
          {apple ? '⌘K' : 'Ctrl K'}
        </Kbd>
      </TextField.Slot>
    </TextField.Root>
  );
}
