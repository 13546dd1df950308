// Czech and Slovak dates in statute text ('16. prosince 1992'): any date, the adoption date
// ('ze dne …') and the date the act takes effect ('nabývá účinnosti dnem …').
import { dateFromWords, monthNames } from '../shared/dates.js';

const MONTHS = monthNames(
  [
    'ledna',
    'února',
    'března',
    'dubna',
    'května',
    'června',
    'července',
    'srpna',
    'září',
    'října',
    'listopadu',
    'prosince',
  ],
  // Slovak genitive forms (1926–1947 acts)
  [
    'januára',
    'februára',
    'marca',
    'apríla',
    'mája',
    'júna',
    'júla',
    'augusta',
    'septembra',
    'októbra',
    'novembra',
    'decembra',
  ],
);

const DATE_PATTERN = '(\\d{1,2})\\.\\s*(\\p{L}+)\\s+(\\d{4})';

/** The first '16. prosince 1992' style date in the text, as YYYY-MM-DD. */
export function parseCzechDate(text: string): string | undefined {
  for (const m of text.matchAll(new RegExp(DATE_PATTERN, 'gu'))) {
    const iso = dateFromWords(m[1]!, m[2]!, m[3]!, MONTHS);
    if (iso) return iso;
  }
  return undefined;
}

/** The adoption date from 'ze dne 16. prosince 1992' (Slovak 'zo dňa'). */
export function findAdoptionDate(text: string): string | undefined {
  const m = new RegExp(`(?:ze|zo)\\s+d(?:ne|ňa)\\s+${DATE_PATTERN}`, 'u').exec(text);
  return m ? dateFromWords(m[1]!, m[2]!, m[3]!, MONTHS) : undefined;
}

/**
 * The date the act takes effect, when the text names one: 'Tento zákon nabývá účinnosti dnem
 * 1. ledna 1993' (Slovak 'nadobúda účinnosť dňom'). 'dnem vyhlášení' has no date → undefined.
 * The act's own clause ('Tento zákon', 'Tato Ústava') wins over dates of single provisions.
 */
export function findEffectiveDate(text: string): string | undefined {
  const clause = `(?:nabývá|nabývají|nadobúda)\\s+účinnost(?:i|ť)?\\s+(?:dnem|dňom)\\s+${DATE_PATTERN}`;
  const own = new RegExp(`(?:Tento|Tato|Toto|Tieto)\\s+[\\p{L} ]{0,40}?${clause}`, 'u').exec(text);
  const any = own ?? new RegExp(clause, 'u').exec(text);
  if (!any) return undefined;
  const [day, month, year] = any.slice(-3) as [string, string, string];
  return dateFromWords(day, month, year, MONTHS);
}
