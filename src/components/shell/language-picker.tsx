// The header's language button and the 'Select Language' dialog it opens; the dialog's flow
// (loading the list, filtering, choosing) is the language-dialog machine.
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { Button, Dialog } from '@radix-ui/themes';
import { GlobeIcon } from '@radix-ui/react-icons';
import { useAtom } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { isLocale } from '../../i18n/locale';
import { languageDialogMachine } from '../../machines/accounts/language-dialog.machine';
import { LanguageDialog } from './language-dialog';

export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  const [locale, setLocale] = useAtom(localeAtom);
  const dialog = useActorRef(
    languageDialogMachine.provide({
      actions: { switchLocale: (_, { code }) => isLocale(code) && setLocale(code) },
    }),
  );
  const open = useSelector(dialog, (snapshot) => snapshot.matches('open'));

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => dialog.send(next ? { type: 'dialog.open', current: locale } : { type: 'dialog.close' })}
    >
      <Dialog.Trigger>
        <Button
          variant="ghost"
          color="gray"
          size="2"
          aria-label={intl.formatMessage(
            { id: 'language.picker' },
            { name: intl.formatMessage({ id: `language.name.${locale}` }), value: locale.toUpperCase() },
          )}
        >
          <GlobeIcon width="18" height="18" />
          {!compact && locale.toUpperCase()}
        </Button>
      </Dialog.Trigger>
      {open && <LanguageDialog dialog={dialog} />}
    </Dialog.Root>
  );
}
