// The Studio as a visitor meets it, for the browser test and the time-to-interactive script: built
// by Vite into a temp folder (once per process) and served by an in-process API on a fresh seeded
// SQLite database, as production serves it (`SVC_STUDIO_DIR`: same origin, the API's
// Content-Security-Policy), and Debian Chromium to look at it. Node only.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { noopTransport, startTestApi, type ListeningTestApi } from '@svc/api/testing';
import { chromium, type Browser } from 'playwright-core';
import { build, preview } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A running stand: the API, the Studio's address (ending in `/`), a browser, and how to stop. */
export interface StudioStand {
  api: ListeningTestApi;
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The built Studio served by `vite preview`, forwarding `/v1` to an API. */
export interface ServedStudio {
  /** The Studio's address, ending in `/`. */
  url: string;
  close(): Promise<void>;
}

const config = { root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' as const };

/**
 * The Studio built once per process, read-only once built: the test files of a tier that share one
 * module graph (vitest.config.ts) serve the same build instead of building the Studio each.
 */
let built: Promise<string> | undefined;

/** Where each process keeps its build, in a folder named by its pid. */
const BUILDS = join(tmpdir(), 'svc-studio-builds');

/** Whether the process `pid` still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Another user's process answers EPERM: it runs.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds the Studio once per process; answers the folder. A test runner ends its processes
 * without an exit event, so each build removes those of processes that have ended instead.
 */
function buildStudio(): Promise<string> {
  built ??= (async () => {
    mkdirSync(BUILDS, { recursive: true });
    for (const name of readdirSync(BUILDS)) {
      if (!running(Number(name))) rmSync(join(BUILDS, name), { recursive: true, force: true });
    }
    const outDir = join(BUILDS, String(process.pid));
    await build({ ...config, build: { outDir, emptyOutDir: true, sourcemap: false } });
    return outDir;
  })();
  return built;
}

/** Builds the Studio into a temp folder and serves it, forwarding `/v1` to `apiUrl`. */
export async function serveStudio(apiUrl: string): Promise<ServedStudio> {
  const outDir = await buildStudio();
  const server = await preview({
    ...config,
    build: { outDir },
    preview: { port: 0, strictPort: false, proxy: { '/v1': { target: apiUrl } } },
  });
  return {
    url: server.resolvedUrls?.local[0] ?? '',
    async close() {
      await server.close();
    },
  };
}

/** Builds the Studio, serves it from a fresh API, and launches Chromium. */
export async function startStudioStand(): Promise<StudioStand> {
  const outDir = await buildStudio();
  const transport = noopTransport();
  const api = await startTestApi({
    listen: true,
    transport,
    app: { studioDir: outDir, studioTransportUrl: transport.url },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    api,
    url: `${api.url}/`,
    browser,
    async close() {
      await browser.close();
      await api.close();
    },
  };
}
