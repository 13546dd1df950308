// Structural paths for AKN nodes: the element's own eId/id/wId when it has a usable one,
// otherwise parent path + element name + number (or ordinal); always unique within a document.
import type { Element } from '@xmldom/xmldom';
import { uniquePath } from '../shared/paths.js';
import { attr } from './dom.js';
import { isUuid } from '../../../../src/shared/uuid.js';

export interface PathRequest {
  /** Absent for loose text that has no element of its own. */
  element?: Element;
  name: string;
  parentPath: string;
  /** The node's number label (citeKey), used for generated paths. */
  label?: string;
  /** 1-based position among same-named siblings under the same parent node. */
  ordinal: number;
  /** Path of the enclosing attachment: ids inside an attachment are only unique within it. */
  scope?: string;
}

export class PathAllocator {
  private readonly used = new Set<string>();

  allocate(request: PathRequest): string {
    // Repeated paths get "~2", "~3", ... in document order.
    return uniquePath(this.used, explicitPath(request) ?? generatedPath(request));
  }
}

function explicitPath({ element, scope }: PathRequest): string | undefined {
  if (!element) return undefined;
  const id = [attr(element, 'eId'), attr(element, 'id'), attr(element, 'wId')].find(
    (value) => value !== undefined && !isUuid(value),
  );
  if (id === undefined) return undefined;
  return scope && !id.startsWith(scope) ? `${scope}/${id}` : id;
}

function generatedPath({ name, parentPath, label, ordinal }: PathRequest): string {
  const key = (label && slug(label)) || String(ordinal);
  const own = `${name}_${key}`;
  return parentPath ? `${parentPath}__${own}` : own;
}

/** "Art. 12-bis" -> "art-12-bis"; "(a)" -> "a". */
function slug(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
