// The whole service for the Studio's whole-loop test: livekit-server, the real API on a fresh
// SQLite database (sign-up on) with the real Transport, the agent worker as production runs it,
// the built Studio, the example page and Debian Chromium. Everything starts at once; `close`
// stops what started, whatever failed. Node only.
import { once } from 'node:events';
import { freePort, spawnAgentWorker, workerReady } from '@svc/agent/testing';
import {
  launchChromium,
  startExamplePage,
  startPlatformApi,
  type ExamplePage,
} from '@svc/e2e/support';
import { TEST_AGENT_KEY } from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import type { Browser } from 'playwright-core';
import { serveStudio, type ServedStudio } from './studio-stand';

/** A running loop stand. */
export interface LoopStand {
  api: Awaited<ReturnType<typeof startPlatformApi>>;
  studio: ServedStudio;
  example: ExamplePage;
  browser: Browser;
  /** The worker's output so far, for failure messages. */
  workerLog(): string;
  close(): Promise<void>;
}

/**
 * Starts the whole service and waits until the agent worker is registered with the Transport and
 * one of its job processes is loaded.
 */
export async function startLoopStand(): Promise<LoopStand> {
  const stops: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
  };
  try {
    const server: LivekitServer = await startLivekitServer();
    stops.push(() => server.stop());
    const api = await startPlatformApi(server);
    stops.push(() => api.close());
    const worker = spawnAgentWorker({
      livekit: server,
      apiUrl: api.url,
      agentKey: TEST_AGENT_KEY,
      healthPort: await freePort(),
    });
    stops.push(async () => {
      if (worker.child.exitCode !== null) return;
      worker.child.kill('SIGTERM');
      const exited = once(worker.child, 'exit');
      const timer = setTimeout(() => worker.child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    });
    // The Studio's build and the example's bundle run while the worker starts.
    const [studio, example, browser] = await Promise.all([
      serveStudio(api.url).then((served) => (stops.push(() => served.close()), served)),
      startExamplePage(api.url).then((page) => (stops.push(() => page.close()), page)),
      launchChromium().then((launched) => (stops.push(() => launched.close()), launched)),
    ]);
    // A job for an agent name nobody has registered is dropped, not queued.
    await server.waitForAgentWorker('svc-agent', 120_000);
    await workerReady(worker.readyFile, 120_000);
    return { api, studio, example, browser, workerLog: () => worker.log.join(''), close };
  } catch (error) {
    await close();
    throw error;
  }
}
