#!/usr/bin/env node
// `npm start`: brings up every part that exists on embedded defaults (livekit-server, the API with
// the seeded demo, the agent worker, the example page), prints the URLs, and stops everything on
// Ctrl-C. Set-up (packages, the server build) already ran in scripts/setup.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const API_PORT = Number(process.env.PORT ?? 8080);
const EXAMPLE_PORT = Number(process.env.EXAMPLE_PORT ?? 5173);
const AGENT_NAME = process.env.SVC_AGENT_NAME ?? 'svc-agent';
// The agent authenticates to the API with this key; one is made per run unless one is given.
const AGENT_KEY = process.env.SVC_AGENT_KEY ?? randomBytes(24).toString('base64url');

/**
 * Development secrets, kept in ./data so a restart does not log visitors out. Production sets
 * SVC_JWT_SECRET itself.
 */
function devSecrets() {
  const file = join(root, 'data', 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { jwtSecret: randomBytes(32).toString('base64url') };
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
    });
    await waitForHttp(`${apiUrl}/healthz`, 120_000);
    urls.push(['Platform API', apiUrl], ['API docs', `${apiUrl}/v1/docs`]);

    if (hasScript('apps/agent', 'start')) {
      const healthPort = Number(process.env.SVC_AGENT_HEALTH_PORT ?? 8081);
      launch('agent', 'npm', ['run', 'start', '-w', '@svc/agent'], {
        ...transportEnv,
        SVC_API_URL: apiUrl,
        SVC_AGENT_HEALTH_PORT: String(healthPort),
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

  log('\nSvc is running:');
  for (const [name, url] of urls) log(`  ${name.padEnd(28)} ${url}`);
  if (demo.publications) {
    log(`  Demo publication (production) ${demo.publications.production}`);
    log(`  Demo publication (staging)    ${demo.publications.staging}`);
  }
  if (demo.admin)
    log(`  Demo admin login             ${demo.admin.email} / ${demo.admin.password}`);
  log('Press Ctrl-C to stop.\n');
}

main().catch((error) => {
  log(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
