// The content of the 'Select Language' dialog: a search field and the list of languages, each
// with its flag, native name, English name and code. Arrow keys move through the list.
import { useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { Badge, Box, Button, Dialog, Flex, ScrollArea, Text, TextField } from '@radix-ui/themes';
import { CheckIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { isLocale } from '../../i18n/locale';
import type { languageDialogMachine } from '../../machines/accounts/language-dialog.machine';
import { filterLanguages } from './languages';
import { FlagIcon } from './flag-icon';

type DialogActor = ActorRefFrom<typeof languageDialogMachine>;
type Snapshot = SnapshotFrom<typeof languageDialogMachine>;

const selectLanguages = (snapshot: Snapshot) => snapshot.context.languages;
const selectQuery = (snapshot: Snapshot) => snapshot.context.query;
const selectCurrent = (snapshot: Snapshot) => snapshot.context.current;

export function LanguageDialog({ dialog }: { dialog: DialogActor }) {
  const intl = useIntl();
  const languages = useSelector(dialog, selectLanguages);
  const query = useSelector(dialog, selectQuery);
  const current = useSelector(dialog, selectCurrent);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  // Only languages the interface has a catalogue for can be chosen.
  const shown = filterLanguages(
    languages.filter((language) => isLocale(language.code)),
    query,
  );
  const choose = (code: string) => dialog.send({ type: 'language.choose', code });

  const options = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      options()[0]?.focus();
    } else if (event.key === 'Enter' && shown[0]) {
      event.preventDefault();
      choose(shown[0].code);
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = options();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, () => HTMLElement | null | undefined> = {
      ArrowDown: () => all[Math.min(index + 1, all.length - 1)],
      ArrowUp: () => (index <= 0 ? searchRef.current : all[index - 1]),
      Home: () => all[0],
      End: () => all[all.length - 1],
    };
    const target = moves[event.key]?.();
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  return (
    <Dialog.Content maxWidth="480px">
      <Dialog.Title>{intl.formatMessage({ id: 'language.dialog.title' })}</Dialog.Title>
      <Dialog.Description size="2" color="gray" mb="3">
        {intl.formatMessage({ id: 'language.dialog.description' })}
      </Dialog.Description>
      <TextField.Root
        ref={searchRef}
        autoFocus
        type="search"
        aria-label={intl.formatMessage({ id: 'language.dialog.search' })}
        placeholder={intl.formatMessage({ id: 'language.dialog.searchPlaceholder' })}
        value={query}
        onChange={(event) => dialog.send({ type: 'query.change', value: event.currentTarget.value })}
        onKeyDown={onSearchKey}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon width="16" height="16" />
        </TextField.Slot>
      </TextField.Root>
      <ScrollArea type="auto" scrollbars="vertical" className="language-list-scroll" mt="3">
        {shown.length === 0 ? (
          <Box p="3">
            <Text as="p" size="2" color="gray">
              {intl.formatMessage({ id: 'language.dialog.noMatch' }, { query })}
            </Text>
          </Box>
        ) : (
          <ul
            ref={listRef}
            className="language-list"
            aria-label={intl.formatMessage({ id: 'language.dialog.list' })}
            onKeyDown={onListKey}
          >
            {shown.map((language) => {
              const selected = language.code === current;
              return (
                <li key={language.code}>
                  <button
                    type="button"
                    className="language-option"
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => choose(language.code)}
                  >
                    <FlagIcon code={language.code} />
                    <Flex direction="column" flexGrow="1" align="start">
                      <Text size="3" weight="medium" lang={language.code}>
                        {language.native_name}
                      </Text>
                      <Text size="2" color="gray" lang="en">
                        {language.name}
                      </Text>
                    </Flex>
                    <Badge variant="soft" color="gray">
                      {language.code}
                    </Badge>
                    <CheckIcon
                      className="language-check"
                      width="18"
                      height="18"
                      aria-hidden
                      style={{ visibility: selected ? 'visible' : 'hidden' }}
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </ScrollArea>
      <Flex justify="end" mt="3">
        <Dialog.Close>
          <Button variant="soft" color="gray">
            {intl.formatMessage({ id: 'language.dialog.close' })}
          </Button>
        </Dialog.Close>
      </Flex>
    </Dialog.Content>
  );
}
