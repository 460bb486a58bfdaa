// Dashboard benchmark: seeds 10,000 conversations (dashboard-seed.ts) into SQLite and into a real
// PostgreSQL, then times `GET /v1/admin/stats` as the studio calls it (HTTP on loopback, with an
// admin's bearer) and the SQL alone (the stats module on the same database), one request at a
// time after a warm-up, per filter. Prints p50/p95/max against the 100 ms goal, and a digest of
// each answer so two runs pinned to the same DASHBOARD_NOW can be compared, and the CPU time each
// request cost (cpu-time.ts), which the neighbours of a shared machine do not change.
// Run: npm run bench:dashboard   (RUNS=200 WARMUP=20 CONVERSATIONS=10000 DAYS=90 by default)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createStats, startPostgres, startTestApi, type StatsFilter } from '@svc/api/testing';
import { cpuClock } from './cpu-time.js';
import { seedDashboard } from './dashboard-seed.js';

const RUNS = Number(process.env.RUNS ?? 200);
const WARMUP = Number(process.env.WARMUP ?? 20);
const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 90);
const GOAL_MS = 100;
const DAY = 86_400_000;
// One clock for both databases, so they hold the same conversations on the same days.
const NOW = process.env.DASHBOARD_NOW ? new Date(process.env.DASHBOARD_NOW) : new Date();

interface Timing {
  database: string;
  filter: string;
  path: 'HTTP' | 'SQL';
  conversations: number;
  p50: number;
  p95: number;
  max: number;
  /** Mean CPU milliseconds per request: the API's process, and the PostgreSQL server's. */
  cpu: { process: number; database: number };
  digest: string;
}

/** Nearest rank, as the dashboard computes its own percentiles. */
function percentile(sorted: number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

interface Run {
  samples: number[];
  cpu: { process: number; database: number };
  last: unknown;
}

/** Times `run` RUNS times after WARMUP untimed calls, strictly one after another. */
async function time(run: () => Promise<unknown>, clock: ReturnType<typeof cpuClock>): Promise<Run> {
  for (let n = 0; n < WARMUP; n++) await run();
  const samples: number[] = [];
  let last: unknown;
  const before = clock();
  for (let n = 0; n < RUNS; n++) {
    const start = performance.now();
    last = await run();
    samples.push(performance.now() - start);
  }
  const after = clock();
  return {
    samples: samples.sort((a, b) => a - b),
    cpu: {
      process: (after.process - before.process) / RUNS,
      database: (after.database - before.database) / RUNS,
    },
    last,
  };
}

/**
 * A short digest of an answer, comparable across databases and runs: without its window (the
 * default one moves with the clock), publications named by scenario and label (their uuids are
 * random), and rows in one order (answers order ties by uuid).
 */
function digest(answer: unknown): string {
  const { from: _from, to: _to, ...figures } = answer as Record<string, Record<string, unknown>[]>;
  const names = new Map(
    (figures.publications ?? []).map((row) => [
      row.publication_uuid,
      `${String(row.scenario_name)} (${String(row.label)})`,
    ]),
  );
  const canonical = Object.entries(figures).map(([key, list]) => [
    key,
    list
      .map((row) => {
        const { scenario_id: _id, ...rest } = row;
        return JSON.stringify({ ...rest, publication_uuid: names.get(row.publication_uuid) });
      })
      .sort(),
  ]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 12);
}

const postgres = await startPostgres();
const results: Timing[] = [];
const started = {
  load: loadavg()
    .map((load) => load.toFixed(2))
    .join(' '),
};
const seedTimes: string[] = [];
let rows: Record<string, number> = {};
try {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const api = await startTestApi({
      databaseUrl: dialect === 'postgres' ? postgres.url : undefined,
      listen: true,
    });
    try {
      const seedStart = performance.now();
      const seeded = await seedDashboard(api, {
        conversations: CONVERSATIONS,
        days: DAYS,
        now: NOW,
      });
      seedTimes.push(`${dialect} ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
      rows = seeded.rows;
      // A PostgreSQL in use keeps statistics (autovacuum analyzes tables as they grow); a cluster
      // loaded a second ago has none yet, and plans as if every table were empty.
      if (dialect === 'postgres') execFileSync('psql', [postgres.url, '-q', '-c', 'analyze']);
      const stats = createStats(api.database);
      const clock = cpuClock(
        dialect === 'postgres' ? Number(new URL(postgres.url).port) : undefined,
      );
      const now = seeded.now.getTime();
      const iso = (time: number) => new Date(time).toISOString();
      const everything = { from: iso(now - (DAYS + 1) * DAY), to: iso(now + 60_000) };
      const filters: {
        name: string;
        query: Record<string, string>;
        sql: () => Omit<StatsFilter, 'companyId'>;
      }[] = [
        { name: `all, ${DAYS} days`, query: everything, sql: () => ({ ...everything }) },
        {
          // The studio's first view: no parameters, the last 30 days up to the request.
          name: 'default (last 30 days)',
          query: {},
          sql: () => ({ from: iso(Date.now() - 30 * DAY), to: iso(Date.now()) }),
        },
        {
          name: `busiest publication, ${DAYS} days`,
          query: { ...everything, publication_uuid: seeded.publications[0] ?? '' },
          sql: () => ({ ...everything, publicationUuid: seeded.publications[0] }),
        },
        {
          name: 'one week (14 to 7 days ago)',
          query: { from: iso(now - 14 * DAY), to: iso(now - 7 * DAY) },
          sql: () => ({ from: iso(now - 14 * DAY), to: iso(now - 7 * DAY) }),
        },
      ];
      for (const filter of filters) {
        process.stderr.write(`${dialect}: ${filter.name}\n`);
        const url = `${api.url}/v1/admin/stats?${new URLSearchParams(filter.query).toString()}`;
        const http = await time(async () => {
          const response = await fetch(url, {
            headers: { authorization: `Bearer ${seeded.token}` },
          });
          if (!response.ok) throw new Error(`stats answered ${response.status}`);
          return response.json();
        }, clock);
        const alone = await time(
          () => stats.compute({ companyId: seeded.companyId, ...filter.sql() }),
          clock,
        );
        const counted = (http.last as { publications: { conversations: number }[] }).publications;
        const conversations = counted.reduce((sum, row) => sum + row.conversations, 0);
        for (const [path, run] of [
          ['HTTP', http],
          ['SQL', alone],
        ] as const) {
          results.push({
            database: dialect,
            filter: filter.name,
            path,
            conversations,
            p50: percentile(run.samples, 0.5),
            p95: percentile(run.samples, 0.95),
            max: run.samples[run.samples.length - 1] ?? Number.NaN,
            cpu: run.cpu,
            digest: digest(run.last),
          });
        }
      }
    } finally {
      await api.close();
    }
  }
} finally {
  await postgres.stop();
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(
  `\nDashboard stats: ${CONVERSATIONS} conversations over ${DAYS} days, ${RUNS} sequential runs after ${WARMUP} warm-up, Node ${process.version}`,
);
console.log(`rows: ${JSON.stringify(rows)}; seeding: ${seedTimes.join(', ')}`);
console.log(
  `load average (1, 5, 15 min) at start ${started.load}, at end ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}\n`,
);
console.log(
  `${pad('database', 10)}${pad('filter', 34)}${pad('path', 6)}${pad('convs', 7)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('max ms', 9)}${pad('goal', 6)}${pad('cpu ms/request', 16)}answer`,
);
for (const row of results) {
  const cpu =
    row.database === 'postgres'
      ? `${row.cpu.process.toFixed(1)}+${row.cpu.database.toFixed(1)}`
      : row.cpu.process.toFixed(1);
  console.log(
    `${pad(row.database, 10)}${pad(row.filter, 34)}${pad(row.path, 6)}${pad(row.conversations, 7)}${pad(row.p50.toFixed(1), 9)}${pad(row.p95.toFixed(1), 9)}${pad(row.max.toFixed(1), 9)}${pad(row.p95 < GOAL_MS ? 'met' : 'MISS', 6)}${pad(cpu, 16)}${row.digest}`,
  );
}
console.log(
  '\ncpu ms/request: mean CPU time per request of this process (the API, SQLite, and for HTTP the client too), and on PostgreSQL + its server processes',
);
// The default window moves with the clock, so only the fixed ones must agree everywhere.
const fixed = results.filter((row) => !row.filter.startsWith('default'));
const differing = [...new Set(fixed.map((row) => row.filter))].filter(
  (filter) =>
    new Set(fixed.filter((row) => row.filter === filter).map((row) => row.digest)).size > 1,
);
console.log(
  differing.length === 0
    ? 'answers: the same on both databases and on both paths, for every fixed window'
    : `answers DIFFER for: ${differing.join(', ')}`,
);
if (differing.length > 0) process.exitCode = 1;
