// The Studio as a visitor meets it, for the browser test and the time-to-interactive script: built
// by Vite into a temp folder and served by an in-process API on a fresh seeded SQLite database, as
// production serves it (`SVC_STUDIO_DIR`: same origin, the API's Content-Security-Policy), and
// Debian Chromium to look at it. Node only.
import { mkdtempSync, rmSync } from 'node:fs';
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

/** Builds the Studio into a fresh temp folder; answers the folder. */
async function buildStudio(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-studio-'));
  await build({ ...config, build: { outDir, emptyOutDir: true, sourcemap: false } });
  return outDir;
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
      rmSync(outDir, { recursive: true, force: true });
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
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
