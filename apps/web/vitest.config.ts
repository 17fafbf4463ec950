import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './plugins/messages.js';

// `npm test -w @brokerage/web`; the root run (`npx vitest run apps/web`) gets the same
// environment from each test file's `@vitest-environment jsdom` docblock.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [messagesPlugin()],
  // jsdom screens on a busy 2-core CI machine (two test files at a time) can take seconds to render
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 20_000,
  },
});
