// Starts the server for the browser tests: a fresh embedded database with part of the shared
// corpus imported (when the corpus is there), then the real server on E2E_PORT.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR!;
const corpus = process.env.LEXHUB_CORPUS ?? path.resolve('../shared/corpus');
const seedFiles = [
  'cz-esbirka-original-json/1_1993.json',
  'cz-consolidated-md/1-1993.md',
  'eu-dgt-tm-tmx/22019D0391.tmx',
  // Directive 2014/92/EU (payment accounts) in Akoma Ntoso, for the collections tests.
  'akn-formex-tulit/eu/eurlex/akn/32014L0092.akn',
].map((file) => path.join(corpus, file));

fs.rmSync(dataDir, { recursive: true, force: true });
if (seedFiles.every((file) => fs.existsSync(file))) {
  execFileSync('npx', ['tsx', 'server/importers/cli.ts', ...seedFiles], { stdio: 'ignore' });
} else {
  console.warn(`e2e: the corpus is not at ${corpus}; the library starts empty`);
}
const server = spawn('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
