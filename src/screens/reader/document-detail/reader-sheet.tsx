// The side sheet that holds the table of contents (and, on a phone, the version and the language)
// where the screen is too narrow to show them beside the text. A Radix dialog, drawn inside the
// app's theme so its tokens apply.
import { useCallback, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from 'radix-ui';
import { IconButton } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';

export interface ReaderSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

export function ReaderSheet({ open, onOpenChange, children }: ReaderSheetProps) {
  const intl = useIntl();
  // The theme's root, so the sheet gets the theme's tokens (light or dark).
  const [themeRoot, setThemeRoot] = useState<HTMLElement | null>(null);
  const findThemeRoot = useCallback(
    (element: HTMLElement | null) => setThemeRoot(element?.closest<HTMLElement>('.radix-themes') ?? null),
    [],
  );
  return (
    <>
      <span hidden ref={findThemeRoot} />
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal container={themeRoot ?? undefined}>
          <Dialog.Overlay className="reader-sheet-overlay" />
          <Dialog.Content className="reader-sheet">
            <div className="reader-sheet-header">
              <Dialog.Title className="reader-sheet-title">
                {intl.formatMessage({ id: 'reader.toc.sheetTitle' })}
              </Dialog.Title>
              <Dialog.Close asChild>
                <IconButton variant="ghost" color="gray" aria-label={intl.formatMessage({ id: 'reader.toc.close' })}>
                  <Cross2Icon aria-hidden />
                </IconButton>
              </Dialog.Close>
            </div>
            <Dialog.Description className="reader-sheet-description">
              {intl.formatMessage({ id: 'reader.toc.sheetDescription' })}
            </Dialog.Description>
            <div className="reader-sheet-body">{children}</div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
