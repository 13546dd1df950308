// Node paths shared by the parsers: 'parent/child' segments, and '~2', '~3' suffixes that keep
// a path unique when the same number occurs twice in one document.

export function joinPath(parent: string | undefined, segment: string): string {
  return parent ? `${parent}/${segment}` : segment;
}

/** Reserves `wanted` in `used`, or the first free 'wanted~2', 'wanted~3', ... in document order. */
export function uniquePath(used: Set<string>, wanted: string): string {
  let candidate = wanted;
  for (let n = 2; used.has(candidate); n++) candidate = `${wanted}~${n}`;
  used.add(candidate);
  return candidate;
}
