// Reader for e-Sbírka JSON extracts ({metadata, extracted.full_text}): the originally published
// wording of a Czech act, parsed with the shared Czech structure parser.

import path from 'node:path';
import { ImportError, type FormatParser, type ParsedDocument, type ParsedNode } from '../model.js';
import { lineAt } from './shared/source-position.js';
import {
  findAdoptionDate,
  findEffectiveDate,
  findEnactingIssuer,
  flattenNodes,
  normalizeText,
  parseCzechStructure,
  type StructureLine,
} from './czech-structure.js';

interface EsbirkaFile {
  /** effective_from: the date of effect of a consolidated wording (sources/esbirka.ts writes it). */
  metadata: { number: string; year: string; source?: string; version?: string; effectiveFrom?: string };
  fullText: string;
}

// ---------------------------------------------------------------------------------------------
// Reading and validating the JSON

function parseJson(content: string, file: string): unknown {
  try {
    return JSON.parse(content);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const place = position ? `line ${lineAt(content, Number(position[1]))}` : '$';
    throw new ImportError(file, place, `invalid JSON: ${message}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(value: unknown, file: string, place: string): string {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  throw new ImportError(file, place, 'missing or empty value');
}

function readEsbirkaFile(content: string, file: string): EsbirkaFile {
  const json = parseJson(content, file);
  if (!isRecord(json)) throw new ImportError(file, '$', 'expected a JSON object');
  const metadata = json.metadata;
  if (!isRecord(metadata)) throw new ImportError(file, '$.metadata', 'missing metadata object');
  const extracted = json.extracted;
  if (!isRecord(extracted)) throw new ImportError(file, '$.extracted', 'missing extracted object');
  if (typeof extracted.full_text !== 'string' || extracted.full_text.trim() === '') {
    throw new ImportError(file, '$.extracted.full_text', 'missing or empty full_text');
  }
  return {
    metadata: {
      number: requireString(metadata.number, file, '$.metadata.number'),
      year: requireString(metadata.year, file, '$.metadata.year'),
      source: typeof metadata.source === 'string' ? metadata.source : undefined,
      version: typeof metadata.version === 'string' ? metadata.version : undefined,
      effectiveFrom:
        typeof metadata.effective_from === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(metadata.effective_from)
          ? metadata.effective_from
          : undefined,
    },
    fullText: extracted.full_text,
  };
}

// ---------------------------------------------------------------------------------------------
// Header: kind, issuer, title

/** Header words that name the kind of act, longest first so 'ÚSTAVNÍ ZÁKON' beats 'ZÁKON'. */
const KINDS = [
  'ústavní zákon',
  'ústavný zákon',
  'zákonné opatření',
  'nařízení vlády',
  'ústavní dekret',
  'dekret',
  'zákon',
  'nařízení',
  'vyhláška',
  'usnesení',
  'sdělení',
  'opatření',
];

const KIND_LINE = new RegExp(`^(${KINDS.join('|')})(?=\\s|,|$)`, 'iu');

/** Issuers as the header names them (genitive) → how we name them. */
const ISSUER_GENITIVES: Record<string, string> = {
  'české národní rady': 'Česká národní rada',
  'předsednictva české národní rady': 'Předsednictvo České národní rady',
  'federálního shromáždění': 'Federální shromáždění',
  vlády: 'Vláda',
  'slovenské národní rady': 'Slovenská národní rada',
};

interface Header {
  kind?: string;
  issuer?: string;
  title?: string;
}

function isDateLine(line: string): boolean {
  return /^(ze|zo)\s+d(ne|ňa)\s/u.test(line);
}

function isAllCaps(text: string): boolean {
  return /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
}

/** Proper names that stay capitalized when an all-caps heading is put into sentence case. */
const PROPER_NAMES = [
  'České republiky',
  'Česká republika',
  'Slovenské republiky',
  'Evropské unie',
  'Listiny základních práv a svobod',
  'Listina základních práv a svobod',
  'České a Slovenské Federativní Republiky',
];

function sentenceCase(allCaps: string): string {
  let text = allCaps.toLowerCase();
  text = text.charAt(0).toUpperCase() + text.slice(1);
  for (const name of PROPER_NAMES) {
    text = text.replace(new RegExp(name.toLowerCase(), 'gu'), name);
  }
  return text;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The lines before the enacting clause ('... se usnesla na tomto zákoně:'). */
function headerLines(lines: string[]): string[] {
  const end = lines.findIndex((l) => /(usnesl|usniesl)\p{L}*\s+(se\s+|sa\s+)?(na|takto)/u.test(l));
  return lines.slice(0, end >= 0 ? end : Math.min(lines.length, 8));
}

/**
 * Reads kind, issuer and title from the header: 'ÚSTAVNÍ ZÁKON / České národní rady / ze dne ... /
 * ÚSTAVA ČESKÉ REPUBLIKY' → an all-caps name becomes the title in sentence case; otherwise the
 * subject line 'o ...' / 'kterým se ...' is appended to the kind: 'Zákon o preventivní restrukturalizaci'.
 */
function readHeader(allLines: string[]): Header {
  const lines = headerLines(allLines);
  const header: Header = {};
  let subject: string | undefined;
  let name: string | undefined;
  for (const line of lines) {
    const kindMatch = KIND_LINE.exec(line);
    if (kindMatch && !header.kind) {
      header.kind = kindMatch[1]!.toLowerCase();
      const issuerText = line
        .slice(kindMatch[0].length)
        .replace(/\s*(ze|zo)\s+d(ne|ňa)\s.*$/u, '')
        .trim();
      if (issuerText) header.issuer = ISSUER_GENITIVES[issuerText.toLowerCase()] ?? issuerText;
      continue;
    }
    if (isDateLine(line) || /^(Čís\.\s*)?\d+\.?$/u.test(line)) continue;
    const issuer = ISSUER_GENITIVES[line.toLowerCase()];
    if (issuer) {
      header.issuer ??= issuer;
      continue;
    }
    if (!name && isAllCaps(line)) name = line;
    else if (!subject && /^(o\s|kterým|kterou|ktorým|,)/u.test(line)) subject = line;
  }
  header.issuer ??= findEnactingIssuer(allLines.slice(0, lines.length + 1));
  header.title = buildTitle(header.kind, name, subject);
  return header;
}

function buildTitle(
  kind: string | undefined,
  name: string | undefined,
  subject: string | undefined,
): string | undefined {
  if (name) return sentenceCase(name);
  if (!subject) return kind ? capitalize(kind) : undefined;
  const cleaned = subject.replace(/[.,]$/, '').trim();
  if (!kind) return capitalize(cleaned);
  const joiner = /^(kter|ktor)/u.test(cleaned) ? ', ' : ' ';
  return `${capitalize(kind)}${joiner}${cleaned}`;
}

// ---------------------------------------------------------------------------------------------
// The parser

function toStructureLines(fullText: string): StructureLine[] {
  return fullText.split(/\r?\n/).map((text, index) => ({ text, line: index + 1 }));
}

function countArticles(nodes: ParsedNode[]): number {
  return flattenNodes(nodes).filter((n) => n.nodeType === 'article').length;
}

function parseEsbirka(content: string, file: string): ParsedDocument {
  const { metadata, fullText } = readEsbirkaFile(content, file);
  const structure = parseCzechStructure(toStructureLines(fullText));
  if (countArticles(structure.nodes) === 0) {
    throw new ImportError(file, '$.extracted.full_text', 'no articles (§ N or Čl. N) found in the text');
  }
  const lines = fullText.split(/\r?\n/).map(normalizeText).filter(Boolean);
  const header = readHeader(lines);
  const externalId = `${metadata.number}/${metadata.year} Sb.`;
  const publishedDate = findAdoptionDate(fullText);
  const effectiveDate = findEffectiveDate(fullText);
  return {
    externalId,
    metadata: {
      title: header.title ?? externalId,
      kind: header.kind,
      issuer: header.issuer,
      sourceSystem: 'e-sbirka',
      sourceIds: {
        file: path.basename(file),
        ...(metadata.version ? { esbirka_version: metadata.version } : {}),
      },
    },
    publishedDate,
    effectiveDate,
    // The files hold the originally published wording: it is in force from the effective date.
    // A consolidated wording from e-Sbírka says from when it is in force.
    versionDate: metadata.effectiveFrom ?? effectiveDate ?? publishedDate,
    languages: [structure.language],
    nodes: structure.nodes,
  };
}

export const esbirkaJsonParser: FormatParser = {
  name: 'esbirka-json',
  detect(head: string): boolean {
    const trimmed = head.trimStart();
    if (!trimmed.startsWith('{')) return false;
    if (/"source"\s*:\s*"e-sbirka"/.test(trimmed)) return true;
    return trimmed.includes('"extracted"') && trimmed.includes('"full_text"');
  },
  parse(content: string, file: string): ParsedDocument[] {
    return [parseEsbirka(content, file)];
  },
};
