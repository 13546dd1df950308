// Czech law from e-Sbírka (Ministry of the Interior): the public JSON interface its web app reads
// (/sbr-cache/dokumenty-sbirky/{stale URL}, .../historie, .../fragmenty?cisloStranky=N). Each
// wording (znění) becomes one e-Sbírka JSON file of the shape formats/esbirka-json.ts reads.
import { PoliteClient, type PoliteClientOptions } from './polite-client.js';
import type { FetchedFile, LawSource, ResolvedAct, SourceVersion } from './source.js';
import { SourceHttpError, SourceNotFoundError, SourceShapeError } from './source-errors.js';

export interface EsbirkaOptions extends Omit<PoliteClientOptions, 'service'> {
  /** Default https://www.e-sbirka.cz. */
  baseUrl?: string;
}

const SERVICE = 'e-Sbírka';
const NUMBER_YEAR = /^(?:č\.\s*)?(\d{1,4})\s*\/\s*(\d{4})(?:\s*Sb\.?)?$/i;
const ELI = /^(?:https?:\/\/(?:www\.)?e-sbirka\.cz)?\/?eli\/cz\/sb\/(\d{4})\/(\d{1,4})\/?$/i;
const STALE_URL = /^\/sb\/(\d{4})\/(\d{1,4})\/(\d{4}-\d{2}-\d{2})$/;
/** The promulgated wording's stale URL date (before any consolidation). */
const PROMULGATED = '0000-00-00';
const WORDING_KINDS = new Set(['VYHLASENE', 'MINULE', 'AKTUALNI', 'BUDOUCI']);

/** Pages of fragments walked for one wording: the longest codes have a few hundred. */
const MAX_FRAGMENT_PAGES = 2_000;

export class EsbirkaSource implements LawSource {
  readonly name = 'e-sbirka';
  private readonly client: PoliteClient;
  private readonly baseUrl: string;

  constructor(options: EsbirkaOptions = {}) {
    this.client = new PoliteClient({ ...options, service: SERVICE });
    this.baseUrl = (options.baseUrl ?? 'https://www.e-sbirka.cz').replace(/\/$/, '');
  }

  async resolve(id: string): Promise<ResolvedAct> {
    const { number, year } = parseCzechId(id);
    const actId = `${number}/${year} Sb.`;
    const act = await this.getJson(this.documentUrl(`/sb/${year}/${number}`), actId);
    const title = stringField(act, 'nazev', this.documentUrl(`/sb/${year}/${number}`));
    const historyUrl = `${this.documentUrl(`/sb/${year}/${number}`)}/historie`;
    const history = await this.getJson(historyUrl, actId);
    const items = Array.isArray(history) ? history : (history as { seznam?: unknown })?.seznam;
    if (!Array.isArray(items) || items.length === 0) {
      throw new SourceShapeError(SERVICE, historyUrl, 'no list of wordings (expected seznam[])');
    }
    const wordings = items.map((item, index) => readWording(item, index, historyUrl, number, year));
    // The promulgated wording is in force from the act's date of effect (or its first consolidation's).
    const actEffect = (act as { datumUcinnostiOd?: unknown }).datumUcinnostiOd;
    const firstEffect =
      (typeof actEffect === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(actEffect)?.[0] : undefined) ??
      wordings
        .map((w) => w.date)
        .filter(Boolean)
        .sort()[0];
    const versions: SourceVersion[] = wordings.map((wording) => {
      const date = wording.date ?? firstEffect;
      if (!date)
        throw new SourceShapeError(SERVICE, historyUrl, `wording ${wording.staleUrl} without a date of effect`);
      return {
        actId,
        versionId: wording.staleUrl,
        kind: wording.promulgated ? 'original' : 'consolidated',
        date,
        languages: ['cs'],
      };
    });
    versions.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
    return { actId, title, versions };
  }

  async fetch(version: SourceVersion, language: string): Promise<FetchedFile[]> {
    if (language !== 'cs')
      throw new SourceNotFoundError(`e-Sbírka has ${version.actId} in Czech only, not ${language}`);
    const stale = STALE_URL.exec(version.versionId);
    if (!stale) throw new SourceNotFoundError(`"${version.versionId}" is not an e-Sbírka wording`);
    const lines: string[] = [];
    let pages = 1;
    for (let page = 0; page < pages; page++) {
      const url = `${this.documentUrl(version.versionId)}/fragmenty?cisloStranky=${page}`;
      const answer = await this.getJson(url, version.actId);
      const count = (answer as { pocetStranek?: unknown })?.pocetStranek;
      const list = (answer as { seznam?: unknown })?.seznam;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || !Array.isArray(list)) {
        throw new SourceShapeError(SERVICE, url, `expected {pocetStranek, seznam[]}, got ${describeJson(answer)}`);
      }
      // The service says how many pages; a count past any real act's is refused, not walked.
      if (count > MAX_FRAGMENT_PAGES) {
        throw new SourceShapeError(SERVICE, url, `${count} pages of fragments (at most ${MAX_FRAGMENT_PAGES})`);
      }
      pages = count;
      list.forEach((fragment, index) => {
        const xhtml = (fragment as { xhtml?: unknown })?.xhtml;
        if (typeof xhtml !== 'string') throw new SourceShapeError(SERVICE, url, `seznam[${index}] without xhtml`);
        const text = textOfXhtml(xhtml);
        if (text) lines.push(text);
      });
    }
    if (lines.length === 0) throw new SourceShapeError(SERVICE, version.versionId, 'a wording without fragments');
    const file = {
      metadata: {
        number: stale[2],
        year: stale[1],
        source: 'e-sbirka',
        version: version.versionId,
        effective_from: version.date,
      },
      extracted: { full_text: lines.join('\n\n') },
    };
    const name = `${stale[2]}_${stale[1]}_${stale[3] === PROMULGATED ? 'vyhlasene' : stale[3]}.json`;
    return [{ name, content: new TextEncoder().encode(JSON.stringify(file, null, 1)) }];
  }

  private documentUrl(staleUrl: string): string {
    return `${this.baseUrl}/sbr-cache/dokumenty-sbirky/${encodeURIComponent(staleUrl)}`;
  }

  private async getJson(url: string, actId: string): Promise<unknown> {
    const answer = await this.client.get(url, { accept: 'application/json' });
    // e-Sbírka answers 400 (not 404) for numbers it does not have.
    if (answer.status === 404 || answer.status === 400) {
      throw new SourceNotFoundError(`e-Sbírka has no ${actId} (${answer.status} for ${url})`);
    }
    if (answer.status !== 200) throw new SourceHttpError(SERVICE, url, answer.status);
    if (!/^application\/json\b/i.test(answer.contentType)) {
      throw new SourceShapeError(SERVICE, url, `content type "${answer.contentType || 'none'}" instead of JSON`);
    }
    try {
      return JSON.parse(new TextDecoder().decode(answer.body));
    } catch {
      throw new SourceShapeError(SERVICE, url, 'JSON that does not parse');
    }
  }
}

interface Wording {
  staleUrl: string;
  date?: string;
  promulgated: boolean;
}

function readWording(item: unknown, index: number, url: string, number: string, year: string): Wording {
  const record = item as Record<string, unknown> | null;
  const staleUrl = record?.staleUrl;
  const stale = typeof staleUrl === 'string' ? STALE_URL.exec(staleUrl) : null;
  if (!stale || stale[1] !== year || String(Number(stale[2])) !== number) {
    throw new SourceShapeError(SERVICE, url, `seznam[${index}].staleUrl is ${JSON.stringify(staleUrl)}`);
  }
  const kind = record?.typZneni;
  if (typeof kind !== 'string' || !WORDING_KINDS.has(kind)) {
    throw new SourceShapeError(SERVICE, url, `seznam[${index}].typZneni is ${JSON.stringify(kind)}`);
  }
  const from = record?.datumUcinnostiZneniOd ?? record?.datumUcinnostiOd;
  const date = typeof from === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(from)?.[0] : undefined;
  const promulgated = kind === 'VYHLASENE' || stale[3] === PROMULGATED;
  return { staleUrl: staleUrl as string, date: date ?? (promulgated ? undefined : stale[3]), promulgated };
}

function parseCzechId(id: string): { number: string; year: string } {
  const trimmed = id.trim();
  const match = NUMBER_YEAR.exec(trimmed);
  if (match) return { number: String(Number(match[1])), year: match[2]! };
  const eli = ELI.exec(trimmed);
  if (eli) return { number: String(Number(eli[2])), year: eli[1]! };
  throw new SourceNotFoundError(`"${trimmed}" is not a Czech act number (1/1993, 89/2012 Sb., eli/cz/sb/1993/1)`);
}

function stringField(json: unknown, field: string, url: string): string {
  const value = (json as Record<string, unknown> | null)?.[field];
  if (typeof value === 'string' && value.trim()) return value.trim();
  throw new SourceShapeError(SERVICE, url, `no ${field} (got ${describeJson(json)})`);
}

function describeJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)?.slice(0, 60) ?? String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `an object with ${Object.keys(value).join(', ') || 'no keys'}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A fragment's XHTML as plain text: tags dropped, entities decoded, spaces collapsed. */
function textOfXhtml(xhtml: string): string {
  return xhtml
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
}
