// Turns every cite-key and citation form ('odst. 2', '(b)', 'Čl. I', 'Articolo 12-bis') into a bare
// lower-case token, and tells which reference level a tree node stands for.
import { NODE_TYPES, type ParsedNode } from '../model.js';

/** The levels a reference can name. 'scope' is an annex: a container for relative references only. */
export type NodeLevel = 'article' | 'paragraph' | 'clause' | 'scope';

// A leading keyword ('§', 'Čl.', 'odst.', 'paragraph') is stripped only when a token follows it,
// so a bare Roman 'I.' or letter 'b.' stays a token.
const LEADING_KEYWORD = /^(?:§+|\p{L}+\.|\p{L}{2,}(?=\s))\s*(?=\S)/u;
// Dotted chapter numbers ('21.25') stay whole; a trailing dot ('2.') is punctuation.
// Older German numbering writes '§ 90 a' for '§ 90a'.
const SPACED_LETTER = /^(\d+)\s+(\p{Ll})(?!\p{L})/u;
const FIRST_WORD = /^\(?([\p{L}\p{N}]+(?:-\p{L}+|\.\p{N}+)*)/u;

/** '§ 10a' → '10a', '§ 90 a' → '90a', 'odst. 2' → '2', '(b)' → 'b', 'písm. ch)' → 'ch', 'Articolo 12-bis' → '12bis'. */
export function normalizeToken(raw: string): string {
  const trimmed = raw.trim();
  const withoutKeyword = trimmed.replace(LEADING_KEYWORD, '').replace(SPACED_LETTER, '$1$2');
  const word = FIRST_WORD.exec(withoutKeyword);
  return word?.[1] ? word[1].replace('-', '').toLowerCase() : '';
}

const ARTICLE_KEY = /^\s*(?:§|čl\.|článek|článok|art\.|article|artikel|articolo)/iu;
const PARAGRAPH_KEY = /^\s*(?:odst\.|ods\.|odstavec|odsek|paragraph|para\.|abs\.|absatz|comma|paragraphe|alinéa)/iu;
const CLAUSE_KEY = /^\s*(?:písm\.|písmeno|bod|point|nr\.|nummer|buchst|lit\.|lettera|numero)/iu;
const NORMALIZED_TYPES: ReadonlySet<string> = new Set(NODE_TYPES);

/** The level a node stands for, or null for structure the references never name (parts, content). */
export function classifyNode(node: ParsedNode): NodeLevel | null {
  const type = node.nodeType;
  if (type === 'article' || type === 'paragraph' || type === 'clause') return type;
  if (type === 'schedule' || type === 'appendix') return 'scope';
  if (NORMALIZED_TYPES.has(type)) return null;
  return classifyRawNode(type, node.citeKey ?? '');
}

// Raw element names ('akn:point', 'ITEM') carry no normalized type: the cite-key keyword decides,
// then the element name.
function classifyRawNode(rawName: string, citeKey: string): NodeLevel | null {
  if (ARTICLE_KEY.test(citeKey)) return 'article';
  if (PARAGRAPH_KEY.test(citeKey)) return 'paragraph';
  if (CLAUSE_KEY.test(citeKey)) return 'clause';
  const name = rawName.toLowerCase();
  if (/point|item|indent|letter/.test(name)) return 'clause';
  if (name.includes('paragraph')) return 'paragraph';
  if (name.includes('article')) return 'article';
  return null;
}
