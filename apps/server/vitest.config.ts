import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // the migrations once per run, for PGlite and for PostgreSQL (src/test/global-setup.ts)
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // PGlite is WebAssembly: V8's baseline compiler only. Optimising the 9 MB module again in
    // every test file's process cost more CPU than it won back (≈ 20 % of a file; docs/performance.md).
    execArgv: ['--liftoff-only'],
  },
});
