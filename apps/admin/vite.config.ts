/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

// The server serves the built back office at /admin/ (docs/api.md §21), so every asset URL carries that base.
export default defineConfig({
  root,
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // antd is one large chunk; the back office is a desktop tool on a fast network, so we accept it.
    chunkSizeWarningLimit: 2500,
  },
  // antd screens in jsdom on a busy 2-core CI machine (two test files at a time) can take seconds
  test: { testTimeout: 20_000 },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
});
