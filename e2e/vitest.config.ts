import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    // a file's beforeAll starts its own server (startServer waits up to 180 s for /health on a
    // loaded machine) and a browser: the hook must outlast that wait, or the wait is for nothing
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
