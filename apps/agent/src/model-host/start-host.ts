// Starts the worker's model host as a child process and waits until its model is loaded.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A running model host. */
export interface ModelHost {
  socketPath: string;
  model: string;
  process: ChildProcess;
  stop(): void;
}

/** Forks the host (from source under tsx, from the build otherwise) and waits for `ready`. */
export function startModelHost(options: { timeoutMs?: number } = {}): Promise<ModelHost> {
  const socketPath = join(mkdtempSync(join(tmpdir(), 'svc-llm-')), 'host.sock');
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./host-main${fromSource ? '.ts' : '.js'}`, import.meta.url));
  const child = fork(entry, [], {
    // The sources run through tsx whoever started this process (a test runner does not pass its
    // loader on).
    ...(fromSource ? { execArgv: ['--import', 'tsx', '--conditions=@svc/source'] } : {}),
    env: { ...process.env, SVC_LLM_HOST_SOCKET: socketPath },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the model host did not load its model in time'));
    }, options.timeoutMs ?? 300_000);
    child.once('message', (message: { ready?: boolean; model?: string; error?: string }) => {
      clearTimeout(timer);
      if (!message.ready) {
        reject(new Error(`the model host failed: ${message.error ?? 'unknown error'}`));
        return;
      }
      resolve({
        socketPath,
        model: message.model ?? 'embedded',
        process: child,
        stop: () => child.kill(),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the model host exited (${code}) before it was ready`));
    });
  });
}
