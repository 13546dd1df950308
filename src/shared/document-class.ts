// Which legal order a document belongs to and what kind of act it is, read from what the
// importers store (the cited number, the source system, the kind as the source names it).
// The server runs the same rule tables as SQL (server/library/document-class-sql.ts) for the
// list's facets; patterns are POSIX-style so JavaScript and PostgreSQL read them alike.

export const JURISDICTIONS = ['cz', 'eu', 'de', 'it', 'fr', 'gr', 'lu', 'fi', 'other'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

export const DOCUMENT_TYPES = [
  'constitutional-act',
  'act',
  'statutory-measure',
  'government-order',
  'decree',
  'regulation',
  'directive',
  'decision',
  'agreement',
  'recommendation',
  'resolution',
  'proposal',
  'internal-rule',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** '1/1993 Sb.' (the Czech Collection of Laws). */
export const CZECH_NUMBER = '^[0-9]+/[0-9]{4} ?Sb\\.?$';
/** A CELEX number: sector, year, type letter(s), number ('32014L0092', '22019D0391'); group 1 the type. */
export const CELEX_NUMBER = '^[0-9CE][0-9]{4}([A-Z]{1,2})[0-9]{4}';
/** Akoma Ntoso work URIs carry the country: '/akn/it/act/...', '/gr/act/...'; group 1 the country. */
export const AKN_COUNTRY = '^/(?:akn/)?([a-z]{2})/';

/** Number patterns, then source systems, decide the jurisdiction; first match wins. */
export const JURISDICTION_BY_NUMBER: [pattern: string, jurisdiction: Jurisdiction][] = [
  [CZECH_NUMBER, 'cz'],
  [CELEX_NUMBER, 'eu'],
  ['^(COM|JOIN|SEC|SWD)\\(', 'eu'],
  ['^eli/bund/', 'de'],
  ['legilux|^eli-etat-', 'lu'],
];

export const JURISDICTION_BY_SOURCE: Record<string, Jurisdiction> = {
  'e-sbirka': 'cz',
  'czech-law-md': 'cz',
  // Internal rules of a Czech party: not state law but of the Czech legal order; the type says so.
  'pirati-sbirka': 'cz',
  formex: 'eu',
  'dgt-tm': 'eu',
  'legaldocml.de': 'de',
};

/** Proposals are cited by their own numbers: 'COM(2025) 162', an Italian 'Ddl'. */
export const PROPOSAL_NUMBER = '^(COM|JOIN|SEC|SWD)\\(|/bill/';

export const TYPE_BY_SOURCE: Record<string, DocumentType> = { 'pirati-sbirka': 'internal-rule' };

/** CELEX type letter → type: the letter outranks the kind word. */
export const TYPE_BY_CELEX_LETTER: Record<string, DocumentType> = {
  L: 'directive',
  R: 'regulation',
  D: 'decision',
  A: 'agreement',
  H: 'recommendation',
};

/**
 * The start of the kind as the sources spell it, lowercased → the type; longer first, so
 * 'zákonné opatření' wins over 'zákon'. Czech, Slovak, English, German, Italian, Greek, French.
 */
export const TYPE_BY_KIND_PREFIX: [prefix: string, type: DocumentType][] = [
  ['ústavní zákon', 'constitutional-act'],
  ['ústavný zákon', 'constitutional-act'],
  ['ústavní dekret', 'decree'],
  ['zákonné opatření', 'statutory-measure'],
  ['nařízení vlády', 'government-order'],
  ['zákon', 'act'],
  ['vyhláška', 'decree'],
  ['dekret', 'decree'],
  ['nařízení', 'regulation'],
  ['směrnice', 'directive'],
  ['rozhodnutí', 'decision'],
  ['usnesení', 'resolution'],
  ['vnitřní předpis', 'internal-rule'],
  ['disegno di legge', 'proposal'],
  ['ppl', 'proposal'],
  ['regulation', 'regulation'],
  ['directive', 'directive'],
  ['decision', 'decision'],
  ['agreement', 'agreement'],
  ['recommendation', 'recommendation'],
  ['gesetz', 'act'],
  ['verordnung', 'regulation'],
  ['legge', 'act'],
  ['statute', 'act'],
  ['act', 'act'],
  ['law', 'act'],
  ['loi', 'act'],
  ['νόμος', 'act'],
  ['νομος', 'act'],
  ['νομοσ', 'act'],
];

export interface ClassifiableDocument {
  external_id: string;
  metadata: { kind?: string; source_system: string };
}

export function jurisdictionOf({ external_id: id, metadata }: ClassifiableDocument): Jurisdiction {
  const byNumber = JURISDICTION_BY_NUMBER.find(([pattern]) => new RegExp(pattern).test(id));
  if (byNumber) return byNumber[1];
  const bySource = JURISDICTION_BY_SOURCE[metadata.source_system];
  if (bySource) return bySource;
  const country = new RegExp(AKN_COUNTRY).exec(id)?.[1] ?? '';
  return (JURISDICTIONS as readonly string[]).includes(country) ? (country as Jurisdiction) : 'other';
}

export function typeOf({ external_id: id, metadata }: ClassifiableDocument): DocumentType {
  const bySource = TYPE_BY_SOURCE[metadata.source_system];
  if (bySource) return bySource;
  if (new RegExp(PROPOSAL_NUMBER).test(id)) return 'proposal';
  const letter = new RegExp(CELEX_NUMBER).exec(id)?.[1];
  if (letter && TYPE_BY_CELEX_LETTER[letter]) return TYPE_BY_CELEX_LETTER[letter];
  const kind = (metadata.kind ?? '').trim().toLowerCase();
  return TYPE_BY_KIND_PREFIX.find(([prefix]) => kind.startsWith(prefix))?.[1] ?? 'other';
}
