// The start of a folded word that its inflected forms share, for prefix matching: PostgreSQL has no
// Czech stemmer, so 'prezidenta' searches 'prezident:*' (prezident, prezidentovi, prezidentem) and
// 'volí' searches 'vol:*' (volen, volba, volit). A light rule on case and number endings; other
// languages' words only lose a plural -s (their own snowball configurations do the rest).

/** Folded Czech endings, longest first (declension, conjugation, adjectives). */
const ENDINGS = [
  'ovymi',
  'ovych',
  'ovym',
  'ovou',
  'ovem',
  'ovi',
  'ove',
  'ovy',
  'ova',
  'ovo',
  'emu',
  'ymi',
  'ych',
  'ymu',
  'ami',
  'ach',
  'ata',
  'aty',
  'ete',
  'eti',
  'ich',
  'imu',
  'ima',
  'imi',
  'ite',
  'ila',
  'ili',
  'ilo',
  'ily',
  'ou',
  'um',
  'em',
  'es',
  'ho',
  'mi',
  'ym',
  'im',
  'ej',
  'eho',
  'ie',
  'ii',
  'iu',
  'y',
  'a',
  'e',
  'i',
  'o',
  'u',
] as const;

/** Stems shorter than this are not cut further (so 'vol' stays, 'ja' is never made). */
const MIN_STEM = 3;

/** The shared start of a folded word's forms; the word itself when it is short or has a digit. */
export function wordStem(folded: string): string {
  if (folded.length <= MIN_STEM || /[0-9/]/.test(folded)) return folded;
  for (const ending of ENDINGS) {
    if (folded.endsWith(ending) && folded.length - ending.length >= MIN_STEM) {
      return folded.slice(0, folded.length - ending.length);
    }
  }
  if (folded.length >= 5 && folded.endsWith('s')) return folded.slice(0, -1);
  return folded;
}
