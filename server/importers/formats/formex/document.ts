// Assembles ParsedDocuments from Formex: a whole package (manifest + act + annexes) or a single
// component file, with ids, title and OJ data from the bibliography.
import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import { ImportError, type ParsedDocument, type ParsedNode } from '../../model.js';
import { listSiblings } from './files.js';
import { bibliography, documentLanguage, type Bibliography } from './metadata.js';
import { NodeBuilder } from './node-builder.js';
import { resolveInclusions, resolvePackage } from './package.js';
import { actNodes, annexNode } from './tree.js';

/** A DOC manifest: its act and annexes become one document. */
export function parsePackage(manifest: Element, file: string): ParsedDocument {
  const pkg = resolvePackage(manifest, file, true);
  if (!pkg) throw new ImportError(file, 'FMX', 'package could not be resolved');
  const siblings = listSiblings(path.dirname(file), file);
  const language = documentLanguage(pkg.act.root, file);
  const builder = new NodeBuilder(language);
  const nodes = [
    ...actNodes(pkg.act.root, builder),
    ...pkg.annexes.map((annex, i) => annexNode(annex.root, i + 1, builder, resolveInclusions(annex, siblings))),
  ];
  const bib = bibliography(pkg.act.root, manifest);
  return assembleDocument(bib, language, nodes, [file, pkg.act.file, ...pkg.annexes.map((a) => a.file)]);
}

/** An act or annex file no manifest claims: a document of its own. */
export function parseStandalone(root: Element, file: string): ParsedDocument {
  const language = documentLanguage(root, file);
  const builder = new NodeBuilder(language);
  const siblings = listSiblings(path.dirname(file), file);
  const nodes =
    root.nodeName === 'ANNEX' || root.nodeName === 'CONS.ANNEX'
      ? [annexNode(root, 1, builder, resolveInclusions({ file, root }, siblings))]
      : actNodes(root, builder);
  return assembleDocument(bibliography(root, undefined), language, nodes, [file]);
}

function assembleDocument(bib: Bibliography, language: string, nodes: ParsedNode[], files: string[]): ParsedDocument {
  const externalId = bib.celex ?? bib.ojReference ?? path.basename(files[0] ?? 'formex');
  const sourceIds: Record<string, string> = { file: files.map((f) => path.basename(f)).join(' ') };
  if (bib.celex) sourceIds.celex = bib.celex;
  if (bib.eli) sourceIds.eli = bib.eli;
  if (bib.ojReference) sourceIds.oj = bib.ojReference;
  return {
    externalId,
    metadata: {
      title: bib.title ?? externalId,
      ...(bib.kind ? { kind: bib.kind } : {}),
      ...(bib.authors.length ? { issuer: bib.authors.join(', ') } : {}),
      sourceSystem: 'formex',
      sourceIds,
    },
    ...(bib.ojDate ? { publishedDate: bib.ojDate } : {}),
    languages: [language],
    nodes,
  };
}
