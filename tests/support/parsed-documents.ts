// Helpers for tests of the format parsers: parse a file, find nodes in the parsed tree, check
// its paths, and catch the ImportError a parser throws.
import { expect } from 'vitest';
import { flattenNodes } from '../../server/importers/formats/czech-structure.js';
import { ImportError, type FormatParser, type ParsedDocument, type ParsedNode } from '../../server/importers/model.js';
import { readText } from './fixtures.js';

export { flattenNodes };

/** Parses a UTF-8 file, named by its path. */
export function parseFile(parser: FormatParser, file: string): ParsedDocument[] {
  return parser.parse(readText(file), file);
}

/** Parses a UTF-8 file that must hold exactly one document, and returns it. */
export function parseOne(parser: FormatParser, file: string): ParsedDocument {
  const documents = parseFile(parser, file);
  expect(documents).toHaveLength(1);
  return documents[0]!;
}

const nodesOf = (tree: ParsedDocument | ParsedNode[]) => flattenNodes(Array.isArray(tree) ? tree : tree.nodes);

/** The node at a path, or undefined. */
export function findNode(tree: ParsedDocument | ParsedNode[], nodePath: string): ParsedNode | undefined {
  return nodesOf(tree).find((node) => node.path === nodePath);
}

/** The node at a path; throws, listing the paths there are, when there is none. */
export function getNode(tree: ParsedDocument | ParsedNode[], nodePath: string): ParsedNode {
  const found = findNode(tree, nodePath);
  if (!found)
    throw new Error(
      `no node ${nodePath}; have ${nodesOf(tree)
        .map((node) => node.path)
        .join(', ')}`,
    );
  return found;
}

/** No two nodes of the document share a path. */
export function expectUniquePaths(document: ParsedDocument, label?: string): void {
  const paths = flattenNodes(document.nodes).map((node) => node.path);
  expect(new Set(paths).size, label).toBe(paths.length);
}

/** The ImportError that `run` throws; any other outcome fails the test. */
export function importErrorOf(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}
