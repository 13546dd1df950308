// Line classification: which statute lines open a unit (ČÁST, HLAVA, Díl, Oddíl, § N / Čl. N,
// (n), a), 1., Příloha, PREAMBULE) and which are signatures or footnotes.
import { normalizeWhitespace } from '../shared/whitespace.js';
import { parseCzechOrdinal } from './ordinals.js';

export type MarkerKind =
  | 'part'
  | 'title'
  | 'chapter'
  | 'section'
  | 'article'
  | 'paragraph'
  | 'letter'
  | 'point'
  | 'schedule'
  | 'preamble'
  | 'signature'
  | 'footnote';

export interface Marker {
  kind: MarkerKind;
  rawType: string;
  /** The number as written: '10a', 'I', 'b', '3'. */
  label?: string;
  /** The normalized number used in paths of parts/titles/chapters/sections. */
  number?: number;
  /** Text on the marker line after the marker ('(1) Lid je...' → 'Lid je...'). */
  rest?: string;
}

const GROUP_MARKERS: Array<{ re: RegExp; kind: MarkerKind; rawType: string }> = [
  { re: /^(?:ČÁST|Část)\s+(.+)$/u, kind: 'part', rawType: 'ČÁST' },
  { re: /^(?:HLAVA|Hlava)\s+(.+)$/u, kind: 'title', rawType: 'HLAVA' },
  { re: /^(?:Díl|DÍL)\s+(.+)$/u, kind: 'chapter', rawType: 'Díl' },
  { re: /^(?:Oddíl|ODDÍL)\s+(.+)$/u, kind: 'section', rawType: 'Oddíl' },
];

const SIGNATURE = /(?:^|\s)v\.\s?r\.$/;

export function classifyGroupMarker(text: string): Marker | undefined {
  for (const { re, kind, rawType } of GROUP_MARKERS) {
    const m = re.exec(text);
    if (!m) continue;
    const number = parseCzechOrdinal(m[1]!);
    // 'Část přiřazované daně...' is a sentence, not a marker: the rest must be a number.
    if (number !== undefined) return { kind, rawType, number, label: String(number) };
  }
  return undefined;
}

/**
 * '§ 10a', '§ 1.', '§1 Působnost odboru', 'Čl. 54', 'Čl. II.', 'Článek 5'. Text after the number
 * counts as a heading only when it starts with a capital: '§ 5 zákona č. 1/2000 Sb.' is a
 * reference inside running text, not a new article.
 */
export function classifyArticleMarker(text: string): Marker | undefined {
  const m = /^(§|Čl\.|Článek|Článok)\s*(\d+[a-z]{0,3}|[IVXLC]+)\.?(?:\s+(.*))?$/u.exec(text);
  if (!m) return undefined;
  const rest = m[3]?.trim();
  // Lower-case text after the number is a reference, except a 'zrušen' note of a repealed one.
  if (rest && !/^\p{Lu}/u.test(rest) && !/^\(?zrušen/iu.test(rest)) return undefined;
  return { kind: 'article', rawType: m[1] === '§' ? '§' : 'Čl.', label: m[2]!, rest };
}

export function classifySchedule(text: string): Marker | undefined {
  const m = /^(?:PŘÍLOHA|Příloha|PRÍLOHA|Príloha)(?:\s+(?:č\.\s*)?(\d+[a-z]?)\.?)?(\s+k\s+.*)?$/u.exec(text);
  if (!m) return undefined;
  return { kind: 'schedule', rawType: 'Příloha', label: m[1], rest: m[2]?.trim() };
}

/** '(1) …' paragraph, 'a) …' letter, '1. …' point: only meaningful inside an article. */
export function classifyInnerMarker(text: string): Marker | undefined {
  let m = /^\((\d+[a-z]?)\)\s*(.*)$/.exec(text);
  if (m) return { kind: 'paragraph', rawType: 'odst.', label: m[1]!, rest: m[2] };
  m = /^([a-z]{1,2})\)\s+(.*)$/.exec(text);
  if (m) return { kind: 'letter', rawType: 'písm.', label: m[1]!, rest: m[2] };
  m = /^(\d+[a-z]?)[.)]\s+(.*)$/.exec(text);
  if (m) return { kind: 'point', rawType: 'bod', label: m[1]!, rest: m[2] };
  return undefined;
}

/** Whether a line starts a structural unit above the paragraph (used by the Markdown reader). */
export function isStructureMarker(text: string): boolean {
  const t = normalizeWhitespace(text);
  return Boolean(classifyGroupMarker(t) ?? classifyArticleMarker(t) ?? classifySchedule(t) ?? /^PREAMBULE$/i.test(t));
}

export function classifyLine(text: string, insideArticle: boolean, afterSignatures: boolean): Marker | undefined {
  if (/^(PREAMBULE|Preambule)$/u.test(text)) return { kind: 'preamble', rawType: 'PREAMBULE' };
  const structural = classifyGroupMarker(text) ?? classifyArticleMarker(text) ?? classifySchedule(text);
  if (structural) return structural;
  if (text.length < 80 && SIGNATURE.test(text)) return { kind: 'signature', rawType: 'podpis' };
  // After the signatures, '1) Směrnice...' lines are the act's footnotes, not clauses.
  if (afterSignatures && /^(\d+|\*)\)\s/.test(text)) return { kind: 'footnote', rawType: 'poznámka' };
  return insideArticle ? classifyInnerMarker(text) : undefined;
}
