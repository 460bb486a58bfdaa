import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
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
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no TCP port')),
      );
    });
  });
}

/** A free UDP port on loopback (a free TCP port says nothing about UDP). */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.unref();
    socket.on('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/** A started child process with its recent output. */
export interface RunningProcess {
  child: ChildProcess;
  /** The last 500 lines the process printed (stdout and stderr). */
  logs: string[];
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Resolves when a line matching `pattern` has been printed (also one printed already). */
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** SIGTERM, then SIGKILL after `graceMs`; always settles. */
  stop(graceMs?: number): Promise<void>;
}

// Children still running when this process exits are killed with it, so a test run that ends
// abruptly leaves no server holding ports behind.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts a process and keeps its last 500 lines of output. */
export function startProcess(command: string, args: string[]): RunningProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const logs: string[] = [];
  const watchers = new Set<(line: string) => void>();
  const record = (line: string) => {
    logs.push(line);
    if (logs.length > 500) logs.shift();
    for (const watcher of watchers) watcher(line);
  };
  const readLines = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(record);
    };
  };
  child.stdout?.on('data', readLines());
  child.stderr?.on('data', readLines());
  let ended = false;
  const exited = new Promise<number | null>((resolve) => {
    const end = (code: number | null) => {
      ended = true;
      running.delete(child);
      resolve(code);
    };
    // `close` comes after the last output has been read, unlike `exit`.
    child.once('close', end);
    // A command that cannot start emits `error` and may never `close`.
    child.once('error', (error) => {
      record(`cannot start ${command}: ${error.message}`);
      end(null);
    });
  });

  return {
    child,
    logs,
    exited,
    waitForLog(pattern, timeoutMs) {
      const seen = logs.find((line) => pattern.test(line));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const done = (error: Error | null, line = '') => {
          clearTimeout(timer);
          watchers.delete(watcher);
          if (error) reject(error);
          else resolve(line);
        };
        const watcher = (line: string) => {
          if (pattern.test(line)) done(null, line);
        };
        const timer = setTimeout(
          () => done(new Error(`no log line matching ${pattern} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        watchers.add(watcher);
        void exited.then(() => done(new Error(`${command} exited before logging ${pattern}`)));
      });
    },
    async stop(graceMs = 5000) {
      if (ended) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
