import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite` (dev) serves the app and hands the server's addresses to `npm run dev` on :8080.
const server = 'http://localhost:8080';
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    proxy: {
      '/v1': server,
      '/healthz': server,
      '/copilot': server,
      '/copilot_templates.json': server,
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
