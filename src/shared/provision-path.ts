// Readable provision addresses (`?p=cl-54/odst-2`): a provision's structural path is its node's
// external_id, which the importers build from the provision's numbers ('cl-54', 'par-10a',
// 'cl-54/odst-2/pism-a'; Akoma Ntoso eIds such as 'art_1__para_2'). Node ids belong to one version;
// the path is the same in every version that has the provision, so links and version switches
// keep the reader's place. Shared by the web app and the server's ELI redirects.

/** The part of a node the path needs. */
export interface PathNode {
  id: string;
  external_id: string;
}

/** `?p=` query key of a provision path. */
export const PROVISION_PATH_KEY = 'p';

/** Structural paths are short ASCII strings; anything else in `?p=` is ignored. */
const PATH_PATTERN = /^[\p{L}\p{N}_.~-]+(\/[\p{L}\p{N}_.~-]+)*$/u;

export const isProvisionPath = (value: string | undefined | null): value is string =>
  typeof value === 'string' &&
  value.length <= 300 &&
  PATH_PATTERN.test(value) &&
  !value.split('/').some((segment) => /^\.+$/.test(segment));

export const provisionPathOf = (node: Pick<PathNode, 'external_id'>) => node.external_id;

export const nodeByPath = <T extends PathNode>(nodes: readonly T[], path: string): T | undefined =>
  nodes.find((node) => node.external_id === path);

const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : undefined);
const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);
/** 'cl-10a' -> 'cl': siblings of one kind (articles, subsections) are compared with each other. */
const kindOf = (segment: string) => segment.replace(/[-_]?[\p{N}].*$/u, '');
const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * The node at `path`, else the nearest one present: its closest ancestor (odst. 3 gone -> its
 * article), else the previous sibling of the same kind (Čl. 103 repealed -> Čl. 102).
 */
export function nearestNodeByPath<T extends PathNode>(nodes: readonly T[], path: string): T | undefined {
  const exact = nodeByPath(nodes, path);
  if (exact) return exact;
  for (let ancestor = parentOf(path); ancestor !== undefined; ancestor = parentOf(ancestor)) {
    const found = nodeByPath(nodes, ancestor);
    if (found) return found;
  }
  const parent = parentOf(path);
  const segment = lastSegment(path);
  const kind = kindOf(segment);
  let best: T | undefined;
  for (const node of nodes) {
    if (parentOf(node.external_id) !== parent) continue;
    const candidate = lastSegment(node.external_id);
    if (kindOf(candidate) !== kind || byNumber(candidate, segment) >= 0) continue;
    if (!best || byNumber(candidate, lastSegment(best.external_id)) > 0) best = node;
  }
  return best;
}

/** Date of an `?at=` query (YYYY-MM-DD, a real day), else undefined. */
export function isoDateOrUndefined(value: string | undefined | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : undefined;
}
