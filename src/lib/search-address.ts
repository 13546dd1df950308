// Reader addresses of search answers: a provision hit opens its document at the provision
// (`?p=`), in the language of the text that matched and, for an older version, on that version.
import type { ProvisionHit, SearchResolution } from '../api/contract/search';
import { documentPath } from '../shared/document-path';
import { PROVISION_PATH_KEY } from '../shared/provision-path';

const MAIN_BRANCH = 'main';

function withQuery(path: string, entries: [string, string | null | undefined][]): string {
  const params = new URLSearchParams(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
  // `?p=cl-54/odst-1` reads better with its slashes kept: they are allowed in a query.
  const query = params.toString().replace(/%2F/gi, '/');
  return query ? `${path}?${query}` : path;
}

type HitPlace = Pick<ProvisionHit, 'document_id' | 'document_title' | 'path' | 'language' | 'branch_name'>;

/** `/documents/{id}-{slug}?p=…&lang=…` (and `&branch=` for a version other than main). */
export const hitPath = (hit: HitPlace) =>
  withQuery(documentPath(hit.document_id, hit.document_title), [
    ['branch', hit.branch_name === MAIN_BRANCH ? undefined : hit.branch_name],
    [PROVISION_PATH_KEY, hit.path],
    ['lang', hit.language],
  ]);

/** The document, or the provision, a citation or name in the query resolved to. */
export const resolutionPath = (resolution: SearchResolution) =>
  withQuery(documentPath(resolution.document_id, resolution.title), [
    ['branch', resolution.branch_name === MAIN_BRANCH ? undefined : resolution.branch_name],
    [PROVISION_PATH_KEY, resolution.path],
  ]);

/** The search screen for some words. */
export const searchPath = (q: string) => withQuery('/search', [['q', q.trim()]]);
