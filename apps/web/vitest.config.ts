import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './plugins/messages.js';

// `npm test -w @brokerage/web`; the root run (`npx vitest run apps/web`) gets the same
// environment from each test file's `@vitest-environment jsdom` docblock.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [messagesPlugin()],
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['src/test-setup.ts'] },
});
