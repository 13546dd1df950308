// The heading words of Formex acts in the languages the library reads most: the OJ publishes
// every act in each EU language, so a Czech file heads 'Článek 1', 'KAPITOLA I', 'PŘÍLOHA II'
// where the English one heads 'Article 1', 'CHAPTER I', 'ANNEX II'.

export type DivisionKind = 'part' | 'title' | 'chapter' | 'section';

const ARTICLE_WORDS = ['Article', 'Článek', 'Článok', 'Artikel', 'Artículo', 'Articolo', 'Artigo', 'Artykuł'];
const ANNEX_WORDS = ['ANNEX', 'PŘÍLOHA', 'PRÍLOHA', 'ANHANG', 'ANNEXE', 'ANEXO', 'ALLEGATO', 'ZAŁĄCZNIK'];
const DIVISION_WORDS: Record<DivisionKind, string[]> = {
  part: ['PART', 'ČÁST', 'ČASŤ', 'TEIL', 'PARTIE', 'PARTE', 'CZĘŚĆ'],
  title: ['TITLE', 'HLAVA', 'TITEL', 'TITRE', 'TÍTULO', 'TITOLO', 'TYTUŁ'],
  chapter: ['CHAPTER', 'KAPITOLA', 'KAPITEL', 'CHAPITRE', 'CAPÍTULO', 'CAPO', 'ROZDZIAŁ'],
  section: ['SECTION', 'ODDÍL', 'ODDIEL', 'ABSCHNITT', 'SECCIÓN', 'SEZIONE', 'SEKCJA'],
};

const words = (list: string[]) => list.join('|');
const ARTICLE = new RegExp(`^(?:${words(ARTICLE_WORDS)})\\s+(\\S+)`, 'iu');
const ANNEX = new RegExp(`^(?:${words(ANNEX_WORDS)})(?:\\s+([IVXLC]+|\\d+|[A-Z]))?$`, 'iu');
const DIVISION = new RegExp(`^(${Object.values(DIVISION_WORDS).flat().join('|')})\\s+(\\S+)`, 'iu');

/** 'Článek 5a' -> '5a'; undefined when the heading is not an article heading. */
export function articleNumber(heading: string): string | undefined {
  return ARTICLE.exec(heading.trim())?.[1];
}

/** 'PŘÍLOHA II' -> { number: 'II' }, 'ANNEX' -> { number: '' }; undefined for another heading. */
export function annexHeading(heading: string): { number: string } | undefined {
  const m = ANNEX.exec(heading.replace(/[‘’“”"]/g, '').trim());
  return m ? { number: m[1] ?? '' } : undefined;
}

/** 'KAPITOLA III' -> { kind: 'chapter', number: 'III' }. */
export function divisionHeading(heading: string): { kind: DivisionKind; number: string } | undefined {
  const m = DIVISION.exec(heading.trim());
  if (!m) return undefined;
  const word = (m[1] ?? '').toLocaleUpperCase();
  const kind = (Object.keys(DIVISION_WORDS) as DivisionKind[]).find((k) => DIVISION_WORDS[k].includes(word));
  return kind ? { kind, number: (m[2] ?? '').replace(/\.$/, '') } : undefined;
}
