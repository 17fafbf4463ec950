import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm test -w @brokerage/market-sim`, or the root run's project of the same name.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { name: '@brokerage/market-sim', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
