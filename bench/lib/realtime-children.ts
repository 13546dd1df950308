// The realtime bench's child processes (socket clients, second server instance), driven by
// request → reply over IPC, one request at a time.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientsReply, ClientsRequest, InstanceReply, InstanceRequest } from './realtime-protocol.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export class BenchChild<Request extends { type: string }, Reply extends { type: string }> {
  private readonly child: ChildProcess;
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | undefined;
  private exited = false;

  constructor(file: string, env: NodeJS.ProcessEnv = {}) {
    // The parent runs under tsx; the child inherits its loader through execArgv.
    this.child = fork(path.join(here, file), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ...env },
    });
    this.child.on('message', (reply: Reply) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (!waiting) return;
      if (reply.type === 'failure')
        waiting.reject(new Error(`${file}: ${(reply as unknown as { message: string }).message}`));
      else waiting.resolve(reply);
    });
    this.child.once('exit', (code) => {
      this.exited = true;
      this.waiting?.reject(new Error(`${file} exited with code ${code}`));
      this.waiting = undefined;
    });
  }

  /** Waits for a message the child sends on its own (e.g. 'ready'). */
  next(): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  request<T extends Reply['type']>(request: Request, expect: T): Promise<Extract<Reply, { type: T }>> {
    if (this.exited) return Promise.reject(new Error('child has exited'));
    const answer = this.next();
    this.child.send(request);
    return answer.then((reply) => {
      if (reply.type !== expect) throw new Error(`expected ${expect}, got ${reply.type}`);
      return reply as Extract<Reply, { type: T }>;
    });
  }

  async stop() {
    if (this.exited) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  }
}

export const startClients = () => new BenchChild<ClientsRequest, ClientsReply>('realtime-clients-child.ts');

/** A second server instance on `databaseUrl`; resolves once it has started. */
export async function startInstance(databaseUrl: string) {
  const child = new BenchChild<InstanceRequest, InstanceReply>('realtime-instance-child.ts', {
    BENCH_INSTANCE_DATABASE_URL: databaseUrl,
  });
  const first = await child.next();
  if (first.type !== 'ready') throw new Error(`instance: expected ready, got ${first.type}`);
  return child;
}
