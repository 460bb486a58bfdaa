import { defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';

// Workspace packages export their TypeScript sources under the `@svc/source` condition, so tests
// run against the code as written, with no build step in between.
const SOURCE = '@svc/source';

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  test: {
    include: ['{packages,apps,tools,e2e}/**/src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
