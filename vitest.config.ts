import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Workspace packages export their TypeScript sources under the `@svc/source` condition, so tests
// run against the code as written, with no build step in between.
const SOURCE = '@svc/source';

// bench/ measures and is not tested, except the fuzz's short pass, which CI runs.
const TEST_FILES = [
  '{packages,apps,tools,e2e}/**/src/**/*.test.{ts,tsx}',
  'e2e/**/*.test.ts',
  'bench/fuzz/*.test.ts',
];
const EXCLUDED = ['**/node_modules/**', '**/dist/**'];

/**
 * What a test file names when it needs what `scripts/setup.mjs` installs beyond the npm packages:
 * PostgreSQL, livekit-server and Redis, Chromium, the Debian speech engines, the embedded models,
 * the fuzzer, or the agent's real worker (test-support starts livekit-server). Every end-to-end
 * test needs the stack as a whole.
 */
const SET_UP_PARTS =
  /describeOnBothDialects|startPostgres|postgresForSuite|startApiProcess|@svc\/livekit-dev|ensureLivekitServer|startRedis|redis-server|playwright|chromium|flite|espeak|pocketsphinx|whisper|piper|llama|minilm|loadUse|useFolder|schemathesis|test-support/;

const root = dirname(fileURLToPath(import.meta.url));

/** Whether `path` matches `TEST_FILES` (a workspace's tests live under its `src`). */
function inTestFiles(path: string): boolean {
  return path.startsWith('e2e/') || path.startsWith('bench/fuzz/') || path.includes('/src/');
}

/** Test files under `folder` (relative to the root), skipping installed and built folders. */
function testFilesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFilesUnder(path);
    }
    return /\.test\.tsx?$/.test(entry.name) && inTestFiles(path) ? [path] : [];
  });
}

/**
 * The test files that need the set-up, read once when the config loads: a file is sorted by what
 * it names, so a new test lands in the right tier without a list to keep.
 */
function stackTestFiles(): string[] {
  return ['packages', 'apps', 'tools', 'e2e', 'bench/fuzz']
    .flatMap(testFilesUnder)
    .filter(
      (file) =>
        file.startsWith('e2e/') || SET_UP_PARTS.test(readFileSync(join(root, file), 'utf8')),
    );
}

/**
 * What a set-up test file names when it runs in real time (audio, a browser, a live room): the
 * real worker, livekit-server, Chromium, the speech engines and the LLM. Such files must have the
 * machine to themselves; the others (the API on its databases, the fuzz, Redis) only compute.
 */
const REAL_TIME_PARTS =
  /@svc\/livekit-dev|ensureLivekitServer|playwright|chromium|flite|espeak|pocketsphinx|whisper|piper|llama|test-support|@svc\/agent\/testing/;

/**
 * What a real-time file names when it hears speech (a recognizer, spoken audio, the microphone) or
 * runs the embedded LLM: its turns are timed by audio and recognition, and the LLM takes both
 * cores. These files are the speech tier; the other real-time files (browsers on typed
 * conversations, the faults, scale-out, a voice only synthesized) are the stack tier, which CI runs
 * beside it at a lower priority.
 */
const SPEECH_PARTS = /whisper|pocketsphinx|spoken|microphone|llama/i;

const setUp = stackTestFiles();
const source = (file: string) => readFileSync(join(root, file), 'utf8');

/**
 * The fast files that render into a DOM (their `@vitest-environment` comment names one). They keep
 * a fresh module graph each: the Studio's client keeps the `fetch` it found when it was made, and
 * each of these files puts its stand-in API there first.
 */
const inDom = ['packages', 'apps', 'tools', 'e2e']
  .flatMap(testFilesUnder)
  .filter(
    (file) => !setUp.includes(file) && /@vitest-environment (jsdom|happy-dom)/.test(source(file)),
  );
/** Every end-to-end test runs in real time. */
const realTime = setUp.filter(
  (file) => file.startsWith('e2e/') || REAL_TIME_PARTS.test(source(file)),
);
const services = setUp.filter((file) => !realTime.includes(file));
const speech = realTime.filter((file) => SPEECH_PARTS.test(source(file)));
const stack = realTime.filter((file) => !speech.includes(file));

/**
 * A real-time test that fails is run once more, in a new conversation, before it fails the run:
 * what it hears and when depends on how the machine schedules audio, recognition and the network
 * on two cores (vitest reports each retry). Wrong twice in a row is a failure.
 */
const REAL_TIME_RETRY = 1;

/** One PostgreSQL cluster for every suite of a tier that runs on both databases. */
const SHARED_POSTGRES = 'apps/api/src/testing/shared-postgres.ts';

/**
 * The four tiers `npm test` runs one after the other (scripts/test.mjs): `fast` needs only the
 * npm packages and takes vitest's workers (one per core but one); it is two projects, `fast` and
 * `fast-dom` (the files in a DOM), and scripts/test.mjs names both. The `fast` files, and those of
 * `services`, share one module graph per worker instead of importing the API, the agent and their
 * packages again for each file (`isolate: false`; each file still opens its own databases, servers
 * and state): the fast tier's CPU time fell from 149 s to 119 s. `services`, `speech` and `stack`
 * need the whole set-up and run one file at a time. `speech` and `stack` hold the files that run
 * in real time, which would starve each other within a tier; `services` the ones that only
 * compute. CI runs the speech tier with the CPU, the stack tier beside it at a lower priority (its
 * timing is the one to give: browsers, restarts, typed turns) and the services tier at the lowest
 * (so it uses the time the others leave idle, and waits longer for it: hence its longer test time).
 */
const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'fast',
      include: TEST_FILES,
      exclude: [...EXCLUDED, ...setUp, ...inDom],
      isolate: false,
    },
  },
  {
    extends: true,
    test: {
      name: 'fast-dom',
      include: inDom,
      exclude: EXCLUDED,
    },
  },
  {
    extends: true,
    test: {
      name: 'services',
      include: services,
      exclude: EXCLUDED,
      globalSetup: [SHARED_POSTGRES],
      maxWorkers: 1,
      // Each file imports the API: once for the tier instead of once per file (as the fast tier).
      isolate: false,
      testTimeout: 180_000,
    },
  },
  {
    extends: true,
    test: {
      name: 'speech',
      include: speech,
      exclude: EXCLUDED,
      globalSetup: [SHARED_POSTGRES],
      maxWorkers: 1,
      retry: REAL_TIME_RETRY,
    },
  },
  {
    extends: true,
    test: {
      name: 'stack',
      include: stack,
      exclude: EXCLUDED,
      globalSetup: [SHARED_POSTGRES],
      maxWorkers: 1,
      // Isolated, unlike the services tier: each file's real-time parts start clean, and shared
      // the tier took no less time.
      retry: REAL_TIME_RETRY,
    },
  },
];

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
    projects,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
