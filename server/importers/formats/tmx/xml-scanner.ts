// A small streaming XML tokenizer for TMX. DGT-TM files are flat and large (up to 4 MB); a regex
// tokenizer with a tag stack is ~10x faster than building a DOM and still rejects ill-formed input.
import { ImportError } from '../../model.js';
import { lineAt } from '../shared/source-position.js';
import { doctypeEnd } from '../shared/xml-prolog.js';

export interface XmlHandler {
  open(name: string, attrs: Record<string, string>, offset: number): void;
  close(name: string, offset: number): void;
  text(text: string, offset: number): void;
}

const XML_TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|</y;
const XML_ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Feeds elements and text to `handler` in document order; throws an ImportError on ill-formed XML. */
export function scanXml(content: string, file: string, handler: XmlHandler): void {
  const stack: string[] = [];
  let rootClosed = false;
  XML_TOKEN.lastIndex = 0;
  while (XML_TOKEN.lastIndex < content.length) {
    const offset = XML_TOKEN.lastIndex;
    if (content.startsWith('<!DOCTYPE', offset)) {
      // Skipped by a linear scan: a regex alternative for it backtracked exponentially.
      const end = doctypeEnd(content, offset);
      if (end === -1) throw xmlError(file, content, offset, 'unclosed <!DOCTYPE');
      XML_TOKEN.lastIndex = end;
      continue;
    }
    const m = XML_TOKEN.exec(content);
    if (!m) break; // unreachable: the last alternative matches any '<'
    const [token, cdata, slash, name, rawAttrs, selfClose, text] = m;
    if (token === '<') throw xmlError(file, content, offset, 'malformed tag');
    if (text !== undefined || cdata !== undefined) {
      const value = cdata ?? decodeEntities(text ?? '', file, content, offset);
      if (stack.length > 0) handler.text(value.replace(/\r\n?/g, '\n'), offset);
      else if (value.trim()) throw xmlError(file, content, offset, 'text outside the root element');
      continue;
    }
    if (name === undefined) continue; // comment or processing instruction
    if (slash) {
      const expected = stack.pop();
      if (expected !== name) {
        throw xmlError(
          file,
          content,
          offset,
          expected ? `expected </${expected}>, found </${name}>` : `unexpected </${name}>`,
        );
      }
      handler.close(name, offset);
      rootClosed = stack.length === 0;
      continue;
    }
    if (rootClosed) {
      throw xmlError(file, content, offset, 'more than one root element');
    }
    handler.open(name, parseAttributes(rawAttrs ?? '', file, content, offset), offset);
    if (selfClose) {
      handler.close(name, offset);
      rootClosed = stack.length === 0;
    } else stack.push(name);
  }
  if (stack.length > 0) throw xmlError(file, content, content.length, `unclosed <${stack[stack.length - 1]}>`);
  if (!rootClosed) throw xmlError(file, content, 0, 'no root element (not an XML document)');
}

/** An ImportError placed at the line of `offset`. */
export function xmlError(file: string, content: string, offset: number, reason: string): ImportError {
  return new ImportError(file, `line ${lineAt(content, offset)}`, reason);
}

function parseAttributes(raw: string, file: string, content: string, offset: number): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of raw.matchAll(XML_ATTR)) {
    attrs[m[1] ?? ''] = decodeEntities(m[2] ?? m[3] ?? '', file, content, offset);
  }
  return attrs;
}

function decodeEntities(text: string, file: string, content: string, offset: number): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;\s&]*);?/g, (whole, ref: string) => {
    const decoded = decodeEntity(ref);
    if (decoded === undefined || !whole.endsWith(';')) {
      throw xmlError(file, content, offset, `invalid entity reference '${whole}'`);
    }
    return decoded;
  });
}

function decodeEntity(ref: string): string | undefined {
  if (ref in NAMED_ENTITIES) return NAMED_ENTITIES[ref];
  const m = /^#(?:x([0-9a-f]+)|(\d+))$/i.exec(ref);
  if (!m) return undefined;
  const code = m[1] ? parseInt(m[1], 16) : Number(m[2]);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
