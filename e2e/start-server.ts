// Starts the server for the browser tests: a fresh embedded database with part of the shared
// corpus imported (when the corpus is there), then the real server on E2E_PORT.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeLibreTranslate } from './support/fake-libretranslate';

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
// Machine translation through a LibreTranslate stand-in on the port after the SMTP sink's
// (e2e/support/fake-libretranslate.ts), for the translation editor's tests.
const translatePort = Number(process.env.PORT) + 2;
const translator = await startFakeLibreTranslate(translatePort);
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    TRANSLATION_PROVIDER: 'libretranslate',
    LIBRETRANSLATE_URL: `http://127.0.0.1:${translatePort}`,
  },
});
const stop = () => {
  translator.close();
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
