// Opens the zip packages CELLAR serves (one Formex file per member, DOC_1.xml ...).
import { unzipSync } from 'fflate';
import type { FetchedFile } from './source.js';

/** Members and unpacked bytes of one package: an act with its annexes is a few dozen files, a few MB. */
export const PACKAGE_LIMITS = { files: 500, bytes: 256 * 1024 * 1024 };

/**
 * The files of a zip archive (folders left out); throws with the reason when it is not one, or
 * when it would unpack past PACKAGE_LIMITS (a zip bomb is refused before anything is inflated:
 * fflate inflates each member into a buffer of its declared size, so the declared sizes bound it).
 */
export function unzipPackage(body: Uint8Array, limits = PACKAGE_LIMITS): FetchedFile[] {
  let files = 0;
  let bytes = 0;
  const entries = unzipSync(body, {
    filter: (member) => {
      files += 1;
      bytes += member.originalSize;
      if (files > limits.files) throw new Error(`more than ${limits.files} members`);
      if (bytes > limits.bytes) throw new Error(`more than ${limits.bytes / 1024 / 1024} MB unpacked`);
      return true;
    },
  });
  return Object.entries(entries)
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, content]) => ({ name: name.split('/').pop()!, content }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}
