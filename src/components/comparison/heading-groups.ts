// Changes grouped under the headings they stand in (Hlava 3 · Moc výkonná), in document order: a
// new group starts where the heading changes, so a list reads like the act's own outline.
interface Heading {
  path: string;
  cite_key: string | null;
  title: string | null;
}

interface Placed {
  citation: string | null;
  headings: Heading[];
}

export interface HeadingGroup<T> {
  /** Unique in the list (the same headings may come back after another group). */
  key: string;
  context: string;
  /** The enclosing headings not already said by the citation ('Čl. 54' is in 'Čl. 54 odst. 2'). */
  headings: Heading[];
  items: T[];
}

const contextOf = (item: Placed) =>
  item.headings.filter((h) => !(h.cite_key && item.citation?.startsWith(h.cite_key) && !h.title));

export function groupByHeading<T extends Placed>(items: T[]): HeadingGroup<T>[] {
  const groups: HeadingGroup<T>[] = [];
  for (const item of items) {
    const headings = contextOf(item);
    const context = headings.map((h) => h.path).join('|');
    const last = groups.at(-1);
    if (last && last.context === context) last.items.push(item);
    else groups.push({ key: `${context}#${groups.length}`, context, headings, items: [item] });
  }
  return groups;
}

/** Source headings set in capitals: shown in small capitals so they do not shout (text unchanged). */
export const isAllCaps = (text: string) => /\p{Lu}{3}/u.test(text) && text === text.toLocaleUpperCase('cs');
