// A Lexhub server of one test's own, for tests that stop and start it (the shared one from
// playwright.config.ts must stay up): its own port and embedded database, seeded from files.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/support/free-port';

export interface OwnServer {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms`);
}

/** Imports `seedFiles` into a fresh data folder; `start()` runs the server on it. */
export async function prepareOwnServer(seedFiles: string[], env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-e2e-own-'));
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PUBLIC_URL: url,
    ...env,
  };
  if (seedFiles.length)
    execFileSync('npx', ['tsx', 'server/importers/cli.ts', ...seedFiles], { stdio: 'ignore', env: serverEnv });
  let child: ChildProcess | undefined;

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  return {
    url,
    async start() {
      // tsx itself, not npx: a signal must reach the server, not a wrapper.
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: serverEnv });
      await waitForHealth(url, 60_000);
    },
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
