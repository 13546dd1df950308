// The format-neutral shape every parser produces. The import pipeline turns it into rows
// (documents, branches, nodes, fragments, spans) with deterministic ids.

/** Normalized structure kinds; a parser keeps anything else as its raw name. */
export const NODE_TYPES = [
  'part', // ČÁST, Part, akn:part, book
  'title', // HLAVA, Title, akn:title
  'chapter', // Díl, Chapter, akn:chapter
  'section', // Oddíl, Section, akn:section
  'article', // § N, Čl. N, Article N, akn:article
  'paragraph', // (1), akn:paragraph
  'clause', // a), 1., akn:point / akn:list item
  'schedule', // Příloha, Annex, akn:attachment
  'appendix', // Dodatek, Appendix
  'content', // preamble, intro, recitals, free text
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** One text unit, keyed by ISO 639-1 language code. Several languages = one aligned group. */
export type ParsedText = Record<string, string>;

export interface ParsedNode {
  /** Normalized kind, or the raw element/marker name when it has no normalized equivalent. */
  nodeType: NodeType | string;
  /** The raw marker or element the node came from: 'ČÁST', 'HLAVA', 'akn:article', 'ARTICLE'. */
  rawType: string;
  /** Heading text: 'ZÁKLADNÍ USTANOVENÍ', 'Scope'. */
  title?: string;
  /** The heading text in each language the source spells it in, by ISO 639-1 ('cs' -> 'Sekretariát'). */
  titles?: Record<string, string>;
  /** How people cite the node: '§ 10a', 'Čl. 54', 'odst. 2', 'písm. b)', 'Article 5'. */
  citeKey?: string;
  /**
   * Stable structural path, unique within the version: 'hlava-3/cl-54/odst-2', or the
   * Akoma Ntoso eId ('art_5__para_1'). Equal places in two versions get equal paths.
   */
  path: string;
  /** The node's own text units in document order (before its children). */
  texts: ParsedText[];
  children: ParsedNode[];
}

export interface ParsedMetadata {
  title: string;
  /** ústavní zákon, zákon, nařízení, směrnice, vnitřní předpis, ... (as the source names it). */
  kind?: string;
  issuer?: string;
  /** Where the file came from: 'e-sbirka', 'czech-law-md', 'pirati-sbirka', 'akn', 'formex', 'dgt-tm'. */
  sourceSystem: string;
  /** Source identifiers: ELI, CELEX, FRBR URIs, file name... */
  sourceIds?: Record<string, string>;
}

/** One dated version of a work, as read from one file (or one folder for split formats). */
export interface ParsedDocument {
  /** The law number as people cite it: '1/1993 Sb.', '32014L0092', an ELI. Same work = same id. */
  externalId: string;
  metadata: ParsedMetadata;
  publishedDate?: string; // YYYY-MM-DD
  effectiveDate?: string;
  expiryDate?: string;
  /** The date this version is in force from (names the snapshot branch). */
  versionDate?: string;
  /** ISO 639-1 codes present in the texts, main language first. */
  languages: string[];
  nodes: ParsedNode[];
  /** TMX only: every aligned segment pair, for the translation memory. */
  translationUnits?: TranslationUnit[];
}

export interface TranslationUnit {
  /** ISO 639-1 code -> segment text. */
  segments: Record<string, string>;
}

/** A parse failure that names the file, the place and why. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly place: string,
    readonly reason: string,
  ) {
    super(`${file}: ${place}: ${reason}`);
    this.name = 'ImportError';
  }
}

/** A format parser: `detect` looks at the content (not the name); `parse` reads one file. */
export interface FormatParser {
  name: string;
  /** Cheap content sniffing on the decoded head of the file. */
  detect(head: string, file: string): boolean;
  /** Parses one file. May return several documents (a TMX file can hold several CELEX ids). */
  parse(content: string, file: string): ParsedDocument[];
}
