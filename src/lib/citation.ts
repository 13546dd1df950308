// The citation of a provision as lawyers write it, in the reading language's own form:
//   cs: 'čl. 54 odst. 2 ústavního zákona č. 1/1993 Sb., Ústava České republiky, ve znění účinném od 1. 1. 2026'
//   en: 'Article 54(2) of Constitutional Act No. 1/1993 Coll., the Constitution of the Czech Republic,
//        as in force from 1 January 2026'
//   EU: 'Article 5(1)(a) of Regulation (EU) 2016/679 ..., OJ L 119, 4.5.2016, p. 1 (CELEX 32016R0679)'
// Built from what the library holds: the document's number, title and metadata (kind, OJ, CELEX),
// the provision's cite keys up to its article or section, and the version's date of effect.
import type { Node } from '../api/contract';
import { actCitation, type CitationLanguage, type CitedAct } from '../shared/act-citation';
import { provisionChain } from './provision-cite';

export { citationDate, type CitationLanguage, type CitedAct } from '../shared/act-citation';

/** One level of a provision's address: Čl. 54 -> article 54, odst. 2 -> paragraph 2, písm. a) -> letter a. */
export interface ProvisionPart {
  kind: 'article' | 'section' | 'paragraph' | 'letter' | 'point' | 'indent' | 'other';
  label: string;
}

const PART_PATTERNS: [RegExp, ProvisionPart['kind']][] = [
  [/^(?:čl\.|článek|article|art\.|artikel)\s*(\S+?)\.?$/iu, 'article'],
  [/^§\s*(\S+)$/u, 'section'],
  [/^(?:odst\.|odstavec|paragraph|para\.)\s*\(?([\p{L}\p{N}]+)\)?\.?$/iu, 'paragraph'],
  [/^(?:písm\.|písmeno|letter)\s*\(?([\p{L}]+)\)?$/iu, 'letter'],
  [/^(?:bod|point)\s*\(?([\p{L}\p{N}]+)\)?\.?$/iu, 'point'],
  [/^(?:indent|pododstavec)\s*(\S+)$/iu, 'indent'],
];

/** A cite key read as one part of an address; numbers alone ('1', '(a)', 'b)') by the node's type. */
export function provisionPart(citeKey: string, nodeType: string): ProvisionPart {
  const key = citeKey.trim();
  for (const [pattern, kind] of PART_PATTERNS) {
    const match = pattern.exec(key);
    if (match) {
      // A point written '(a)' is a letter; '(1)' a numbered point.
      if (kind === 'point' && /^\p{L}+$/u.test(match[1]!) && !/^[ivxl]+$/u.test(match[1]!))
        return { kind: 'letter', label: match[1]! };
      return { kind, label: match[1]! };
    }
  }
  const bare = /^\(?([\p{L}\p{N}]+)[.)]?\)?$/u.exec(key);
  if (bare) {
    const label = bare[1]!;
    if (nodeType === 'paragraph') return { kind: 'paragraph', label };
    return /^\p{N}+$/u.test(label) ? { kind: 'point', label } : { kind: 'letter', label };
  }
  return { kind: 'other', label: key };
}

/** The parts of a node's address, from its article or section down; keyless levels are skipped. */
export function provisionParts(node: Node, nodesById: ReadonlyMap<string, Node>): ProvisionPart[] {
  return provisionChain(node, nodesById).flatMap((link) =>
    link.cite_key ? [provisionPart(link.cite_key, link.node_type)] : [],
  );
}

/** 'čl. 54 odst. 2 písm. a) bod 1', '§ 14 odst. 4'. */
function czechProvision(parts: readonly ProvisionPart[]): string {
  return parts
    .map((part, index) => {
      switch (part.kind) {
        case 'article':
          return `čl. ${part.label}`;
        case 'section':
          return `§ ${part.label}`;
        case 'paragraph':
          return `odst. ${part.label}`;
        case 'letter':
          return `písm. ${part.label})`;
        case 'point':
          return `bod ${part.label}`;
        case 'indent':
          return `${part.label}. pododstavec`;
        default:
          // A heading ('Hlava 3', 'Preambule') opens the citation in lower case only after others.
          return index === 0 ? part.label : part.label.toLowerCase();
      }
    })
    .join(' ');
}

/** 'Article 54(2)(a)', 'Section 14(4)(d)(1)'. */
function englishProvision(parts: readonly ProvisionPart[]): string {
  let text = '';
  for (const part of parts) {
    switch (part.kind) {
      case 'article':
        text += `${text ? ' ' : ''}Article ${part.label}`;
        break;
      case 'section':
        text += `${text ? ' ' : ''}Section ${part.label}`;
        break;
      case 'indent':
        text += `${text ? ', ' : ''}indent ${part.label}`;
        break;
      case 'other':
        text += `${text ? ' ' : ''}${part.label}`;
        break;
      default:
        text += text ? `(${part.label})` : `${part.kind} (${part.label})`;
    }
  }
  return text;
}

export function provisionText(parts: readonly ProvisionPart[], lang: CitationLanguage): string {
  return lang === 'cs' ? czechProvision(parts) : englishProvision(parts);
}

export interface CitationInput {
  act: CitedAct;
  /** The reading language; languages without a form of their own use the English one. */
  lang: string;
  /** The version's date of effect. */
  validFrom: string | null;
  node?: Node;
  nodesById?: ReadonlyMap<string, Node>;
}

/** The full citation of a provision (or of the act, without a node) in the reading language. */
export function citationOf({ act, lang, validFrom, node, nodesById = new Map() }: CitationInput): string {
  const language: CitationLanguage = lang === 'cs' ? 'cs' : 'en';
  const parts = node ? provisionParts(node, nodesById) : [];
  const actText = actCitation(act, language, validFrom, parts.length === 0);
  if (parts.length === 0) return actText;
  const provision = provisionText(parts, language);
  return language === 'cs' ? `${provision} ${actText}` : `${provision} of ${actText}`;
}
