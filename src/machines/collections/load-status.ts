// What a screen shows for a collection read by address: the machine's top state, named once
// for the public collection page and for a document inside a collection.
export type LoadStatus = 'loading' | 'loaded' | 'notFound' | 'invalid' | 'failed';
const SETTLED: readonly LoadStatus[] = ['loaded', 'notFound', 'invalid', 'failed'];

/** The top-level state of a snapshot (a string, or the one key of a nested value) as a LoadStatus. */
export function loadStatusOf(snapshot: { value: unknown }): LoadStatus {
  const { value } = snapshot;
  const top = typeof value === 'string' ? value : Object.keys(value as object)[0];
  return SETTLED.find((status) => status === top) ?? 'loading';
}
