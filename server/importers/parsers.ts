// The format parsers, in the order their content sniffing is tried.
import type { FormatParser } from './model.js';
import { tmxParser } from './formats/tmx.js';
import { akomaNtosoParser } from './formats/akoma-ntoso.js';
import { formexParser } from './formats/formex.js';
import { esbirkaJsonParser } from './formats/esbirka-json.js';
import { czechMarkdownParser } from './formats/czech-markdown.js';

export const PARSERS: readonly FormatParser[] = [
  tmxParser,
  akomaNtosoParser,
  formexParser,
  esbirkaJsonParser,
  czechMarkdownParser,
];

/** How much of a file the sniffers see. */
export const HEAD_LENGTH = 4096;

export function detectParser(content: string, file: string): FormatParser | undefined {
  const head = content.slice(0, HEAD_LENGTH);
  return PARSERS.find((parser) => parser.detect(head, file));
}
