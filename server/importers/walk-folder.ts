// The files of a folder as an import reads them, for a local import and for the CLI sending files
// to a server alike: sorted, hidden entries and links to folders passed over (a link could loop),
// links to files followed, and folders nested deeper than MAX_PATH_DEPTH passed over (a path
// of thousands of folders would take the walk's recursion and the file system's path limits).
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_PATH_DEPTH } from '../../src/api/contract/admin-imports.js';
import { problemOf, type ImportProblem } from './import-problem.js';

export async function walkFolder(
  folder: string,
  found: { files: string[]; passedOver: ImportProblem[] } = { files: [], passedOver: [] },
  /** Segments from the walked folder to `folder`: its entries' paths have one more. */
  depth = 0,
) {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.name.startsWith('.')) found.passedOver.push(problemOf(full, 'hidden'));
    else if (entry.isDirectory()) {
      // Its files would have more segments than an import takes (an upload refuses them too).
      if (depth + 1 >= MAX_PATH_DEPTH) found.passedOver.push(problemOf(full, 'too_deep'));
      else await walkFolder(full, found, depth + 1);
    } else if (entry.isFile()) found.files.push(full);
    else if (entry.isSymbolicLink()) {
      const target = await fs.stat(full).catch(() => undefined);
      if (target?.isFile()) found.files.push(full);
      else found.passedOver.push(problemOf(full, target ? 'folder_link' : 'broken_link'));
    } else found.passedOver.push(problemOf(full, 'not_a_file'));
  }
  return found;
}
