// The HMAC key of Copilot sessions: COPILOT_SECRET, else one generated once and kept in
// DATA_DIR/copilot-secret (mode 0600), else (in-memory tests) a fresh one per process.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const FILE_NAME = 'copilot-secret';
export const MIN_SECRET_LENGTH = 16;
let processSecret: Buffer | undefined;

export interface SecretSource {
  /** From the environment (COPILOT_SECRET); wins when set. */
  secret?: string;
  /** Folder to keep a generated secret in; none = one per process. */
  dataDir?: string;
}

export function loadCopilotSecret(source: SecretSource = {}): Buffer {
  if (source.secret) {
    if (source.secret.length < MIN_SECRET_LENGTH)
      throw new Error(`COPILOT_SECRET must have at least ${MIN_SECRET_LENGTH} characters`);
    return Buffer.from(source.secret, 'utf8');
  }
  if (source.dataDir) return fileSecret(path.join(source.dataDir, FILE_NAME));
  processSecret ??= randomBytes(32);
  return processSecret;
}

function fileSecret(file: string): Buffer {
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return Buffer.from(stored, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start together, the first one's secret is kept.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fileSecret(file);
    throw error;
  }
  return Buffer.from(secret, 'utf8');
}
