// The files of a folder as an import reads them, for a local import and for the CLI sending files
// to a server alike: sorted, hidden entries and links to folders passed over (a link could loop),
// links to files followed.
import fs from 'node:fs/promises';
import path from 'node:path';
import { problemOf, type ImportProblem } from './import-problem.js';

export async function walkFolder(
  folder: string,
  found: { files: string[]; passedOver: ImportProblem[] } = { files: [], passedOver: [] },
) {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.name.startsWith('.')) found.passedOver.push(problemOf(full, 'hidden'));
    else if (entry.isDirectory()) await walkFolder(full, found);
    else if (entry.isFile()) found.files.push(full);
    else if (entry.isSymbolicLink()) {
      const target = await fs.stat(full).catch(() => undefined);
      if (target?.isFile()) found.files.push(full);
      else found.passedOver.push(problemOf(full, target ? 'folder_link' : 'broken_link'));
    } else found.passedOver.push(problemOf(full, 'not_a_file'));
  }
  return found;
}
