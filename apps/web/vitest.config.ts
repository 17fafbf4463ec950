import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm test -w @brokerage/web`; the root run (`npx vitest run apps/web`) gets the same
// environment from each test file's `@vitest-environment jsdom` docblock.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
