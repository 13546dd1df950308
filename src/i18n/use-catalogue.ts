// The messages for the interface language. A language switched to for the first time loads its
// catalogue; until it has arrived the page stays in the language it was in, so the locale and
// the messages given to react-intl always belong together.
import { useEffect, useState } from 'react';
import { loadCatalogue, loadedCatalogue, type Catalogue } from './catalogues';
import type { Locale } from './locale';

export interface ShownCatalogue {
  locale: Locale;
  messages: Catalogue | undefined;
}

export function useCatalogue(locale: Locale): ShownCatalogue {
  const ready = loadedCatalogue(locale);
  const [shown, setShown] = useState<ShownCatalogue>({ locale, messages: ready });

  useEffect(() => {
    if (loadedCatalogue(locale)) return;
    let current = true;
    loadCatalogue(locale)
      .then((messages) => current && setShown({ locale, messages }))
      // Offline or a failed chunk: stay in the language that is shown.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [locale]);

  return ready ? { locale, messages: ready } : shown;
}
