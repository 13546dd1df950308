// Document metadata DGT-TM lets us infer: the title from the leading segments, the kind from
// the CELEX type letter, the date from the title (or an agreement's CELEX), language order.
import { dateFromWords, monthNames } from '../shared/dates.js';
import { headingOf } from './headings.js';
import type { RawTu } from './translation-units.js';

const KIND_BY_CELEX_TYPE: Record<string, string> = {
  R: 'Regulation',
  L: 'Directive',
  D: 'Decision',
  A: 'Agreement',
  H: 'Recommendation',
};

const ENGLISH_MONTHS = monthNames([
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]);

/** 32019R0903 -> 'Regulation'; undefined for a type letter we do not name. */
export function kindOfCelex(celex: string): string | undefined {
  return KIND_BY_CELEX_TYPE[/^\d\d{4}([A-Z]+)/.exec(celex)?.[1] ?? ''];
}

/**
 * International agreements (sector 2, type A) are numbered by their date in the Official
 * Journal: 22019A0315(01) is the first agreement of 15 March 2019. The title has no date.
 */
export function dateInAgreementCelex(celex: string): string | undefined {
  const match = /^2(\d{4})A(\d{2})(\d{2})(\(\d+\))?$/.exec(celex);
  if (!match) return undefined;
  const [, year, month, day] = match;
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : undefined;
}

/**
 * DGT-TM splits the act's title over several leading segments ('Decision No 1/2019',
 * 'of 10 April 2019', 'of the Joint Committee ...'); they end where the enacting body or the
 * first recital starts ('THE JOINT COMMITTEE,', 'The Parties to this Agreement,').
 */
export function documentTitle(tus: RawTu[]): string | undefined {
  const parts: string[] = [];
  for (const [i, tu] of tus.slice(0, 5).entries()) {
    const en = tu.segments.en;
    if (en === undefined || headingOf(tu) || isUpperCaseLine(en)) break;
    // 'established under ..., of the other part,' is continued by 'of 19 February 2019'.
    const continues = /^\p{Ll}/u.test(tus[i + 1]?.segments.en ?? '');
    if (/[,:;]$/.test(en) && !continues) break;
    parts.push(en);
  }
  return parts.length > 0 ? parts.join(' ') : tus[0]?.segments.en;
}

function isUpperCaseLine(text: string): boolean {
  return /\p{L}{3}/u.test(text) && text === text.toUpperCase();
}

/** 'of 5\u00a0March 2019' -> '2019-03-05' (the act's date; DGT-TM carries no OJ date). */
export function dateInTitle(title: string): string | undefined {
  const m = /\bof\s+(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})\b/.exec(title);
  return m ? dateFromWords(m[1]!, m[2]!, m[3]!, ENGLISH_MONTHS) : undefined;
}

/** 'en' first, then 'cs', then the rest alphabetically. */
export function orderLanguages(tus: RawTu[]): string[] {
  const present = new Set(tus.flatMap((tu) => Object.keys(tu.segments)));
  const rank = (lang: string) => (lang === 'en' ? 0 : lang === 'cs' ? 1 : 2);
  return [...present].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
