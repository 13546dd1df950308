// Whether a Lexhub server holds the embedded database in DATA_DIR, and how to reach it: the
// data-dir lock names a live Lexhub process, and the server file it wrote at start has the same
// pid and start time (a file left by an earlier run, or by another process, does not count).
import fs from 'node:fs';
import path from 'node:path';
import { readLocalServerFile, type LocalServer } from '../../admin/local-server-file.js';
import { isLexhubProcess, LOCK_NAME, parseHolder } from '../../db/data-dir-lock.js';

export function runningServer(dataDir: string): LocalServer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, LOCK_NAME), 'utf8');
  } catch {
    return undefined;
  }
  const holder = parseHolder(text);
  if (!holder || !isLexhubProcess(holder)) return undefined;
  const server = readLocalServerFile(dataDir);
  if (!server || server.pid !== holder.pid) return undefined;
  if (server.startTime !== undefined && holder.startTime !== undefined && server.startTime !== holder.startTime)
    return undefined;
  return server;
}
