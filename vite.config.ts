import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: { proxy: { '/v1': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
