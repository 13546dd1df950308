// Opens the zip packages CELLAR serves (one Formex file per member, DOC_1.xml ...).
import { unzipSync } from 'fflate';
import type { FetchedFile } from './source.js';

/** Members and unpacked bytes of one package: an act with its annexes is a few dozen files, a few MB. */
export const PACKAGE_LIMITS = { files: 500, bytes: 256 * 1024 * 1024 };

/**
 * The files of a zip archive (folders left out); throws with the reason when it is not one, or
 * when it would unpack past PACKAGE_LIMITS (a zip bomb is refused before anything is inflated:
 * fflate inflates each member into a buffer of its declared size, so the declared sizes bound it).
 *
 * The central directory is the attacker's to write, so each of its numbers is checked against
 * what fflate will actually allocate. A stored (uncompressed) member is copied out by its
 * compressed size, never checked against its declared unpacked size (a member declaring 0 bytes
 * can yield 100 kB): such a member must declare the same size twice, and each member counts the
 * larger of its two sizes. And many directory entries may point at the same data (each copied
 * out anew), so the members' compressed sizes together may not exceed the archive itself.
 */
export function unzipPackage(body: Uint8Array, limits = PACKAGE_LIMITS): FetchedFile[] {
  let files = 0;
  let bytes = 0;
  let packed = 0;
  const entries = unzipSync(body, {
    filter: (member) => {
      files += 1;
      bytes += Math.max(member.size, member.originalSize);
      packed += member.size;
      if (files > limits.files) throw new Error(`more than ${limits.files} members`);
      if (member.compression === 0 && member.size !== member.originalSize)
        // The name is left out: it is the sender's text and ends up in a log.
        throw new Error(`a stored member declares ${member.originalSize} bytes but holds ${member.size}`);
      if (packed > body.byteLength) throw new Error('members overlap (their packed sizes exceed the archive)');
      if (bytes > limits.bytes) throw new Error(`more than ${limits.bytes / 1024 / 1024} MB unpacked`);
      return true;
    },
  });
  return Object.entries(entries)
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, content]) => ({ name: name.split('/').pop()!, content }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}
