import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { missingColors, radixCssTrim, radixUsage } from './scripts/radix-css-trim';

// `vite` (dev) serves the app and hands the server's addresses to `npm run dev` on :8080.
const server = 'http://localhost:8080';
const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The build keeps only the Radix Themes rules the app can use (dev serves them whole). */
function radixPostcssPlugins() {
  const usage = radixUsage(here('./src'), here('./node_modules/@radix-ui/themes'));
  const missing = missingColors(usage, fs.readFileSync(here('./src/radix-themes.css'), 'utf8'));
  if (missing.length) throw new Error(`src/radix-themes.css: import the colour scales ${missing.join(', ')}`);
  return [radixCssTrim(usage)];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // Build: .br and .gz copies of every text asset for the server's preCompressed (scripts/precompress.ts).
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  publicDir: isSsrBuild ? false : 'public',
  // The client's manifest names the document screen's stylesheets for the server-rendered page;
  // `vite build --ssr` (package.json) makes the server-rendering entry in dist-server/.
  build: { outDir: 'dist', sourcemap: true, manifest: !isSsrBuild },
  css: command === 'build' ? { postcss: { plugins: radixPostcssPlugins() } } : {},
  server: {
    proxy: {
      '/v1': server,
      '/healthz': server,
      '/copilot': server,
      '/copilot_templates.json': server,
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
}));
