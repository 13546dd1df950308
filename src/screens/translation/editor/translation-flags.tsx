// The badges of a fragment's translation: where it comes from, its review state, stale.
import { useIntl } from 'react-intl';
import { Badge, Flex } from '@radix-ui/themes';
import type { FragmentTranslation } from '../../../api/contract/translation';

export function TranslationFlags({ translation, testId }: { translation: FragmentTranslation; testId?: string }) {
  const intl = useIntl();
  return (
    <Flex gap="1" wrap="wrap" data-testid={testId}>
      <Badge variant="soft" highContrast color={translation.origin === 'imported' ? 'gray' : 'indigo'}>
        {intl.formatMessage({ id: `translation.editor.origin.${translation.origin}` })}
      </Badge>
      {translation.status && (
        <Badge variant="soft" highContrast color={translation.status === 'reviewed' ? 'green' : 'amber'}>
          {intl.formatMessage({ id: `translation.editor.status.${translation.status}` })}
        </Badge>
      )}
      {translation.stale && (
        <Badge variant="solid" color="red" data-testid="flag-stale">
          {intl.formatMessage({ id: 'translation.editor.flag.stale' })}
        </Badge>
      )}
    </Flex>
  );
}

/** A language's name in the interface language, else the name the server gave, else its code. */
export function languageName(
  intl: { formatDisplayName: (code: string, options: { type: 'language' }) => string | undefined },
  code: string,
  fallback?: string,
): string {
  try {
    return intl.formatDisplayName(code, { type: 'language' }) ?? fallback ?? code;
  } catch {
    // Intl.DisplayNames refuses codes that are not well-formed.
    return fallback || code;
  }
}
