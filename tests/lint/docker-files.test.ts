// The Docker files cannot be built on the build machines (no Docker engine there), so what can be
// checked without one is checked here; `npm run lint` runs dclint and dockerfile-utils on them.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
}

describe('Docker files', () => {
  it('build and run on the Node version package.json states as the minimum', () => {
    const stated = semver.minVersion((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node)!;
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+\.\d+)-/gmu)].map((match) => match[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toBe(`${stated.major}.${stated.minor}`);
  });

  it('keep local data, installs and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'data', 'dist', '.env', '.git']) expect(ignored).toContain(entry);
  });

  it('run the server against the compose PostgreSQL, with volumes, health checks and a local-only port', () => {
    const compose = parse(read('compose.yaml')) as { services: Record<string, ComposeService> };
    const { lexhub, postgres } = compose.services;
    expect(lexhub?.environment?.DATABASE_URL).toMatch(/@postgres:5432\//u);
    expect(lexhub?.healthcheck?.test.join(' ')).toContain('/healthz');
    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(lexhub?.volumes).toContain('lexhub-data:/data');
    expect(postgres?.volumes?.[0]).toMatch(/^postgres-data:/u);
    for (const port of lexhub?.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/u);
  });
});
