#!/usr/bin/env node
// `npm start`: brings up every part that exists on embedded defaults (livekit-server, the API with
// the seeded demo, the agent worker, the example page, the storefront, the studio), prints the
// URLs, and stops everything on Ctrl-C. Set-up (packages, the server build) already ran in
// scripts/setup.mjs. The API and the agent run compiled (`node dist/main.js`), so they are built
// first when their build is missing or older than their sources; the studio runs in Vite's
// development server.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const API_PORT = Number(process.env.PORT ?? 8080);
const EXAMPLE_PORT = Number(process.env.EXAMPLE_PORT ?? 5173);
const STOREFRONT_PORT = Number(process.env.STOREFRONT_PORT ?? 5175);
const STUDIO_PORT = Number(process.env.STUDIO_PORT ?? 5174);
const AGENT_NAME = process.env.SVC_AGENT_NAME ?? 'svc-agent';
// The agent authenticates to the API with this key; one is made per run unless one is given.
const AGENT_KEY = process.env.SVC_AGENT_KEY ?? randomBytes(24).toString('base64url');
/** The agent's log lines shown: warnings and errors, or down to `SVC_LOG_LEVEL` (info, debug). */
const LOG_LEVEL = process.env.SVC_LOG_LEVEL;

/**
 * Development secrets, kept in ./data so a restart does not log visitors out or lose the
 * companies' stored credentials. Production sets SVC_JWT_SECRET and SVC_SECRETS_KEY itself.
 */
function devSecrets() {
  const file = join(root, 'data', 'dev-secrets.json');
  const secrets = { jwtSecret: randomBytes(32).toString('base64url') };
  if (existsSync(file)) {
    // A file of an earlier version gains the keys it lacks.
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    if (stored.secretsKey) return stored;
    Object.assign(secrets, stored);
  }
  secrets.secretsKey = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const running = [];
let stopping = false;

function log(message) {
  process.stdout.write(`${message}\n`);
}

/** Whether a workspace exists and has an npm script of that name. */
function hasScript(folder, script) {
  const file = join(root, folder, 'package.json');
  return existsSync(file) && Boolean(JSON.parse(readFileSync(file, 'utf8')).scripts?.[script]);
}

/**
 * The workspaces that run compiled: the apps and, through their `dependencies`, the packages they
 * import at run time. A workspace folder is its package name without the scope.
 */
function compiledWorkspaces(apps) {
  const folders = new Set();
  const visit = (folder) => {
    if (folders.has(folder) || !hasScript(folder, 'build')) return;
    folders.add(folder);
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (!name.startsWith('@svc/')) continue;
      const unscoped = name.slice('@svc/'.length);
      const found = ['packages', 'tools', 'apps']
        .map((layer) => `${layer}/${unscoped}`)
        .find((candidate) => existsSync(join(root, candidate, 'package.json')));
      if (found) visit(found);
    }
  };
  for (const app of apps) visit(app);
  return [...folders];
}

/** The newest modification time under `path` (0 if it does not exist), tests left out. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether a workspace's `dist` is missing or older than its sources or its build settings. */
function isStale(folder) {
  const built = newestMtime(join(root, folder, 'dist'));
  if (built === 0) return true;
  const inputs = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];
  return inputs.some((input) => newestMtime(join(root, folder, input)) > built);
}

/** Runs `npm run build` when a workspace `npm start` runs compiled is not built or out of date. */
function buildIfStale(apps) {
  const stale = compiledWorkspaces(apps).filter(isStale);
  if (stale.length === 0) return;
  log(`building (${stale.join(', ')} not built or older than the sources)...`);
  // The root build, so workspaces build in the root `workspaces` order: packages before apps.
  const build = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0)
    throw new Error(`the build failed (exit ${build.status ?? build.signal})`);
}

const LEVEL_NAMES = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_VALUES = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/**
 * One of the agent's stdout lines as it is shown, or undefined to hide it. The agent (its worker,
 * job processes and model host) logs pino JSON lines, `{"level":40,"msg":...,"err":{...}}`: those
 * below `minimum` are hidden, the others become `WARN <msg> <error message>`. Other lines are
 * shown as they are.
 */
function agentLogLine(line, minimum) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.trim() === '' ? undefined : line;
  }
  if (!entry || typeof entry !== 'object') return line;
  const level = typeof entry.level === 'number' ? entry.level : (LEVEL_VALUES[entry.level] ?? 30);
  if (level < minimum) return undefined;
  const name = LEVEL_NAMES[level] ?? String(entry.level).toUpperCase();
  // The framework serializes errors under `error` as well as pino's own `err`.
  const error = entry.err ?? entry.error;
  const reason = typeof error === 'string' ? error : error?.message;
  return [name, entry.msg, reason].filter(Boolean).join(' ');
}

/** Starts a part, prefixing its output with its name; if it dies, everything stops. */
function launch(name, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stopping it also stops what npm started under it
  });
  const lines = createInterface({ input: child.stdout });
  createInterface({ input: child.stderr }).on('line', (line) => log(`[${name}] ${line}`));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`[${name}] exited (${code ?? signal}); stopping everything`);
      void stop(1);
    }
  });
  running.push({ name, child });
  return { child, lines };
}

/** Resolves with the first stdout line that parses as a JSON object. */
function firstJsonLine(name, lines) {
  return new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const value = JSON.parse(line);
        if (value && typeof value === 'object') resolve(value);
      } catch {
        log(`[${name}] ${line}`);
      }
    });
    lines.on('close', () => reject(new Error(`${name} ended before it was ready`)));
  });
}

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  log('stopping...');
  await Promise.all(
    running.reverse().map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
          const kill = (signal) => {
            try {
              process.kill(-child.pid, signal);
            } catch {
              // already gone
            }
          };
          const timer = setTimeout(() => kill('SIGKILL'), 5000);
          child.on('exit', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
          kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function main() {
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const urls = [];
  buildIfStale(['apps/api', 'apps/agent'].filter((folder) => hasScript(folder, 'start')));

  const livekit = launch('livekit', tsx, [
    '--conditions=@svc/source',
    join(root, 'tools', 'livekit-dev', 'src', 'cli.ts'),
    'start',
  ]);
  const server = await firstJsonLine('livekit', livekit.lines);
  urls.push(['Transport (livekit-server)', server.url]);
  const transportEnv = {
    LIVEKIT_URL: server.url,
    LIVEKIT_API_KEY: server.apiKey,
    LIVEKIT_API_SECRET: server.apiSecret,
    SVC_AGENT_NAME: AGENT_NAME,
    SVC_AGENT_KEY: AGENT_KEY,
  };

  const apiUrl = `http://127.0.0.1:${API_PORT}`;
  let demo = {};
  if (hasScript('apps/api', 'start')) {
    // The demo is seeded first (seeding again changes nothing); its last line names the demo.
    const seed = spawnSync('npm', ['run', '--silent', 'seed', '-w', '@svc/api'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (seed.status !== 0) throw new Error(`seeding the demo failed:\n${seed.stderr}`);
    demo = JSON.parse(seed.stdout.trim().split('\n').pop() ?? '{}');
    launch('api', 'npm', ['run', 'start', '-w', '@svc/api'], {
      ...transportEnv,
      PORT: String(API_PORT),
      SVC_JWT_SECRET: process.env.SVC_JWT_SECRET ?? devSecrets().jwtSecret,
      SVC_SECRETS_KEY: process.env.SVC_SECRETS_KEY ?? devSecrets().secretsKey,
    });
    await waitForHttp(`${apiUrl}/healthz`, 120_000);
    urls.push(['Platform API', apiUrl], ['API docs', `${apiUrl}/v1/docs`]);

    if (hasScript('apps/agent', 'start')) {
      const healthPort = Number(process.env.SVC_AGENT_HEALTH_PORT ?? 8081);
      // --silent: npm's `> node dist/main.js` banner is not one of the agent's lines.
      const agent = launch('agent', 'npm', ['run', '--silent', 'start', '-w', '@svc/agent'], {
        ...transportEnv,
        SVC_API_URL: apiUrl,
        SVC_AGENT_HEALTH_PORT: String(healthPort),
        ...(LOG_LEVEL && !process.env.SVC_AGENT_LOG_LEVEL
          ? { SVC_AGENT_LOG_LEVEL: LOG_LEVEL }
          : {}),
      });
      const minimum = LEVEL_VALUES[LOG_LEVEL ?? 'warn'] ?? LEVEL_VALUES.warn;
      agent.lines.on('line', (line) => {
        // Once stopping, the agent warns that the Transport went away: only errors are news then.
        const shown = agentLogLine(line, stopping ? LEVEL_VALUES.error : minimum);
        if (shown !== undefined) log(`[agent] ${shown}`);
      });
      // Healthy once it is registered with the Transport (its first idle process loads the LLM).
      await waitForHttp(`http://127.0.0.1:${healthPort}/`, 180_000);
      urls.push(['Voice agent (health)', `http://127.0.0.1:${healthPort}/`]);
    }
  }

  if (hasScript('examples/minimal', 'start')) {
    launch('example', 'npm', ['run', 'start', '-w', '@svc/example-minimal'], {
      SVC_API_URL: apiUrl,
      ...(demo.publications?.production ? { SVC_PUBLICATION: demo.publications.production } : {}),
      PORT: String(EXAMPLE_PORT),
    });
    await waitForHttp(`http://127.0.0.1:${EXAMPLE_PORT}/`, 60_000);
    urls.push(['Example page', `http://127.0.0.1:${EXAMPLE_PORT}/`]);
  }

  if (hasScript('examples/storefront', 'start')) {
    // The demo shop the agent drives (examples/storefront), on the demo's production publication.
    launch('storefront', 'npm', ['run', 'start', '-w', '@svc/example-storefront'], {
      SVC_API_URL: apiUrl,
      ...(demo.publications?.production ? { SVC_PUBLICATION: demo.publications.production } : {}),
      PORT: String(STOREFRONT_PORT),
    });
    await waitForHttp(`http://127.0.0.1:${STOREFRONT_PORT}/`, 60_000);
    urls.push(['Storefront (demo shop)', `http://127.0.0.1:${STOREFRONT_PORT}/`]);
    // The same shop on the French publication: French items, a French-speaking agent.
    if (demo.publications?.french)
      urls.push([
        'Storefront in French',
        `http://127.0.0.1:${STOREFRONT_PORT}/?publication=${demo.publications.french}`,
      ]);
  }

  if (hasScript('apps/studio', 'dev')) {
    // Vite in development; it forwards /v1 to the API, so the studio calls its own origin.
    launch('studio', 'npm', ['run', 'dev', '-w', '@svc/studio'], {
      SVC_API_URL: apiUrl,
      PORT: String(STUDIO_PORT),
    });
    await waitForHttp(`http://127.0.0.1:${STUDIO_PORT}/`, 60_000);
    urls.push(['Studio', `http://127.0.0.1:${STUDIO_PORT}/`]);
  }

  log('\nSvc is running:');
  for (const [name, url] of urls) log(`  ${name.padEnd(28)} ${url}`);
  if (demo.publications) {
    log(`  Demo publication (production) ${demo.publications.production}`);
    log(`  Demo publication (staging)    ${demo.publications.staging}`);
    if (demo.publications.french)
      log(`  Demo publication (French)     ${demo.publications.french}`);
  }
  if (demo.admin)
    log(
      `  Demo admin login             ${demo.admin.email} / ${demo.admin.password ?? '(SVC_SEED_ADMIN_PASSWORD)'}`,
    );
  log('Press Ctrl-C to stop.\n');
}

main().catch((error) => {
  log(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
