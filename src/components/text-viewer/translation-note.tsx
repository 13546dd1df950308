// What the reader says about a fragment's translation: a quiet 'Translate' link to the editor
// (logged-in readers) and, under a saved translation, 'User translation' and, when its source
// changed in a newer version, 'Translation may be outdated' with the way to the editor.
// Plain elements, like the rest of the row (the list mounts rows on every scroll step).
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { ExclamationTriangleIcon, Pencil1Icon } from '@radix-ui/react-icons';
import type { FragmentTranslation } from '../../api/contract/translation';

/** 'Translate', named after the provision ('Translate Čl. 4') for screen readers and voice control. */
export function TranslateLink({ href, cite }: { href: string; cite: string | null }) {
  const intl = useIntl();
  const label = cite
    ? intl.formatMessage({ id: 'reader.translateLabel' }, { value: cite })
    : intl.formatMessage({ id: 'reader.translateLabelPlain' });
  return (
    <RouterLink href={`~${href}`} className="reader-translate" aria-label={label}>
      <Pencil1Icon aria-hidden />
      {intl.formatMessage({ id: 'reader.translate' })}
    </RouterLink>
  );
}

export function TranslationNote({ translation, href }: { translation?: FragmentTranslation | null; href?: string }) {
  const intl = useIntl();
  if (translation?.origin !== 'translated') return null;
  return (
    <p className="reader-translation-note">
      <span className="reader-translation-badge">{intl.formatMessage({ id: 'reader.translateUserTranslation' })}</span>
      {translation.stale && (
        <span className="reader-translation-stale">
          <ExclamationTriangleIcon aria-hidden />
          {intl.formatMessage({ id: 'reader.translateStale' })}
          {href && (
            <RouterLink href={`~${href}`} className="reader-translation-link">
              {intl.formatMessage({ id: 'reader.translateStaleLink' })}
            </RouterLink>
          )}
        </span>
      )}
    </p>
  );
}
