// The message catalogues, one chunk per language: a page downloads only its own language's
// strings, and every string a feature adds costs the other language nothing.
import type { Locale } from './locale';

export type Catalogue = Record<string, string>;

const LOADERS: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./en.json'),
  cs: () => import('./cs.json'),
};

const loaded = new Map<Locale, Catalogue>();

/** The catalogue if it has already arrived. */
export function loadedCatalogue(locale: Locale): Catalogue | undefined {
  return loaded.get(locale);
}

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const known = loaded.get(locale);
  if (known) return known;
  const catalogue = (await LOADERS[locale]()).default;
  loaded.set(locale, catalogue);
  return catalogue;
}

/** Puts a catalogue in place without loading it (tests render synchronously). */
export function provideCatalogue(locale: Locale, catalogue: Catalogue) {
  loaded.set(locale, catalogue);
}
