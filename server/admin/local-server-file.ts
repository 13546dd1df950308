// How `npm run import` on the server's machine reaches the running server: at each start the
// server writes DATA_DIR/lexhub-server.json (mode 0600: only the account that runs it can read
// it) with its address and a new random token. The token is operator authority for
// POST /v1/admin/imports only, sent in X-Lexhub-Import-Token; a restart makes the old one useless.
import fs from 'node:fs';
import path from 'node:path';
import { processStartTime } from '../db/data-dir-lock.js';

export const LOCAL_SERVER_FILE = 'lexhub-server.json';

export interface LocalServer {
  /** Where the CLI sends the files: loopback when the server listens on every interface. */
  url: string;
  token: string;
  /** The server's pid and start time: the CLI matches them with the data-dir lock's holder. */
  pid: number;
  startTime?: string;
}

/** Writes the file (replacing an earlier one whole) and answers a remover for a clean stop. */
export function writeLocalServerFile(dataDir: string, url: string, token: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCAL_SERVER_FILE);
  const content: LocalServer = { url, token, pid: process.pid, startTime: processStartTime(process.pid) };
  const temp = `${file}.${process.pid}.tmp`;
  fs.rmSync(temp, { force: true });
  // The mode applies when the file is created: a fresh temp file, renamed over the old one.
  fs.writeFileSync(temp, JSON.stringify(content), { mode: 0o600, flag: 'wx' });
  fs.renameSync(temp, file);
  return () => {
    if (readLocalServerFile(dataDir)?.token === token) fs.rmSync(file, { force: true });
  };
}

export function readLocalServerFile(dataDir: string): LocalServer | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(dataDir, LOCAL_SERVER_FILE), 'utf8')) as Partial<LocalServer>;
    if (typeof value.url !== 'string' || typeof value.token !== 'string' || typeof value.pid !== 'number')
      return undefined;
    return {
      url: value.url,
      token: value.token,
      pid: value.pid,
      ...(typeof value.startTime === 'string' ? { startTime: value.startTime } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The address a local client uses for a server listening on `host` and `port`. */
export function localUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const name = wildcard ? '127.0.0.1' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
