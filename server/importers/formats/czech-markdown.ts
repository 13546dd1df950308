// Reader for Czech law in Markdown with YAML front matter: consolidated statutes (czech-law-md,
// `citace`, `ucinnost_od`) and the Czech Pirate Party's rules (pirati/sbirka, `zkratka`, `účinnost`).

import path from 'node:path';
import { parseDocument } from 'yaml';
import { ImportError, type FormatParser, type ParsedDocument } from '../model.js';
import {
  findAdoptionDate,
  findEnactingIssuer,
  isStructureMarker,
  normalizeText,
  parseCzechDate,
  parseCzechStructure,
  type StructureLine,
} from './czech-structure.js';

type FrontMatter = Record<string, unknown>;

interface MarkdownFile {
  frontMatter: FrontMatter;
  /** Body lines with their 1-based line numbers in the whole file. */
  body: Array<{ text: string; line: number }>;
}

// ---------------------------------------------------------------------------------------------
// Front matter

function splitFrontMatter(content: string, file: string): MarkdownFile {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') {
    return { frontMatter: {}, body: lines.map((text, i) => ({ text, line: i + 1 })) };
  }
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  if (close < 0) throw new ImportError(file, 'line 1', 'front matter opened with --- is never closed');
  const frontMatter = parseFrontMatter(lines.slice(1, close).join('\n'), file);
  const body = lines.slice(close + 1).map((text, i) => ({ text, line: close + 2 + i }));
  return { frontMatter, body };
}

function parseFrontMatter(yamlText: string, file: string): FrontMatter {
  const doc = parseDocument(yamlText);
  const error = doc.errors[0];
  if (error) {
    // +1: the YAML starts on line 2, after the opening '---'.
    const line = (error.linePos?.[0]?.line ?? 0) + 1;
    throw new ImportError(file, `line ${line}`, `front matter is not valid YAML: ${error.message.split('\n')[0]}`);
  }
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ImportError(file, 'line 2', 'front matter must be a YAML mapping of keys to values');
  }
  return value as FrontMatter;
}

/** A front matter value as trimmed text; YAML may have read dates as Date objects. */
function field(frontMatter: FrontMatter, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = frontMatter[key];
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

function isoDateField(frontMatter: FrontMatter, ...keys: string[]): string | undefined {
  const value = field(frontMatter, ...keys);
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  return parseCzechDate(value);
}

// ---------------------------------------------------------------------------------------------
// Markdown → statute lines

/** Removes inline Markdown that carries no legal meaning: bold, italics, links, escapes. */
function stripInlineMarkdown(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__/g, '')
    .replace(/(^|\s)[*_](\S[^*_]*\S|\S)[*_](?=\s|$|[.,;:])/g, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1');
}

interface BodyContext {
  /** The document's own name, dropped when repeated as a heading ('## Statut technického odboru'). */
  documentTitle?: string;
  /** Whether the text numbers its articles with '§': '#### 23a Nadpis' then means '§ 23a Nadpis'. */
  usesParagraphSign: boolean;
}

function sameTitle(a: string, b: string | undefined): boolean {
  return b !== undefined && normalizeText(a).toLowerCase() === normalizeText(b).toLowerCase();
}

/**
 * One Markdown line as a statute line. Headings are recognised by their TEXT ('§ 5', 'Čl. 10a',
 * 'HLAVA PRVNÍ'), not by their depth; a heading without a marker becomes a group heading, except
 * the document's own title and '# 1/1993 Sb.', which are metadata.
 */
function toStructureLine(raw: string, line: number, context: BodyContext): StructureLine | undefined {
  const heading = /^\s{0,3}(#{1,6})\s*(.*?)\s*#*\s*$/.exec(raw);
  if (!heading) {
    // An indented '(1)' item under a letter ('* d) ...' then '  * (1) ...') is a point of that
    // letter, not a new paragraph of the article.
    const nested = /^\s+[-*+]\s+\((\d+)\)\s*(.*)$/.exec(raw);
    if (nested) return { text: `${nested[1]}) ${stripInlineMarkdown(nested[2]!)}`, line };
    const text = stripInlineMarkdown(raw.replace(/^\s*(?:[-*+]|>)\s+/, ''));
    return normalizeText(text) ? { text, line } : undefined;
  }
  const text = normalizeText(stripInlineMarkdown(heading[2]!));
  if (!text) return undefined;
  if (isStructureMarker(text)) return { text, line };
  const numbered = /^(\d+[a-z]?)\.?\s+(\p{Lu}.*)$/u.exec(text);
  if (numbered && context.usesParagraphSign) return { text: `§ ${numbered[1]} ${numbered[2]}`, line };
  const level = heading[1]!.length;
  if (sameTitle(text, context.documentTitle) || (level === 1 && /\d+\/\d{4}\s*Sb\./.test(text))) return undefined;
  return { text, line, isHeading: true };
}

function toStructureLines(body: MarkdownFile['body'], documentTitle: string | undefined): StructureLine[] {
  const usesParagraphSign = body.some((l) => /^\s*#{1,6}\s*(\*\*)?\s*§\s*\d/.test(l.text));
  const context: BodyContext = { documentTitle, usesParagraphSign };
  return body.flatMap(({ text, line }) => toStructureLine(text, line, context) ?? []);
}

// ---------------------------------------------------------------------------------------------
// Metadata for the two sources

type SourceSystem = 'czech-law-md' | 'pirati-sbirka';

/** czech-law-md files cite the law ('citace'); Pirate rules carry 'zkratka' / 'původce'. */
function sourceSystemOf(frontMatter: FrontMatter, file: string): SourceSystem {
  if (field(frontMatter, 'citace')) return 'czech-law-md';
  if (field(frontMatter, 'zkratka', 'původce', 'název')) return 'pirati-sbirka';
  throw new ImportError(file, 'line 1', 'front matter names neither the law (citace) nor the rule (zkratka, název)');
}

/**
 * Pirate rules have no official number. The folder name (the rule's abbreviation, e.g. 'stto')
 * is the stable key shared by all dated versions, while `zkratka` changes spelling between
 * versions ('STTO' vs 'StTO'); so the id is `pirati/<folder>` in lower case, with `zkratka` only
 * as a fallback when the file does not sit in a folder.
 */
function pirateExternalId(frontMatter: FrontMatter, file: string): string {
  const folder = path.basename(path.dirname(file));
  const key = folder && folder !== '.' && folder !== path.sep ? folder : field(frontMatter, 'zkratka');
  if (!key) throw new ImportError(file, 'line 1', 'cannot name the rule: no folder and no zkratka in the front matter');
  return `pirati/${key.toLowerCase()}`;
}

function dateFromFileName(file: string): string | undefined {
  return /(\d{4}-\d{2}-\d{2})\.md$/i.exec(path.basename(file))?.[1];
}

/** 'vnitřní předpis vydaný republikovým výborem' → 'vnitřní předpis'. */
function pirateKind(frontMatter: FrontMatter): string | undefined {
  const strength = field(frontMatter, 'síla');
  if (strength) return strength.replace(/\s+(vydan|schválen)\p{L}*\s.*$/u, '');
  return field(frontMatter, 'typ');
}

function titleFromBody(body: MarkdownFile['body']): string | undefined {
  const heading = body.find((l) => /^\s{0,3}#{1,2}\s+\S/.test(l.text));
  return heading ? normalizeText(stripInlineMarkdown(heading.text.replace(/^\s*#+\s*/, ''))) : undefined;
}

// ---------------------------------------------------------------------------------------------
// The parser

function parseMarkdown(content: string, file: string): ParsedDocument {
  const { frontMatter, body } = splitFrontMatter(content, file);
  const system = sourceSystemOf(frontMatter, file);
  const title = field(frontMatter, 'nazev', 'název') ?? titleFromBody(body);
  const lines = toStructureLines(body, title);
  if (lines.length === 0) {
    const place = body[0] ? `line ${body[0].line}` : 'line 1';
    throw new ImportError(file, place, 'no text after the front matter');
  }
  // A Pirate version that only says 'zrušen' (repealed) keeps that word as its one 'uvod' node.
  const structure = parseCzechStructure(lines);
  const externalId = system === 'czech-law-md' ? field(frontMatter, 'citace')! : pirateExternalId(frontMatter, file);
  const effectiveDate = isoDateField(frontMatter, 'ucinnost_od', 'účinnost');
  const versionDate = effectiveDate ?? isoDateField(frontMatter, 'platnost') ?? dateFromFileName(file);
  const plainLines = lines.map((l) => l.text);

  const sourceIds: Record<string, string> = { file: path.basename(file) };
  for (const key of ['eli', 'zkratka', 'stav']) {
    const value = field(frontMatter, key);
    if (value) sourceIds[key] = value;
  }

  return {
    externalId,
    metadata: {
      title: title ?? externalId,
      kind: system === 'czech-law-md' ? field(frontMatter, 'druh')?.toLowerCase() : pirateKind(frontMatter),
      issuer: field(frontMatter, 'původce', 'puvodce') ?? findEnactingIssuer(plainLines.slice(0, 12)),
      sourceSystem: system,
      sourceIds,
    },
    publishedDate:
      system === 'czech-law-md'
        ? (findAdoptionDate(field(frontMatter, 'datum') ?? '') ?? isoDateField(frontMatter, 'datum'))
        : isoDateField(frontMatter, 'schváleno'),
    effectiveDate,
    versionDate,
    languages: [structure.language],
    nodes: structure.nodes,
  };
}

const FRONT_MATTER_KEYS = /^(citace|nazev|název|zkratka)\s*:/m;
const MARKDOWN_CZECH_MARKER = /^\s{0,3}#{1,6}\s*(\*\*)?\s*(§\s*\d|Čl\.\s*\d|HLAVA\s|ČÁST\s)/m;

export const czechMarkdownParser: FormatParser = {
  name: 'czech-markdown',
  detect(head: string): boolean {
    const text = head.replace(/^\uFEFF/, '');
    if (/^---\r?\n/.test(text) && FRONT_MATTER_KEYS.test(text)) return true;
    return !text.trimStart().startsWith('{') && !text.trimStart().startsWith('<') && MARKDOWN_CZECH_MARKER.test(text);
  },
  parse(content: string, file: string): ParsedDocument[] {
    return [parseMarkdown(content, file)];
  },
};
