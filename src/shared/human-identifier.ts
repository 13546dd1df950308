// The number of an act as lawyers write it: '1/1993 Sb.', 'Directive 2014/92/EU' (from CELEX
// 32014L0092), 'Regulation (EU) 2016/679', 'BGBl. I 2024 Nr. 17'. These forms belong to the
// citation, so their words live here in both languages rather than in the UI catalogues.
import { CZECH_NUMBER } from './document-class';

export type IdentifierLanguage = 'cs' | 'en';

const EU_ACT_WORDS: Record<string, Record<IdentifierLanguage, string>> = {
  L: { en: 'Directive', cs: 'směrnice' },
  R: { en: 'Regulation', cs: 'nařízení' },
  D: { en: 'Decision', cs: 'rozhodnutí' },
};

/** The abbreviation after the number: EEC before Maastricht, EC until Lisbon, then EU. */
function euSuffix(year: number): string {
  if (year >= 2010) return 'EU';
  return year >= 1993 ? 'ES' : 'EHS';
}

const EN_SUFFIX: Record<string, string> = { EU: 'EU', ES: 'EC', EHS: 'EEC' };

/**
 * CELEX 3yyyyTnnnn as cited. Since 2015 every act reads 'Type (EU) yyyy/n'; before, directives
 * read 'yyyy/n/EU', regulations 'Regulation (EU) No n/yyyy', decisions 'Decision No n/yyyy/EU'.
 */
function euIdentifier(celex: string, language: IdentifierLanguage): string | undefined {
  const match = /^([23])(\d{4})([A-Z])(\d{4})$/.exec(celex);
  const words = match ? EU_ACT_WORDS[match[3]!] : undefined;
  if (!match || !words) return undefined;
  const [, , yearText, letter, numberText] = match;
  const year = Number(yearText);
  const number = Number(numberText);
  const csSuffix = euSuffix(year);
  const suffix = language === 'cs' ? csSuffix : EN_SUFFIX[csSuffix]!;
  const word = words[language];
  const no = language === 'cs' ? 'č.' : 'No';
  if (year >= 2015) return `${word} (${suffix}) ${year}/${number}`;
  if (letter === 'L') return `${word} ${year}/${number}/${suffix}`;
  if (letter === 'R') return `${word} (${suffix}) ${no} ${number}/${year}`;
  return `${word} ${no} ${number}/${year}/${suffix}`;
}

/** 'eli/bund/bgbl-1/2024/17' → 'BGBl. I 2024 Nr. 17'; before 2023 the page: 'BGBl. I 1964 S. 593'. */
function germanIdentifier(eli: string): string | undefined {
  const match = /^eli\/bund\/bgbl-([12])\/(\d{4})\/(s?)(\d+)(?:\/(.+))?$/.exec(eli);
  if (!match) return undefined;
  const [, part, year, page, number, component] = match;
  const base = `BGBl. ${part === '1' ? 'I' : 'II'} ${year} ${page ? 'S.' : 'Nr.'} ${number}`;
  if (!component) return base;
  if (component.startsWith('anlage')) return `${base}, Anlage`;
  const ordinal = /-(\d+)$/.exec(component)?.[1];
  return ordinal && ordinal !== '1' ? `${base} (${ordinal})` : base;
}

/** The identifier as cited in `language`; the stored one when no rule knows its form. */
export function humanIdentifier(externalId: string, language: IdentifierLanguage): string {
  const id = externalId.trim();
  if (new RegExp(CZECH_NUMBER).test(id)) return id.replace(/ ?Sb\.?$/, ' Sb.');
  return euIdentifier(id, language) ?? germanIdentifier(id) ?? id;
}

/**
 * A title shown as published, but not shouting: only a title the source wrote all in capitals
 * is set in sentence case (first letter kept upper). The stored title never changes.
 */
export function displayTitle(title: string): string {
  const hasUpper = /\p{Lu}/u.test(title);
  const hasLower = /\p{Ll}/u.test(title);
  if (!hasUpper || hasLower) return title;
  const lower = title.toLocaleLowerCase('cs');
  return lower.charAt(0).toLocaleUpperCase('cs') + lower.slice(1);
}
