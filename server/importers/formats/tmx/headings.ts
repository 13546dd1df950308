// Recognizes the heading segments DGT-TM keeps ('Article 5', 'ANNEX II', 'CHAPTER 3', in English
// or Czech) and the short title line that may follow one.
import type { RawTu } from './translation-units.js';

export type HeadingKind = 'article' | 'annex' | 'appendix' | 'chapter';

export interface Heading {
  kind: HeadingKind;
  /** Number or letter as written: '5a', 'XIII', 'A'; '' for a bare 'ANNEX'. */
  label: string;
}

const HEADING_PATTERNS: [HeadingKind, RegExp][] = [
  ['article', /^(?:Article|Článek)\s+(\d+[a-z]?)$/],
  ['annex', /^(?:ANNEX|PŘÍLOHA)(?:\s+([IVXLC]+|\d+|[A-Z]))?$/],
  ['appendix', /^(?:APPENDIX|Appendix|DODATEK|Dodatek)(?:\s+([IVXLC]+|\d+|[A-Z]))?$/],
  ['chapter', /^(?:CHAPTER|KAPITOLA)\s+([IVXLC]+|\d+)$/],
];

/** Detects a heading in the EN segment, else in the CS one. */
export function headingOf(tu: RawTu): Heading | undefined {
  for (const text of [tu.segments.en, tu.segments.cs]) {
    if (text === undefined) continue;
    for (const [kind, pattern] of HEADING_PATTERNS) {
      const m = pattern.exec(text.trim());
      if (m) return { kind, label: m[1] ?? '' };
    }
  }
  return undefined;
}

/** A short line right after a heading with no closing punctuation is that heading's title. */
export function looksLikeTitle(text: string | undefined): text is string {
  return text !== undefined && text.length <= 200 && /^[\p{Lu}\d‘'"(]/u.test(text) && !/[.,;:]$/.test(text);
}
