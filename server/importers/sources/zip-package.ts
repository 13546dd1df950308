// Opens the zip packages CELLAR serves (one Formex file per member, DOC_1.xml ...).
import { unzipSync } from 'fflate';
import type { FetchedFile } from './source.js';

/** The files of a zip archive (folders left out); throws with the reason when it is not one. */
export function unzipPackage(body: Uint8Array): FetchedFile[] {
  const entries = unzipSync(body);
  return Object.entries(entries)
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, content]) => ({ name: name.split('/').pop()!, content }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}
