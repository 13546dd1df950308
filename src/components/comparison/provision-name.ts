// A provision as a lawyer names it: its citation ('Čl. 54 odst. 2') and title, else its path.
interface Named {
  citation: string | null;
  cite_key: string | null;
  title: string | null;
  path: string;
}

export function provisionName(item: Named): string {
  const citation = item.citation ?? item.cite_key;
  if (citation && item.title) return `${citation} – ${item.title}`;
  return citation ?? item.title ?? item.path;
}
