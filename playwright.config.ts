// Browser tests: Debian's Chromium against the built app and the real server, with part of the
// shared corpus imported into a fresh embedded database.
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

// A port of this run's own, so two runs on one machine do not meet; workers inherit it.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
// The accounts tests run a real SMTP server (e2e/support/mailbox.ts) on the next port.
process.env.E2E_SMTP_PORT ??= String(port + 1);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const dataDir = path.join(os.tmpdir(), `lexhub-e2e-${process.pid}`);
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e-artifacts',
  timeout: 30_000,
  // One retry on CI, where the machine may be busy; a test that needed it is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // The client and the server-rendering entry (dist-server/), as `npm run build` makes them.
    command:
      'npx vite build --logLevel warn && npx vite build --ssr src/ssr/entry-server.tsx --outDir dist-server --logLevel warn && npx tsx e2e/start-server.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Tests act as readers from addresses of their own (e2e/support/client-address.ts).
      TRUST_PROXY: 'true',
    },
  },
});
