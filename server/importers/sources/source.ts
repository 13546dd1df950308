// One interface for every official service Lexhub imports law from (issue 16): `resolve` lists an
// act's versions, `fetch` returns one version's files in one language, in a format the existing
// parsers read (server/importers/parsers.ts). A third service is one more module like cellar.ts.

export interface SourceVersion {
  /** The act as the user named it, normalized ('32016R0679', '1/1993 Sb.'). */
  actId: string;
  /** The service's id of this version (a CELEX of a consolidation, an e-Sbírka stale URL). */
  versionId: string;
  /** 'original': the wording as published; 'consolidated': a later wording in force from `date`. */
  kind: 'original' | 'consolidated';
  /** YYYY-MM-DD: publication (original EU acts) or date of effect (consolidations, Czech wordings). */
  date: string;
  /** ISO 639-1 codes of the languages the service has this version in. */
  languages: string[];
}

export interface ResolvedAct {
  actId: string;
  title: string;
  versions: SourceVersion[];
}

/** A file as the service gave it: `name` keeps the service's name (DOC_1.xml) for the parsers. */
export interface FetchedFile {
  name: string;
  content: Uint8Array;
}

export interface LawSource {
  /** Short name used in messages and the cache ('cellar', 'e-sbirka'). */
  readonly name: string;
  resolve(id: string): Promise<ResolvedAct>;
  fetch(version: SourceVersion, language: string): Promise<FetchedFile[]>;
}
