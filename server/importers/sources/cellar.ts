// EU law from the Publications Office's CELLAR: versions and titles from the SPARQL endpoint
// (CDM ontology), Formex 4 packages by content negotiation on the CELEX resource URI. The
// answers and their shapes are those documented at op.europa.eu/en/web/cellar (docs/ARCHITECTURE.md).
import { formexParser } from '../formats/formex.js';
import { HEAD_LENGTH } from '../parsers.js';
import { PoliteClient, type PoliteClientOptions } from './polite-client.js';
import type { FetchedFile, LawSource, ResolvedAct, SourceVersion } from './source.js';
import { SourceHttpError, SourceNotFoundError, SourceShapeError } from './source-errors.js';
import { unzipPackage } from './zip-package.js';

export interface CellarOptions extends Omit<PoliteClientOptions, 'service'> {
  /** Where /resource/celex/... lives; default http://publications.europa.eu. */
  baseUrl?: string;
  /** The SPARQL endpoint; default <baseUrl>/webapi/rdf/sparql. */
  sparqlUrl?: string;
}

const SERVICE = 'CELLAR';
const FORMEX_ACCEPT = 'application/zip;mtype=fmx4, application/xml;mtype=fmx4';
// Treaties number their texts by name: the 2016 Charter of Fundamental Rights is 12016P/TXT.
const CELEX = /^[0-9CE]\d{4}[A-Z]{1,2}(?:\d{4}|\/TXT)(?:\(\d{2}\))?$/;
const CONSOLIDATED_CELEX = /^0\d{4}[A-Z]{1,2}\d{4}(?:\(\d{2}\))?-(\d{4})(\d{2})(\d{2})$/;
const ELI = /^(?:https?:\/\/data\.europa\.eu\/)?(eli\/[a-z_]+\/\d{4}\/\d+[a-z0-9/_-]*)$/i;

/** ISO 639-1 (Lexhub) ↔ the three-letter codes of the EU language authority table (CELLAR). */
const EU_LANGUAGES: Record<string, string> = {
  bg: 'BUL',
  cs: 'CES',
  da: 'DAN',
  de: 'DEU',
  el: 'ELL',
  en: 'ENG',
  es: 'SPA',
  et: 'EST',
  fi: 'FIN',
  fr: 'FRA',
  ga: 'GLE',
  hr: 'HRV',
  hu: 'HUN',
  it: 'ITA',
  lt: 'LIT',
  lv: 'LAV',
  mt: 'MLT',
  nl: 'NLD',
  pl: 'POL',
  pt: 'POR',
  ro: 'RON',
  sk: 'SLK',
  sl: 'SLV',
  sv: 'SWE',
};
const FROM_EU_LANGUAGE = Object.fromEntries(Object.entries(EU_LANGUAGES).map(([iso, eu]) => [eu, iso]));

/** More parts than any act's manifestation lists (an act with its annexes is a few dozen). */
const MAX_LISTED_PARTS = 200;

export class CellarSource implements LawSource {
  readonly name = 'cellar';
  private readonly client: PoliteClient;
  private readonly baseUrl: string;
  private readonly sparqlUrl: string;

  constructor(options: CellarOptions = {}) {
    this.client = new PoliteClient({ ...options, service: SERVICE });
    // The law itself travels over TLS; tests pass their own local base.
    this.baseUrl = (options.baseUrl ?? 'https://publications.europa.eu').replace(/\/$/, '');
    this.sparqlUrl = options.sparqlUrl ?? `${this.baseUrl}/webapi/rdf/sparql`;
  }

  async resolve(id: string): Promise<ResolvedAct> {
    const subject = parseEuId(id);
    const url = `${this.sparqlUrl}?query=${encodeURIComponent(versionsQuery(subject))}`;
    const answer = await this.client.get(url, { accept: 'application/sparql-results+json' });
    if (answer.status !== 200) throw new SourceHttpError(SERVICE, url, answer.status);
    const rows = readSparqlRows(answer.body, url, ['celex', 'date', 'lang', 'title']);
    if (rows.length === 0) throw new SourceNotFoundError(`CELLAR has no Formex 4 text of ${id.trim()}`);

    const byCelex = new Map<string, { date: string; languages: Set<string>; titles: Map<string, string> }>();
    for (const row of rows) {
      const language = FROM_EU_LANGUAGE[row.lang!.split('/').pop()!];
      if (!language) throw new SourceShapeError(SERVICE, url, `language ${row.lang} is not an EU language`);
      // The CELEX becomes part of a fetch path and a folder name: only the shapes documented.
      if (!CELEX.test(row.celex!) && !CONSOLIDATED_CELEX.test(row.celex!))
        throw new SourceShapeError(SERVICE, url, `"${row.celex}" is not a CELEX number`);
      const date = /^\d{4}-\d{2}-\d{2}/.exec(row.date!)?.[0];
      if (!date) throw new SourceShapeError(SERVICE, url, `date "${row.date}" is not xsd:date`);
      const entry = byCelex.get(row.celex!) ?? { date, languages: new Set(), titles: new Map() };
      entry.languages.add(language);
      entry.titles.set(language, row.title!);
      byCelex.set(row.celex!, entry);
    }
    const base = [...byCelex.keys()].find((celex) => !CONSOLIDATED_CELEX.test(celex));
    if (!base) throw new SourceShapeError(SERVICE, url, 'only consolidated versions, no original act');
    const versions: SourceVersion[] = [...byCelex.entries()].map(([celex, entry]) => {
      const consolidated = CONSOLIDATED_CELEX.exec(celex);
      return {
        actId: base,
        versionId: celex,
        kind: consolidated ? 'consolidated' : 'original',
        // A consolidation's CELEX ends in the date it is in force from (…-20160504).
        date: consolidated ? `${consolidated[1]}-${consolidated[2]}-${consolidated[3]}` : entry.date,
        languages: [...entry.languages].sort(),
      };
    });
    versions.sort((a, b) => a.date.localeCompare(b.date));
    const titles = byCelex.get(base)!.titles;
    return { actId: base, title: titles.get('en') ?? [...titles.values()][0]!, versions };
  }

  async fetch(version: SourceVersion, language: string): Promise<FetchedFile[]> {
    const euLanguage = EU_LANGUAGES[language];
    if (!euLanguage) throw new SourceNotFoundError(`${language} is not an EU language`);
    // The resource URI keeps a treaty CELEX's slash (/resource/celex/12016P/TXT).
    const url = `${this.baseUrl}/resource/celex/${encodeURIComponent(version.versionId).replace(/%2F/g, '/')}`;
    const answer = await this.client.get(url, { accept: FORMEX_ACCEPT, acceptLanguage: euLanguage.toLowerCase() });
    if (answer.status === 404 || answer.status === 406) {
      throw new SourceNotFoundError(`CELLAR has no ${language} Formex 4 text of ${version.versionId} (${url})`);
    }
    let files: FetchedFile[];
    if (answer.status === 300) files = await this.fetchListed(answer.body, answer.url, euLanguage);
    else if (answer.status === 200) files = this.filesOf(answer.body, answer.contentType, answer.url);
    else throw new SourceHttpError(SERVICE, url, answer.status);
    requireFormexManifest(files, answer.url);
    return files;
  }

  /** 300 Multiple Choices: the manifestation's streams, listed as links; each one is fetched. */
  private async fetchListed(body: Uint8Array, url: string, euLanguage: string): Promise<FetchedFile[]> {
    const hrefs = [...new TextDecoder().decode(body).matchAll(/\bhref\s*=\s*"([^"]+)"/g)].map((m) => m[1]!);
    if (hrefs.length === 0) throw new SourceShapeError(SERVICE, url, '300 Multiple Choices without links');
    if (hrefs.length > MAX_LISTED_PARTS) {
      throw new SourceShapeError(SERVICE, url, `${hrefs.length} listed parts (at most ${MAX_LISTED_PARTS})`);
    }
    const origin = new URL(url).origin;
    const parts = await Promise.all(
      hrefs.map(async (href) => {
        const partUrl = new URL(href.replace(/&amp;/g, '&'), url).toString();
        // The list is the service's answer: its links stay on the service, never elsewhere.
        if (new URL(partUrl).origin !== origin) {
          throw new SourceShapeError(SERVICE, url, `a listed part on another host: ${partUrl}`);
        }
        const answer = await this.client.get(partUrl, {
          accept: FORMEX_ACCEPT,
          acceptLanguage: euLanguage.toLowerCase(),
        });
        if (answer.status !== 200) throw new SourceHttpError(SERVICE, partUrl, answer.status);
        const name = decodeURIComponent(new URL(answer.url).pathname.split('/').pop() ?? '');
        return this.filesOf(answer.body, answer.contentType, answer.url, /\.xml$/i.test(name) ? name : `${name}.xml`);
      }),
    );
    return parts.flat();
  }

  private filesOf(body: Uint8Array, contentType: string, url: string, name = 'DOC_1.xml'): FetchedFile[] {
    const type = contentType.split(';')[0]!.trim().toLowerCase();
    if (type === 'application/zip') {
      try {
        return unzipPackage(body);
      } catch (error) {
        throw new SourceShapeError(SERVICE, url, `a malformed zip package (${(error as Error).message})`);
      }
    }
    if (type === 'application/xml' || type === 'text/xml') return [{ name, content: body }];
    throw new SourceShapeError(SERVICE, url, `content type "${contentType || 'none'}" instead of Formex zip or XML`);
  }
}

/** Every package must hold Formex 4 files the parser recognizes, or nothing of it is used. */
function requireFormexManifest(files: FetchedFile[], url: string) {
  const decoder = new TextDecoder();
  const formex = files.filter((file) =>
    formexParser.detect(decoder.decode(file.content.slice(0, HEAD_LENGTH)), file.name),
  );
  if (formex.length === 0) {
    const names = files.map((file) => file.name).join(', ') || 'no files';
    throw new SourceShapeError(SERVICE, url, `a package without Formex 4 files (${names})`);
  }
}

type EuSubject = { celex: string } | { eli: string };

function parseEuId(id: string): EuSubject {
  const trimmed = id.trim();
  const celex = trimmed.replace(/^CELEX:/i, '').toUpperCase();
  if (CELEX.test(celex) || CONSOLIDATED_CELEX.test(celex)) return { celex };
  const eli = ELI.exec(trimmed);
  if (eli) return { eli: `http://data.europa.eu/${eli[1]!.toLowerCase()}` };
  throw new SourceNotFoundError(`"${trimmed}" is neither a CELEX number (32016R0679) nor an ELI (eli/reg/2016/679/oj)`);
}

/** The act and its consolidations, each with the languages it has a Formex 4 manifestation in. */
function versionsQuery(subject: EuSubject): string {
  const act =
    'celex' in subject
      ? `?act cdm:resource_legal_id_celex "${subject.celex}"^^xsd:string .`
      : `?act cdm:resource_legal_eli "${subject.eli}"^^xsd:anyURI .`;
  return `PREFIX cdm: <http://publications.europa.eu/ontology/cdm#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT DISTINCT ?celex ?date ?lang ?title WHERE {
  ${act}
  { BIND(?act AS ?work) } UNION { ?work cdm:act_consolidated_consolidates_resource_legal ?act . }
  ?work cdm:resource_legal_id_celex ?celex ; cdm:work_date_document ?date .
  ?expression cdm:expression_belongs_to_work ?work ; cdm:expression_uses_language ?lang ;
    cdm:expression_title ?title .
  ?manifestation cdm:manifestation_manifests_expression ?expression ; cdm:manifestation_type ?type .
  FILTER(str(?type) = "fmx4")
}`;
}

/** SPARQL 1.1 Query Results JSON (W3C): every row must bind every variable asked for. */
function readSparqlRows(body: Uint8Array, url: string, vars: string[]): Record<string, string>[] {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new SourceShapeError(SERVICE, url, `not JSON (starts "${new TextDecoder().decode(body.slice(0, 40))}")`);
  }
  const bindings = (json as { results?: { bindings?: unknown } } | null)?.results?.bindings;
  if (!Array.isArray(bindings)) throw new SourceShapeError(SERVICE, url, 'JSON without results.bindings[]');
  return bindings.map((binding: unknown, index) => {
    const row: Record<string, string> = {};
    for (const name of vars) {
      const value = (binding as Record<string, { value?: unknown }> | null)?.[name]?.value;
      if (typeof value !== 'string') {
        throw new SourceShapeError(SERVICE, url, `results.bindings[${index}] without ${name}.value`);
      }
      row[name] = value;
    }
    return row;
  });
}
