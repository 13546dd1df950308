// The short names lawyers use for documents, as the importer knows them: by the cited number, and
// from a short name a title gives in parentheses ('(Interoperable Europe Act)'). Migration 0014
// inserted the same list for documents imported before it; an operator adds more (aliases.ts).

/** Short names of documents by their external_id (the number people cite). */
export const KNOWN_ALIASES: Record<string, readonly string[]> = {
  '1/1993 Sb.': ['Ústava', 'Ústava ČR', 'Ústava České republiky', 'Czech Constitution'],
  '2/1993 Sb.': ['Listina', 'Listina základních práv a svobod', 'LZPS', 'Charter of Fundamental Rights and Freedoms'],
  '110/1998 Sb.': ['ústavní zákon o bezpečnosti'],
  '32016R0679': ['GDPR', 'obecné nařízení o ochraně osobních údajů', 'General Data Protection Regulation', 'DSGVO'],
  '32024R0903': ['Interoperable Europe Act', 'akt o interoperabilní Evropě'],
  '32014L0092': ['Payment Accounts Directive', 'PAD'],
};

/**
 * Acts the library may not hold, cited by their number in other texts: a query for the short name
 * also finds the texts that cite the number ('GDPR' finds 'Regulation (EU) 2016/679').
 */
export const CITED_NUMBERS: Record<string, readonly string[]> = {
  gdpr: ['2016/679'],
  dsgvo: ['2016/679'],
  dsa: ['2022/2065'],
  dma: ['2022/1925'],
};

/** Parenthesized short names in titles: '(Interoperable Europe Act)', '(občanský zákoník)'. */
const TITLE_SHORT_NAME = /\(([^()\d]{3,80}?\b(?:Act|Regulation|Directive|zákoník|řád|Gesetz|Verordnung))\)/gu;

/** The aliases the importer gives a document: the known ones, and short names from its title. */
export function aliasesOf(externalId: string, title: string): string[] {
  const fromTitle = [...title.matchAll(TITLE_SHORT_NAME)].map((match) => match[1]!.trim());
  return [...new Set([...(KNOWN_ALIASES[externalId] ?? []), ...fromTitle])];
}
