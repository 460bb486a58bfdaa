import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stopAgentWorker } from './test-support.js';

// How the tests stop a worker, on plain Node processes that stand in for one.
describe('stopAgentWorker', () => {
  const node = (script: string) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    // Answers once the script runs, so its signal handlers are in place.
    const ready = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    return { child, ready };
  };

  it('ends a worker that leaves on SIGTERM without killing it', async () => {
    const { child, ready } = node(
      "process.on('SIGTERM', () => process.exit(7)); console.log('up'); setInterval(() => {}, 1000);",
    );
    await ready;
    expect(await stopAgentWorker({ child }, 10_000)).toBe('exited');
    expect(child.exitCode).toBe(7);
  });

  it('kills a worker that ignores SIGTERM once the grace time is over', async () => {
    const { child, ready } = node(
      "process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000);",
    );
    await ready;
    const started = Date.now();
    expect(await stopAgentWorker({ child }, 300)).toBe('killed');
    expect(child.signalCode).toBe('SIGKILL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('answers at once for a worker a signal has already ended', async () => {
    const { child, ready } = node("console.log('up'); setInterval(() => {}, 1000);");
    await ready;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const started = Date.now();
    expect(await stopAgentWorker({ child }, 10_000)).toBe('gone');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
