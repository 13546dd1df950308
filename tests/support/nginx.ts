// nginx from Debian (`.ci/run` installs it) as the load balancer in front of several server
// processes: round robin, WebSocket upgrade, X-Forwarded-For replaced by the client's address
// (what TRUST_PROXY=true expects of a proxy), and the upstream that answered in X-Upstream so a
// test can tell the instances apart. The same proxy settings are in docs/OPERATIONS.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export function nginxAvailable(): boolean {
  return spawnSync(NGINX_BINARY, ['-v']).status === 0;
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

function config(dir: string, port: number, upstreamPorts: number[]): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream lexhub {
    ${upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 600m;
    location / {
      proxy_pass http://lexhub;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Starts nginx in front of the given local ports; resolves once it accepts requests. */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-nginx-'));
  const port = await freePort();
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, config(dir, port, upstreamPorts));
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', dir, '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${errors.join('')}`);
    try {
      await fetch(`${url}/healthz`);
      return { url, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await stop();
  throw new Error(`nginx did not start: ${errors.join('')}`);
}
