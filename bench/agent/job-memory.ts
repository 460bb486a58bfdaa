// Memory of the agent's job processes (one per conversation), with the worker run from source
// under tsx (`npm run dev -w @svc/agent`) and from the build (`npm run start -w @svc/agent`, what
// `npm start` runs). The embedded LLM is kept out (SVC_LLM_HOST=off, no prewarm, a scripted LLM) so
// the figures are the framework's and our code's. For each way: the RSS of each pre-started idle
// job process, then what the job processes add per conversation with CONVERSATIONS text
// conversations open (one typed turn each), and the rest of the worker's process tree.
// Run: npx tsx --conditions=@svc/source bench/agent/job-memory.ts   (needs `npm run build` first)
//   IDLE=2 pre-started job processes, CONVERSATIONS=2, MODES=tsx,compiled
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import {
  freePort,
  scriptPublication,
  startTestApi,
  TEST_AGENT_KEY,
  visit,
  workerConnected,
  type Visitor,
} from '@svc/agent/testing';

type Api = Awaited<ReturnType<typeof startTestApi>>;

const IDLE = Number(process.env.IDLE ?? 2);
const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 2);
const MODES = (process.env.MODES ?? 'tsx,compiled').split(',');
/** The npm script of @svc/agent each way runs. */
const SCRIPTS: Record<string, string> = { tsx: 'dev', compiled: 'start' };
const root = fileURLToPath(new URL('../..', import.meta.url));
const MiB = 2 ** 20;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

interface ProcessInfo {
  pid: number;
  parent: number;
  rss: number;
  command: string;
}

/** Every process on the machine (Linux /proc), with its parent, RSS and command line. */
function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      found.push({
        pid: Number(entry),
        parent: Number(fields[1]),
        rss: Number(fields[21]) * 4096,
        command,
      });
    } catch {
      // The process ended while we read.
    }
  }
  return found;
}

/** A process and all its descendants. */
function tree(rootPid: number): ProcessInfo[] {
  const all = processes();
  const result: ProcessInfo[] = [];
  const stack = [rootPid];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    const info = all.find((candidate) => candidate.pid === pid);
    if (info) result.push(info);
    stack.push(...all.filter((candidate) => candidate.parent === pid).map((child) => child.pid));
  }
  return result;
}

/**
 * The framework's job processes under a worker (their entry is `job_proc_lazy_main`), each with
 * the RSS of its own subtree: under tsx a job process may run an esbuild service of its own.
 */
function jobProcesses(rootPid: number): ProcessInfo[] {
  return tree(rootPid)
    .filter((info) => info.command.includes('job_proc_lazy_main'))
    .map((info) => ({ ...info, rss: sum(tree(info.pid).map((member) => member.rss)) }));
}

/** The RSS of every job process under a worker, added up. */
const jobsRss = (rootPid: number) => sum(jobProcesses(rootPid).map((info) => info.rss));

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Samples `measure` once a second, `count` times, and answers the median. */
async function sampled(measure: () => number, count = 5): Promise<number> {
  const values: number[] = [];
  for (let index = 0; index < count; index += 1) {
    if (index > 0) await sleep(1000);
    values.push(measure());
  }
  return median(values);
}

async function startWorker(
  mode: string,
  server: LivekitServer,
  api: Api,
): Promise<{ child: ChildProcess; log: string[] }> {
  const script = SCRIPTS[mode];
  if (!script) throw new Error(`unknown mode ${mode}: tsx or compiled`);
  if (mode === 'compiled' && !existsSync(`${root}/apps/agent/dist/main.js`))
    throw new Error('the agent is not built: run `npm run build` first');
  const healthPort = await freePort();
  const child = spawn('npm', ['run', '--silent', script, '-w', '@svc/agent'], {
    cwd: root,
    env: {
      ...process.env,
      LIVEKIT_URL: server.url,
      LIVEKIT_API_KEY: server.apiKey,
      LIVEKIT_API_SECRET: server.apiSecret,
      SVC_API_URL: api.url,
      SVC_AGENT_KEY: TEST_AGENT_KEY,
      SVC_AGENT_HEALTH_PORT: String(healthPort),
      SVC_AGENT_TEST_PROVIDERS: '1',
      SVC_AGENT_PREWARM_LLM: '0',
      SVC_LLM_HOST: 'off',
      SVC_AGENT_IDLE_PROCESSES: String(IDLE),
      SVC_AGENT_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: npm, tsx, the worker and its job processes stop together
  });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  await workerConnected(healthPort, 120_000);
  return { child, log };
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** One way of running the worker: its idle job processes, then with conversations open. */
async function measure(mode: string, server: LivekitServer, api: Api): Promise<string[]> {
  const started = performance.now();
  const worker = await startWorker(mode, server, api);
  const rootPid = worker.child.pid ?? 0;
  const visitors: Visitor[] = [];
  try {
    const deadline = Date.now() + 120_000;
    while (jobProcesses(rootPid).length < IDLE) {
      if (Date.now() > deadline) throw new Error(`${IDLE} idle job processes never started`);
      await sleep(250);
    }
    const ready = performance.now() - started;
    // Let the idle processes finish loading (the agent module, the framework's plugins).
    await sleep(5000);
    const idle = jobProcesses(rootPid);
    const perIdle = await Promise.all(
      idle.map(({ pid }) =>
        sampled(() => jobProcesses(rootPid).find((info) => info.pid === pid)?.rss ?? 0),
      ),
    );
    const idleJobs = await sampled(() => jobsRss(rootPid));
    const lines = [
      `${mode} (npm run ${SCRIPTS[mode]} -w @svc/agent): ${IDLE} idle job processes ready ${(ready / 1000).toFixed(1)} s after start`,
      `  idle job process RSS: ${perIdle.map(mib).join(', ')} (median ${mib(median(perIdle))})`,
    ];
    if (CONVERSATIONS > 0) {
      for (let index = 0; index < CONVERSATIONS; index += 1) {
        const { visitor } = await visit(
          { server, api, workerLog: () => worker.log.join('') },
          'text',
        );
        await visitor.acknowledge({}, 120_000);
        await visitor.next('message:new', (message) => message.role === 'assistant', 60_000);
        visitors.push(visitor);
      }
      // One typed turn each, so every conversation has run the whole path once.
      for (const visitor of visitors) {
        await visitor.publish('rt.chat', { message: 'hello' });
        await visitor.next(
          'message:new',
          (message) => message.role === 'assistant' && message.content === 'How can I help you?',
          60_000,
        );
      }
      await sleep(3000);
      // The worker keeps IDLE processes waiting besides the busy ones: what the job processes
      // added over the idle ones, per conversation, is the memory a conversation costs.
      const busyJobs = await sampled(() => jobsRss(rootPid));
      const jobs = jobProcesses(rootPid)
        .map((info) => info.rss)
        .sort((a, b) => b - a);
      lines.push(
        `  with ${CONVERSATIONS} conversations: ${mib((busyJobs - idleJobs) / CONVERSATIONS)} per conversation; job processes ${jobs.map(mib).join(', ')}`,
      );
    }
    // The rest of the tree: npm (and tsx) above the worker, the worker, and the framework's
    // inference process (end-of-turn model), shared by every conversation.
    const inJobs = new Set(
      jobProcesses(rootPid).flatMap((job) => tree(job.pid).map((member) => member.pid)),
    );
    const others = tree(rootPid).filter((info) => !inJobs.has(info.pid));
    const inference = others.filter((info) => info.command.includes('inference_proc_lazy_main'));
    const rest = others.filter((info) => !inference.includes(info));
    lines.push(
      `  besides the job processes: ${mib(sum(rest.map((info) => info.rss)))} (npm, the worker, and tsx's CLI under tsx), shared inference process ${inference.length > 0 ? mib(sum(inference.map((info) => info.rss))) : 'not started'}`,
    );
    return lines;
  } catch (error) {
    process.stderr.write(`${mode} worker log:\n${worker.log.join('').slice(-4000)}\n`);
    throw error;
  } finally {
    for (const visitor of visitors) await visitor.room.disconnect().catch(() => undefined);
    await stopWorker(worker.child);
  }
}

const server = await startLivekitServer();
const api = await startTestApi();
try {
  await scriptPublication(api.database, api.demo.publications.production, [
    { when: 'hello', reply: 'How can I help you?' },
  ]);
  const report = ['== agent job process memory (SVC_LLM_HOST=off, scripted LLM)'];
  for (const mode of MODES) {
    const lines = await measure(mode, server, api);
    console.log(lines.join('\n'));
    report.push(...lines);
  }
  console.log(`\n${report.join('\n')}`);
} finally {
  await api.close();
  await server.stop();
}
// The native Transport bindings keep the event loop alive after use.
process.exit(0);
