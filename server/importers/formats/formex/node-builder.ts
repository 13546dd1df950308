// The mutable state of one Formex tree build: unique node paths, the text-after-children rule,
// the number waiting to be glued to flattened text, and the included files still to inline.
import type { ParsedNode } from '../../model.js';
import { uniquePath } from '../shared/paths.js';
import { normalizeWhitespace } from '../shared/whitespace.js';
import type { LoadedComponent } from './package.js';

export class NodeBuilder {
  private readonly usedPaths = new Set<string>();
  /** Included files (INCL.ELEMENT) waiting to be inlined, in document order. */
  inclusions: LoadedComponent[] = [];
  /** A number ('1.', '(a)') in flattened text, glued to the text unit that follows it. */
  pendingPrefix = '';

  constructor(readonly language: string) {}

  node(nodeType: string, rawType: string, wantedPath: string, citeKey?: string, title?: string): ParsedNode {
    const node: ParsedNode = {
      nodeType,
      rawType,
      path: uniquePath(this.usedPaths, wantedPath),
      texts: [],
      children: [],
    };
    // Citations are typed with plain spaces; the OJ writes 'Article\u00a01'.
    if (citeKey) node.citeKey = normalizeWhitespace(citeKey);
    if (title) node.title = title;
    return node;
  }

  /** Texts come before children in the model, so text after a child goes into a 'content' child. */
  addText(target: ParsedNode, text: string): void {
    if (!text.trim()) return;
    const unit = { [this.language]: `${this.pendingPrefix}${text}`.trim() };
    this.pendingPrefix = '';
    if (target.children.length === 0) {
      target.texts.push(unit);
      return;
    }
    let tail = target.children.at(-1);
    if (tail?.rawType !== 'TEXT') {
      tail = this.node('content', 'TEXT', `${target.path}/txt-${target.children.length + 1}`);
      target.children.push(tail);
    }
    tail.texts.push(unit);
  }
}
