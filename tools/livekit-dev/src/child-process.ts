import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** A started child process with its recent output. */
export interface RunningProcess {
  child: ChildProcess;
  /** The last lines the process printed (stdout and stderr). */
  logs: string[];
  /** Resolves when a line matching `pattern` has been printed (also one printed already). */
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** SIGTERM, then SIGKILL after `graceMs`; always settles. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts a process and keeps its last 500 lines of output. */
export function startProcess(command: string, args: string[]): RunningProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  const watchers = new Set<(line: string) => void>();
  let partial = '';
  const onData = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      logs.push(line);
      if (logs.length > 500) logs.shift();
      for (const watcher of watchers) watcher(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return {
    child,
    logs,
    waitForLog(pattern, timeoutMs) {
      const seen = logs.find((line) => pattern.test(line));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const done = (error: Error | null, line?: string) => {
          clearTimeout(timer);
          watchers.delete(watcher);
          if (error) reject(error);
          else resolve(line ?? '');
        };
        const watcher = (line: string) => pattern.test(line) && done(null, line);
        const timer = setTimeout(
          () => done(new Error(`no log line matching ${pattern} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        watchers.add(watcher);
        void exited.then(() => done(new Error(`${command} exited before logging ${pattern}`)));
      });
    },
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
