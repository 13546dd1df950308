// File access for Formex packages: reading component files, and sniffing the other XML files
// of a package folder (root element, NO.SEQ) without parsing them.
import fs from 'node:fs';
import path from 'node:path';
import { rootElementName } from '../shared/xml-prolog.js';

export interface SiblingInfo {
  file: string;
  root: string;
  noSeq?: string;
}

/** The other XML files in `dir` (not `except`), sorted by name, that have a root element. */
export function listSiblings(dir: string, except: string): SiblingInfo[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.xml'))
    .map((name) => path.join(dir, name))
    .filter((file) => file !== except)
    .sort()
    .map(sniffSibling)
    .filter((info): info is SiblingInfo => info !== undefined);
}

/** Root name and BIB.INSTANCE/NO.SEQ from the first few KB: cheap enough for every sibling. */
function sniffSibling(file: string): SiblingInfo | undefined {
  const head = readHead(file, 8192);
  const root = rootElementName(head);
  if (!root) return undefined;
  const noSeq = /<BIB\.INSTANCE>[\s\S]*?<NO\.SEQ>([^<]+)<\/NO\.SEQ>/.exec(head)?.[1]?.trim();
  return { file, root, ...(noSeq ? { noSeq } : {}) };
}

/** A component file's text: UTF-16 by BOM, else UTF-8 (BOM dropped). */
export function readText(file: string): string {
  const bytes = fs.readFileSync(file);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

function readHead(file: string, size: number): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const read = fs.readSync(fd, buffer, 0, size, 0);
    return new TextDecoder('utf-8').decode(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
}
