// The citation of an act (document) in the reading language's own form: Czech acts by kind and
// number ('ústavního zákona č. 1/1993 Sb., Ústava České republiky, ve znění účinném od 1. 1. 2026'),
// EU acts by title, Official Journal and CELEX. Shared by the reader's 'Copy citation'
// (src/lib/citation.ts adds the provision) and the server's print/export header.
import type { Document } from '../api/contract/documents';

/** What a citation needs of a document. */
export type CitedAct = Pick<Document, 'external_id' | 'title' | 'metadata'>;

export type CitationLanguage = 'cs' | 'en';

/** Kinds of Czech acts: the genitive a citation needs ('čl. 1 ústavního zákona') and the English name. */
const CZECH_KINDS: Record<string, { genitive: string; english: string }> = {
  'ústavní zákon': { genitive: 'ústavního zákona', english: 'Constitutional Act' },
  zákon: { genitive: 'zákona', english: 'Act' },
  'zákonné opatření': { genitive: 'zákonného opatření', english: 'Statutory Measure' },
  'nařízení vlády': { genitive: 'nařízení vlády', english: 'Government Regulation' },
  nařízení: { genitive: 'nařízení', english: 'Regulation' },
  vyhláška: { genitive: 'vyhlášky', english: 'Decree' },
  usnesení: { genitive: 'usnesení', english: 'Resolution' },
  sdělení: { genitive: 'sdělení', english: 'Communication' },
  dekret: { genitive: 'dekretu', english: 'Decree' },
};

/** Official English names of acts whose Czech title a lawyer writing in English translates. */
const ENGLISH_TITLES: Record<string, string> = {
  'ústava české republiky': 'the Constitution of the Czech Republic',
  'listina základních práv a svobod': 'the Charter of Fundamental Rights and Freedoms',
};

const CZECH_NUMBER = /^(\d+\/\d{4}) Sb\.$/u;
const CELEX = /^[0-9CE]\d{4}[A-Z]{1,2}\d{3,4}(\(\d{2}\))?$/u;

export const isCzechAct = (act: CitedAct) => CZECH_NUMBER.test(act.external_id.trim());

export function celexOf(act: CitedAct): string | undefined {
  const celex = act.metadata.source_ids?.celex ?? act.external_id;
  return CELEX.test(celex) ? celex : undefined;
}

/** 'ústavní zákon' from metadata, else from the title's first words. */
function czechKindOf(act: CitedAct): string | undefined {
  const kind = act.metadata.kind?.trim().toLowerCase();
  if (kind && CZECH_KINDS[kind]) return kind;
  const title = act.title.trim().toLowerCase();
  return Object.keys(CZECH_KINDS)
    .sort((a, b) => b.length - a.length)
    .find((name) => title.startsWith(name));
}

/**
 * The title after the kind, as Czech citations write it: 'Zákon o preventivní restrukturalizaci'
 * -> 'o preventivní restrukturalizaci'; 'Ústavní zákon, kterým se ...' -> 'kterým se ...'; a title
 * of its own ('Ústava České republiky') stays.
 */
function titleAfterKind(title: string, kind: string | undefined): string {
  const trimmed = title.trim();
  if (kind && trimmed.toLowerCase().startsWith(kind)) return trimmed.slice(kind.length).replace(/^[\s,]+/u, '');
  return trimmed;
}

/** 'd. M. yyyy' (cs: 1. 1. 2026) or 'd Month yyyy' (en: 1 January 2026), from YYYY-MM-DD. */
export function citationDate(isoDate: string, lang: CitationLanguage): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  if (lang === 'cs') return `${day}. ${month}. ${year}`;
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${day} ${monthName} ${year}`;
}

function czechActCitation(
  act: CitedAct,
  lang: CitationLanguage,
  validFrom: string | null,
  standalone: boolean,
): string {
  const number = CZECH_NUMBER.exec(act.external_id.trim())![1]!;
  const kind = czechKindOf(act);
  const rest = titleAfterKind(act.title, kind);
  const forms = kind ? CZECH_KINDS[kind]! : { genitive: 'právního předpisu', english: 'Act' };
  if (lang === 'cs') {
    // After a provision the act is in the genitive ('čl. 1 zákona'); alone in the nominative.
    const head = `${standalone ? (kind ?? 'právní předpis') : forms.genitive} č. ${number} Sb.`;
    const since = validFrom ? `, ve znění účinném od ${citationDate(validFrom, 'cs')}` : '';
    return `${head}${rest ? `, ${rest}` : ''}${since}`;
  }
  const english = ENGLISH_TITLES[rest.toLowerCase()];
  const named = english
    ? `, ${english}`
    : rest
      ? ` (${kind && rest !== act.title.trim() ? `${kind} ${rest}` : rest})`
      : '';
  const since = validFrom ? `, as in force from ${citationDate(validFrom, 'en')}` : '';
  return `${forms.english} No. ${number} Coll.${named}${since}`;
}

/** 'OJ L 119, 4.5.2016, p. 1' in the language's form ('Úř. věst. L 119, 4.5.2016, s. 1'). */
function officialJournal(oj: string, lang: CitationLanguage): string {
  return lang === 'cs' ? oj.replace(/^OJ\b/u, 'Úř. věst.').replace(/, p\. /u, ', s. ') : oj;
}

function euActCitation(act: CitedAct, lang: CitationLanguage, celex: string | undefined, standalone: boolean): string {
  // A Czech title opens with the kind in the nominative, which is also its genitive
  // ('nařízení', 'směrnice', 'rozhodnutí'): inside a sentence it is written in lower case.
  const title = act.title.trim();
  const firstWord = /^\p{L}+/u.exec(title)?.[0] ?? '';
  const inSentence = lang === 'cs' && !standalone ? firstWord.toLowerCase() + title.slice(firstWord.length) : title;
  const oj = act.metadata.source_ids?.oj;
  const journal = oj ? `, ${officialJournal(oj, lang)}` : '';
  return `${inSentence}${journal}${celex ? ` (CELEX ${celex})` : ''}`;
}

/** The act: 'ústavního zákona č. 1/1993 Sb., Ústava České republiky, ve znění účinném od 1. 1. 2026'. */
export function actCitation(
  act: CitedAct,
  lang: CitationLanguage,
  validFrom: string | null,
  standalone = false,
): string {
  if (isCzechAct(act)) return czechActCitation(act, lang, validFrom, standalone);
  const celex = celexOf(act);
  if (celex) return euActCitation(act, lang, celex, standalone);
  const since = validFrom
    ? lang === 'cs'
      ? `, ve znění účinném od ${citationDate(validFrom, 'cs')}`
      : `, as in force from ${citationDate(validFrom, 'en')}`
    : '';
  return `${act.title.trim()} (${act.external_id})${since}`;
}
