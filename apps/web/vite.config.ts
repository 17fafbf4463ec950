import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The contract package re-exports its zod schemas from one index; the web app only uses
      // its types and a few constants, so modules of it that nothing uses are dropped. Its
      // modules only declare values, so dropping the unused ones changes no behaviour.
      treeshake: { moduleSideEffects: (id: string) => !id.replaceAll('\\', '/').includes('/packages/contract/') },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
});
