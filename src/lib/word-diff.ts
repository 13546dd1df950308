// Word-level differences between an old and a new text (jsdiff's diffWordsWithSpace): what the
// comparison screen marks as struck-through deletions and underlined insertions.
import { diffWordsWithSpace } from 'diff';

export type DiffPartKind = 'same' | 'removed' | 'added';

export interface DiffPart {
  kind: DiffPartKind;
  text: string;
}

/**
 * The old text turned into the new one, in reading order. Words, punctuation and runs of
 * whitespace are the units, so 'zapíše.' -> 'zapíše elektronicky.' inserts ' elektronicky'.
 */
export function wordDiff(oldText: string, newText: string): DiffPart[] {
  const raw: DiffPart[] = diffWordsWithSpace(oldText, newText)
    .filter((change) => change.value !== '')
    .map((change) => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value }));
  return mergeRuns(absorbLoneSpaces(raw));
}

/**
 * A space alone between two changed words belongs to the change: 'a b' -> 'x y' reads as one
 * replaced phrase, not two replaced words with an unchanged space between them.
 */
function absorbLoneSpaces(parts: DiffPart[]): DiffPart[] {
  return parts.flatMap((part, index) => {
    const before = parts[index - 1];
    const after = parts[index + 1];
    const between = before && after && before.kind !== 'same' && after.kind !== 'same';
    if (part.kind === 'same' && between && part.text.trim() === '') {
      return [
        { kind: 'removed', text: part.text },
        { kind: 'added', text: part.text },
      ];
    }
    return [part];
  });
}

/** Each run of changes becomes one deletion followed by one insertion; equal runs join. */
function mergeRuns(parts: DiffPart[]): DiffPart[] {
  const merged: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) merged.push({ kind: 'removed', text: removed });
    if (added) merged.push({ kind: 'added', text: added });
    removed = added = '';
  };
  for (const part of parts) {
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else {
      flush();
      const last = merged.at(-1);
      if (last?.kind === 'same') last.text += part.text;
      else merged.push({ ...part });
    }
  }
  flush();
  return merged;
}

/** The parts one side shows: the old text without insertions, or the new without deletions. */
export function sideOf(parts: DiffPart[], side: 'old' | 'new'): DiffPart[] {
  const hidden: DiffPartKind = side === 'old' ? 'added' : 'removed';
  return parts.filter((part) => part.kind !== hidden);
}

/** True when a part changes only whitespace (invisible unless the screen shows it). */
export const isWhitespaceOnly = (part: DiffPart) => part.kind !== 'same' && part.text.trim() === '';

/** Share of the words of both texts that the change keeps (0: everything rewritten, 1: unchanged). */
export function keptShare(parts: DiffPart[]): number {
  const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  let kept = 0;
  let total = 0;
  for (const part of parts) {
    const count = words(part.text);
    total += part.kind === 'same' ? 2 * count : count;
    if (part.kind === 'same') kept += 2 * count;
  }
  return total === 0 ? 1 : kept / total;
}

/**
 * Below this share the old and the new wording read better as two whole texts than as one text
 * with most of it struck through and most of it inserted.
 */
export const REWORDED_BELOW = 0.35;
