// Lines that open no unit: a heading title for the node just opened, intro text before any
// structure, text of the deepest open node, or the signature and footnote blocks at the end.
import { normalizeWhitespace } from '../shared/whitespace.js';
import { isHeadingAboveArticle, looksLikeArticleTitle } from './titles.js';
import { addText, openContent, type BuildState } from './tree.js';

export function addLooseText(state: BuildState, text: string, nextText: string | undefined): void {
  if (state.awaitingTitle?.kind !== 'group' && isHeadingAboveArticle(text, nextText)) {
    state.awaitingTitle = undefined;
    state.pendingArticleTitle = text;
    return;
  }
  const pending = state.awaitingTitle;
  state.awaitingTitle = undefined;
  if (pending?.kind === 'group' && !pending.node.title) {
    pending.node.title = normalizeWhitespace(text);
    return;
  }
  if (pending?.kind === 'article' && looksLikeArticleTitle(text, nextText)) {
    pending.node.title = normalizeWhitespace(text);
    return;
  }
  const target = state.stack.at(-1)?.node ?? state.looseContent ?? openContent(state, 'uvod', 'Úvod', 'úvod');
  addText(state, target, text);
}

export function handleSignature(state: BuildState, text: string): void {
  // Signatures before any structure (e.g. a promulgating resolution) belong to the intro.
  if (!state.seenStructure) {
    addLooseText(state, text, undefined);
    return;
  }
  const node =
    state.afterSignatures && state.looseContent?.rawType === 'podpisy'
      ? state.looseContent
      : openContent(state, 'podpisy', 'Podpisy', 'podpisy');
  state.afterSignatures = true;
  addText(state, node, text);
}

export function handleFootnote(state: BuildState, text: string): void {
  const node =
    state.inFootnotes && state.looseContent
      ? state.looseContent
      : openContent(state, 'poznamky', 'Poznámky pod čarou', 'poznámky');
  state.inFootnotes = true;
  addText(state, node, text);
}
