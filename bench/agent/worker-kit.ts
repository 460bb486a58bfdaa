// What the live benchmarks share: the worker as `npm start` runs it (its build), the visitors'
// typed turns, percentiles and memory.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LivekitServer } from '@svc/livekit-dev';
import {
  startAgentWorker,
  stopAgentWorker,
  visit,
  type TestWorker,
  type Visitor,
} from '@svc/agent/testing';
import type { startTestApi } from '@svc/agent/testing';

/** Builds the apps: the benchmarks run the worker from its build, as `npm start` runs it. */
export function buildApps(): void {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** The test API the live benchmarks run against. */
export type Api = Awaited<ReturnType<typeof startTestApi>>;

/** p50 and p95 of a list of numbers. */
export function percentiles(values: readonly number[]): { p50: number; p95: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0
      ? Number.NaN
      : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

/** A duration for the report. */
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

/** Starts the compiled worker against the Transport and the API; resolves once it is registered. */
export async function startWorker(
  server: LivekitServer,
  api: Api,
  env: Record<string, string>,
): Promise<TestWorker> {
  const worker = await startAgentWorker({
    livekit: server,
    apiUrl: api.url,
    // SVC_AGENT_LOG_LEVEL=debug shows the worker's own timings in WORKER_LOG.
    env: {
      SVC_AGENT_LOG_LEVEL: process.env.SVC_AGENT_LOG_LEVEL ?? 'warn',
      // The recognizer a scenario gets by default, unless the run names one.
      SVC_EMBEDDED_STT: process.env.SVC_EMBEDDED_STT ?? 'whisper',
      ...env,
    },
    compiled: true,
    timeoutMs: 120_000,
    // The server's log also holds an earlier worker's registration: this one is registered once
    // its health endpoint says it is connected.
    connected: true,
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return worker;
}

/** Stops a worker and waits until the Transport has let it go. */
export async function stopWorker(worker: { child: ChildProcess }): Promise<void> {
  if (worker.child.exitCode !== null) return;
  await stopAgentWorker(worker, 20_000);
  // A new worker registers under the same name; the old one must be gone from the Transport.
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/** Resident memory, in bytes, of a process and all its descendants (Linux /proc). */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * 4096);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // The process ended while we read.
    }
  }
  let total = 0;
  const stack = [rootPid];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Opens a conversation and waits for the agent's greeting (config acknowledged). */
export async function greeted(
  server: LivekitServer,
  api: Api,
  mode: 'audio' | 'text',
  log: string[],
): Promise<Visitor> {
  const { visitor } = await visit({ server, api, workerLog: () => log.join('') }, mode);
  await visitor.acknowledge({}, 180_000);
  await visitor.next('message:new', (m) => m.role === 'assistant', 60_000);
  return visitor;
}

/** One typed turn: rt.chat out, the assistant's reply back on `message:new`; answers the ms. */
export async function typedTurn(visitor: Visitor, text: string): Promise<number> {
  const before = new Set(
    visitor.received
      .filter((entry) => entry.topic === 'message:new')
      .map((entry) => String(entry.payload.id)),
  );
  const start = performance.now();
  await visitor.publish('rt.chat', { message: text });
  await visitor.next(
    'message:new',
    (m) => m.role === 'assistant' && !before.has(String(m.id)) && Boolean(m.content),
    60_000,
  );
  return performance.now() - start;
}
