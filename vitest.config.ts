import { defineConfig } from 'vitest/config';

// `npm test` runs these projects, then the browser journeys of e2e/ against the built app.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/i18n', 'packages/market-sim', 'apps/server', 'apps/web', 'apps/admin'],
  },
});
