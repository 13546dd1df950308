// A provision's label in the language it is read in. The importers keep one label per node, in the
// act's main language ('Article 1' for an EU act, 'Čl. 54' for a Czech one); the structural words
// have fixed equivalents (Čl. = článek / Article, § = paragraf / Section, příloha / Annex), so an
// EU act read in Czech is headed 'Článek 1' as its Czech text is, and a Czech act read in English
// 'Article 54'. Labels with no known equivalent are kept as written.
type Rule = { pattern: RegExp; label: (number: string) => string };

const RULES: Record<string, Rule[]> = {
  cs: [
    { pattern: /^Article\s+(\S+)$/i, label: (n) => `Článek ${n}` },
    { pattern: /^Annex(?:\s+(\S+))?$/i, label: (n) => (n ? `Příloha ${n}` : 'Příloha') },
    { pattern: /^Preamble$/i, label: () => 'Preambule' },
    { pattern: /^Recitals$/i, label: () => 'Odůvodnění' },
    { pattern: /^Chapter\s+(\S+)$/i, label: (n) => `Kapitola ${n}` },
    { pattern: /^Section\s+(\S+)$/i, label: (n) => `Oddíl ${n}` },
    { pattern: /^Part\s+(\S+)$/i, label: (n) => `Část ${n}` },
    { pattern: /^Title\s+(\S+)$/i, label: (n) => `Hlava ${n}` },
  ],
  en: [
    { pattern: /^(?:Čl\.|Článek)\s*(\S+)$/, label: (n) => `Article ${n}` },
    { pattern: /^§\s*(\S+)$/, label: (n) => `Section ${n}` },
    { pattern: /^(?:Příloha|PŘÍLOHA)(?:\s+(\S+))?$/, label: (n) => (n ? `Annex ${n}` : 'Annex') },
    { pattern: /^Preambule$/i, label: () => 'Preamble' },
  ],
};

/** The label as headed in `lang` (ISO 639-1), or as written when that language has no rule for it. */
export function labelInLanguage(label: string, lang: string | undefined): string {
  for (const rule of (lang && RULES[lang]) || []) {
    const match = rule.pattern.exec(label.replace(/\u00a0/g, ' ').trim());
    if (match) return rule.label(match[1] ?? '');
  }
  return label;
}
