// The importer tests' small hand-written input files (tests/fixtures/importers), and reading
// files the way the tests need them: whole, as a detection head, as bytes decoded like the import
// pipeline, or as a sorted folder listing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeFileContent } from '../../server/importers/decode.js';

export const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/importers');
export const fixturePath = (...parts: string[]) => path.join(FIXTURES_DIR, ...parts);

/** A UTF-8 file's text. */
export const readText = (file: string): string => fs.readFileSync(file, 'utf8');

/** The first `length` characters of a UTF-8 file: what a parser's `detect` is given. */
export const readHead = (file: string, length: number): string => readText(file).slice(0, length);

/** A file's text decoded like the import pipeline does it (UTF-16 by BOM, else UTF-8). */
export const readDecoded = (file: string): string => decodeFileContent(fs.readFileSync(file));

export { decodeFileContent };

/** The names in a folder, sorted. */
export const listNames = (dir: string): string[] => fs.readdirSync(dir).sort();
