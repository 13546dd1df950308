// Akoma Ntoso 3.0 parser (incl. CSD13/WD17 drafts and the LegalDocML.de profile): one file is
// one version of a work. LegalDocML.de wrapper documents (rechtsetzungsdokument) yield nothing.
import type { Element } from '@xmldom/xmldom';
import { ImportError, type FormatParser, type ParsedDocument } from '../model.js';
import { childElements, elementPath, isAknElement, localName, parseXml } from './akn/dom.js';
import { readMetadata } from './akn/metadata.js';
import { buildTree } from './akn/tree.js';
import { prologEnd } from './shared/xml-prolog.js';

const AKN_ROOT = /<(?:[A-Za-z_][\w.-]*:)?akomaNtoso[\s/>]/y;

const BODY_ELEMENTS = new Set([
  'body',
  'mainBody',
  'collectionBody',
  'judgmentBody',
  'debateBody',
  'amendmentBody',
  'portionBody',
]);

/** What a collection holds when it only points at other files. */
const REFERENCE_ELEMENTS = new Set(['component', 'documentRef', 'componentRef']);

export const akomaNtosoParser: FormatParser = {
  name: 'akoma-ntoso',

  detect(head: string): boolean {
    AKN_ROOT.lastIndex = prologEnd(head);
    return AKN_ROOT.test(head);
  },

  parse(content: string, file: string): ParsedDocument[] {
    const documentElement = findDocumentElement(content, file);
    if (isWrapperCollection(documentElement)) return [];
    const aknNamespace = documentElement.namespaceURI ?? null;
    requireBody(documentElement, file);
    const isLegalDocMlDe = /LegalDocML\.de/i.test(aknNamespace ?? '');
    const metadata = readMetadata(documentElement, file, isLegalDocMlDe);
    const nodes = buildTree(documentElement, metadata.languages[0] ?? 'und', aknNamespace);
    if (nodes.length === 0) throw new ImportError(file, elementPath(documentElement), 'document has no content');
    return [{ ...metadata, nodes }];
  },
};

/** The act/bill/doc/... element under the akomaNtoso root. */
function findDocumentElement(content: string, file: string): Element {
  const root = parseXml(content, file).documentElement;
  if (!root || localName(root) !== 'akomaNtoso') {
    throw new ImportError(file, root ? elementPath(root) : 'document', 'root element is not akomaNtoso');
  }
  const documentElement = childElements(root).find((child) => isAknElement(child, root.namespaceURI ?? null));
  if (!documentElement) {
    throw new ImportError(file, elementPath(root), 'no document element (act, bill, doc, ...) under akomaNtoso');
  }
  return documentElement;
}

/**
 * A LegalDocML.de rechtsetzungsdokument only lists its components (regelungstext, anlage) by
 * file name; each component is imported from its own file, so the wrapper adds nothing.
 */
function isWrapperCollection(documentElement: Element): boolean {
  if (localName(documentElement) !== 'documentCollection') return false;
  const collectionBody = childElements(documentElement, 'collectionBody')[0];
  return collectionBody !== undefined && allDescendantsAreReferences(collectionBody);
}

function allDescendantsAreReferences(element: Element): boolean {
  return childElements(element).every(
    (child) => REFERENCE_ELEMENTS.has(localName(child)) && allDescendantsAreReferences(child),
  );
}

function requireBody(documentElement: Element, file: string): void {
  const hasBody = childElements(documentElement).some((child) => BODY_ELEMENTS.has(localName(child)));
  if (!hasBody) throw new ImportError(file, elementPath(documentElement), 'no body or mainBody element');
}
