// A provision's name in the language it is read in. The importers keep the name in the act's main
// language (`title`) and, where the source names it in several ('Secretariat' / 'Sekretariát' in an
// EU act), each language's (`titles`); a reading language without one falls back to `title`.
import type { Node } from '../../api/contract';

/** The node's name in `lang` (ISO 639-1) when the source gives it, else its stored title. */
export function nameInLanguage(
  node: Pick<Node, 'title' | 'titles'> | undefined,
  lang: string | undefined,
): string | null {
  if (!node) return null;
  return (lang && node.titles?.[lang]) || node.title;
}
