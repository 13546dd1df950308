// A real server process (`server/main.ts` under tsx) for tests that need more than one server (several instances
// on one PostgreSQL, a proxy in front): started on a free port, ready when /healthz answers,
// stopped with SIGTERM (SIGKILL after 10 s) or killed outright to play a crash.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output: string[];
}

export interface ServerProcessOptions {
  databaseUrl: string;
  dataDir: string;
  /** Extra environment (PUBLIC_URL, TRUST_PROXY, ...); wins over the defaults. */
  env?: Record<string, string>;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  // Node itself with tsx as a loader, not the tsx binary: its wrapper process would take the
  // signal while the server, its child, ran on (SIGKILL must stop the server).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      WEB_ROOT: path.join(options.dataDir, 'no-web-app'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      COPILOT_SECRET: 'server-process-test-secret-0123456789',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited ${child.exitCode}: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, port, process: child, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not start within 60 s: ${output.join('')}`);
}

/** Stops the process and waits for it to exit; `signal` SIGKILL plays a crash. */
export async function stopServerProcess(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  const timer = setTimeout(() => server.process.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
