// Maps the language codes found in AKN metadata (ISO 639-2 'ita', 'deu', tags like 'en-EN',
// EU authority URIs ending in '/FRA', Greece's country code 'gr') to ISO 639-1.

const ISO_639_2_TO_1: Record<string, string> = {
  bul: 'bg',
  ces: 'cs',
  cze: 'cs',
  dan: 'da',
  deu: 'de',
  ger: 'de',
  ell: 'el',
  gre: 'el',
  eng: 'en',
  spa: 'es',
  est: 'et',
  fin: 'fi',
  fra: 'fr',
  fre: 'fr',
  gle: 'ga',
  hrv: 'hr',
  hun: 'hu',
  ita: 'it',
  lit: 'lt',
  lav: 'lv',
  mlt: 'mt',
  nld: 'nl',
  dut: 'nl',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rum: 'ro',
  slk: 'sk',
  slo: 'sk',
  slv: 'sl',
  swe: 'sv',
  ltz: 'lb',
  nor: 'no',
  nob: 'nb',
  nno: 'nn',
  isl: 'is',
  ice: 'is',
  cat: 'ca',
  eus: 'eu',
  baq: 'eu',
  glg: 'gl',
  lat: 'la',
  rus: 'ru',
  ukr: 'uk',
  tur: 'tr',
  srp: 'sr',
  mkd: 'mk',
  sqi: 'sq',
};

/** Two-letter codes that sources use for a language but are really country codes. */
const COUNTRY_CODE_MISTAKES: Record<string, string> = { gr: 'el' };

/** ISO 639-1 code for a metadata language value, or undefined when it is not recognisable. */
export function toIso6391(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const code = value.trim().replace(/^.*\//, '').split(/[-_@]/)[0]?.toLowerCase() ?? '';
  if (Object.hasOwn(ISO_639_2_TO_1, code)) return ISO_639_2_TO_1[code];
  if (Object.hasOwn(COUNTRY_CODE_MISTAKES, code)) return COUNTRY_CODE_MISTAKES[code];
  return /^[a-z]{2}$/.test(code) ? code : undefined;
}
