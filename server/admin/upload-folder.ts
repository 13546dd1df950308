// The folder uploads wait in while they are imported: this user's alone. The default is
// /tmp/lexhub-uploads, a name anyone on the machine can take first: as a link to a folder of
// theirs, or a folder they own, they could read the uploads or swap a file between its upload and
// its import. So the folder is made 0700 and refused when it is a link or another user's.
import fsp from 'node:fs/promises';
import path from 'node:path';

/** Makes `folder` (0700) or checks the one there; throws naming the folder and what is wrong. */
export async function prepareUploadFolder(folder: string): Promise<void> {
  await fsp.mkdir(path.dirname(folder), { recursive: true });
  await fsp.mkdir(folder, { mode: 0o700 }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  const refuse = (why: string) =>
    new Error(`Upload folder ${folder} ${why}: remove it, or choose another folder (DATA_DIR/uploads)`);
  // lstat: a link is judged itself, not the folder it points at.
  const stat = await fsp.lstat(folder);
  if (stat.isSymbolicLink()) throw refuse('is a symbolic link');
  if (!stat.isDirectory()) throw refuse('is not a folder');
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) throw refuse(`belongs to user ${stat.uid}, not to this process's ${uid}`);
  // Ours, but others may read it (made before, or by a wide umask): close it.
  if ((stat.mode & 0o077) !== 0) await fsp.chmod(folder, 0o700);
}
