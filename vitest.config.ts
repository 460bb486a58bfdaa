import { defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';

// Workspace packages export their TypeScript sources under the `@svc/source` condition, so tests
// run against the code as written, with no build step in between.
const SOURCE = '@svc/source';

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  // Server-side code resolves packages as Node does, without the bundler-only `module` condition:
  // @opentelemetry/api (under the agents framework) exports, under it, an ESM build whose imports
  // have no file extensions and only load through a bundler.
  ssr: {
    resolve: {
      conditions: [
        SOURCE,
        ...defaultServerConditions.filter((condition) => condition !== 'module'),
      ],
    },
  },
  test: {
    // bench/ measures and is not tested, except the fuzz's short pass, which CI runs.
    include: [
      '{packages,apps,tools,e2e}/**/src/**/*.test.{ts,tsx}',
      'e2e/**/*.test.ts',
      'bench/fuzz/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
