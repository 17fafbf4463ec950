import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { messagesPlugin } from './plugins/messages.js';
import { serviceWorkerPlugin } from './plugins/service-worker.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const antdBase =
  /[\\/]node_modules[\\/](classnames|tslib|@babel[\\/]runtime|rc-util|ahooks|antd-mobile[\\/]es[\\/]utils)[\\/]/;
const antdAnimated = /(reduce-and-restore-motion|use-drag-and-pinch|use-tab-list-scroll)\.js$/;

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), messagesPlugin(), serviceWorkerPlugin()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // No modulepreload links in index.html (issue 16): they started the entry's shared chunks
    // (~85 KB gzip) while the stylesheet was still coming, so the shell's first paint waited for
    // bandwidth the scripts took. The entry asks for them once it is parsed; the screens' own
    // chunks are still preloaded with their dynamic imports.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    rolldownOptions: {
      // The contract package re-exports its zod schemas from one index; the web app only uses
      // its types and a few constants, so modules of it that nothing uses are dropped. Its
      // modules only declare values, so dropping the unused ones changes no behaviour.
      treeshake: { moduleSideEffects: (id: string) => !id.replaceAll('\\', '/').includes('/packages/contract/') },
      // Shared modules stay in chunks of their own. Left to itself the bundler merged them into
      // a dynamic entry that also uses them (antd-mobile's Toast with its animation library), so
      // the first screen downloaded the Toast's code too (issue 16).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // antd-mobile's helpers, without the three that pull in the animation library.
            { name: 'antd-base', test: (id: string) => antdBase.test(id) && !antdAnimated.test(id) },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
      // signed downloads (statements, uploads): GET /files/… on the server
      '/files': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
      // signed downloads (statements, uploads): GET /files/… on the server
      '/files': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
