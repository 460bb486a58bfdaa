// Typed turns on the embedded stack as `npm start` runs it: one conversation alone, then several
// at once.
import { writeFileSync } from 'node:fs';
import type { LivekitServer } from '@svc/livekit-dev';
import { visit, workerActiveJobs } from '@svc/agent/testing';
import {
  ms,
  percentiles,
  startWorker,
  stopWorker,
  treeRss,
  typedTurn,
  type Api,
} from './worker-kit.js';

/** A demo conversation, typed: search, details, comparison, cart, with references to what was shown. */
const TYPED_TURNS = [
  'do you have any tents',
  'tell me more about the second one',
  'compare the first two',
  'put the cheaper one in my cart',
  "what's in my cart",
  'show me sleeping bags under 100 dollars',
  // The first turn again: the first turn of a conversation against the same turn later in it.
  'do you have any tents',
];

/**
 * Typed turns on the embedded stack as `npm start` runs it (the worker's model host, the intent
 * router): one conversation alone, then `count` at once. Time to `config`, every turn from
 * `rt.chat` to the assistant's `message:new` (the first turn of a conversation apart), and the
 * memory each added conversation costs.
 */
export async function typedBench(
  server: LivekitServer,
  api: Api,
  count: number,
  idle: number,
): Promise<string> {
  const worker = await startWorker(server, api, {
    SVC_LLM_HOST: 'on',
    SVC_AGENT_MAX_CONVERSATIONS: String(count + 5),
    // A visitor who finds a started job process gets `config` at once; one who does not waits for
    // a process to start (2-3 s on two cores, one after the other).
    SVC_AGENT_IDLE_PROCESSES: String(idle),
  });
  const lines = [
    `typed: demo turns on the embedded stack (model host + intent router, ${idle} idle job processes)`,
  ];
  try {
    // The framework starts idle processes one at a time (2-3 s each on two cores): the
    // conversations arrive at a worker whose pool is full, as they do at a worker in service.
    const poolFull = () => new Promise((resolve) => setTimeout(resolve, 3000 * idle));
    await poolFull();
    const idleRss = treeRss(worker.child.pid ?? 0);
    for (const conversations of [1, count]) {
      await poolFull();
      const toConfig: number[] = [];
      const first: number[] = [];
      const later: number[] = [];
      const firstAgain: number[] = [];
      let failed = 0;
      const visitors = await Promise.all(
        Array.from({ length: conversations }, async () => {
          const started = performance.now();
          const { visitor } = await visit(
            { server, api, workerLog: () => worker.log.join('') },
            'text',
          );
          await visitor.acknowledge({}, 60_000);
          toConfig.push(performance.now() - started);
          await visitor.next('message:new', (m) => m.role === 'assistant', 60_000);
          return visitor;
        }),
      );
      const rss = treeRss(worker.child.pid ?? 0);
      await Promise.all(
        visitors.map(async (visitor) => {
          for (const [index, text] of TYPED_TURNS.entries()) {
            // Every turn, the first too, comes 300 ms after the agent's last message: a first
            // turn typed into the greeting would time the greeting's end, not the turn.
            await new Promise((resolve) => setTimeout(resolve, 300));
            try {
              const took = await typedTurn(visitor, text);
              (index === 0 ? first : later).push(took);
              if (index === TYPED_TURNS.length - 1) firstAgain.push(took);
            } catch {
              failed += 1;
            }
          }
        }),
      );
      const all = percentiles([...first, ...later]);
      lines.push(
        `  ${conversations} conversation${conversations === 1 ? '' : 's'} at once: config p50 ${ms(percentiles(toConfig).p50)} max ${ms(Math.max(...toConfig))}; ` +
          `turn p50 ${ms(all.p50)} p95 ${ms(all.p95)} (n=${all.n}, ${failed} failed); first turn p50 ${ms(percentiles(first).p50)}, later turns p50 ${ms(percentiles(later).p50)}, the first turn's words again at the end p50 ${ms(percentiles(firstAgain).p50)}; ` +
          `memory ${((rss - idleRss) / conversations / 2 ** 20).toFixed(0)} MiB per added conversation`,
      );
      await Promise.all(
        visitors.map(async (visitor) => {
          await visitor.publish('session:control', { action: 'end' }).catch(() => undefined);
          await visitor.room.disconnect();
        }),
      );
      const deadline = Date.now() + 60_000;
      while ((await workerActiveJobs(worker.healthPort)) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    return lines.join('\n');
  } finally {
    if (process.env.WORKER_LOG) writeFileSync(process.env.WORKER_LOG, worker.log.join(''));
    await stopWorker(worker);
  }
}
