// Hands fetched files to the existing pipeline: one folder per version and language, laid out as
// the format detector expects (a Formex package's members side by side, as CELLAR names them).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FetchedFile } from './source.js';

/** Writes the files into `folder` (created) and returns their paths. Names never leave the folder. */
export async function writeFetchedFiles(folder: string, files: FetchedFile[]): Promise<string[]> {
  await fs.mkdir(folder, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    const name = path.basename(file.name);
    if (!name || name.startsWith('.')) throw new Error(`a fetched file has an unusable name: "${file.name}"`);
    const target = path.join(folder, name);
    await fs.writeFile(target, file.content);
    written.push(target);
  }
  return written;
}

/** A folder name for a version id ('02016R0679-20160504', '/sb/1993/1/2026-01-01'). */
export function folderNameOf(versionId: string): string {
  const name = versionId.replace(/^\/+/, '').replace(/[^A-Za-z0-9._()-]+/g, '_');
  // '.' and '..' would name the work folder itself or its parent.
  return /^\.*$/.test(name) ? `_${name}` : name;
}
