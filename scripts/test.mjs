// `npm test`: the whole suite. Unit and server tests (vitest; on PostgreSQL too when
// DATABASE_URL is set), then the browser tests (Playwright) when Chromium is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const resultsDir = path.resolve('test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const totals = { passed: 0, failed: 0, skipped: 0 };
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

if (!process.env.DATABASE_URL) {
  console.log(
    '\nServer tests run on the embedded PGlite only. Set DATABASE_URL=postgres://... to run them on PostgreSQL too.\n',
  );
}
const vitestJson = path.join(resultsDir, 'vitest.json');
const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const unit = readJson(vitestJson);
if (unit) {
  totals.passed += unit.numPassedTests;
  totals.failed += unit.numFailedTests;
  totals.skipped += unit.numPendingTests + unit.numTodoTests;
}

let e2eStatus = 0;
if (fs.existsSync(chromium)) {
  const e2eJson = path.join(resultsDir, 'e2e.json');
  e2eStatus = run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson });
  const e2e = readJson(e2eJson);
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (e2e.stats.flaky > 0)
      console.log(`\nBrowser tests: ${e2e.stats.flaky} passed only on retry (flaky): see the report above.`);
  } else if (e2eStatus !== 0) {
    totals.failed += 1;
  }
} else {
  console.log(
    `\nBrowser tests SKIPPED: Chromium was not found at ${chromium}.\n` +
      "To run them, install Debian's Chromium (`sudo apt-get install -y chromium`) or point CHROMIUM_PATH at a Chromium binary, then run `npm test` again.\n",
  );
}

console.log(`\nAll suites: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(unitStatus !== 0 || e2eStatus !== 0 ? 1 : 0);
