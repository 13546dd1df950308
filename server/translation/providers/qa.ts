// The QA of a machine translation: placeholders the provider lost, and numbers, dates or cite
// keys the translation says differently from the source (compared by the legal-difference
// tokens' keys, so '1. ledna 2020' = '1 January 2020' and 'čl. 54' = 'Article 54').
import type { QaIssue } from '../../../src/api/contract/translation.js';
import { legalTokens, type LegalToken } from '../legal-differences.js';
import type { Placeholder } from './placeholders.js';

type Checked = Exclude<QaIssue['code'], 'placeholder_lost'>;
const CODE_OF: Partial<Record<LegalToken['kind'], Checked>> = {
  number: 'number_changed',
  date: 'number_changed',
  cite_key: 'cite_key_changed',
};

/** Tokens of `a` without an equal key left in `b` (a multiset difference, order kept). */
function unmatched(a: LegalToken[], b: LegalToken[]): LegalToken[] {
  const left = new Map<string, number>();
  for (const t of b) left.set(t.key, (left.get(t.key) ?? 0) + 1);
  return a.filter((t) => {
    const n = left.get(t.key) ?? 0;
    if (n > 0) left.set(t.key, n - 1);
    return n === 0;
  });
}

const checkedTokens = (text: string, code: Checked) => legalTokens(text).filter((t) => CODE_OF[t.kind] === code);

export function qaIssues(source: string, translation: string, lost: readonly Placeholder[]): QaIssue[] {
  const issues: QaIssue[] = lost.map((p) => ({ code: 'placeholder_lost', expected: p.text, found: null }));
  for (const code of ['number_changed', 'cite_key_changed'] as const) {
    // What a lost placeholder held is reported once, as lost.
    const reported = lost.flatMap((p) => checkedTokens(p.text, code));
    const expected = unmatched(unmatched(checkedTokens(source, code), reported), checkedTokens(translation, code));
    const found = unmatched(checkedTokens(translation, code), checkedTokens(source, code));
    expected.forEach((token, i) => issues.push({ code, expected: token.text, found: found[i]?.text ?? null }));
  }
  return issues;
}
