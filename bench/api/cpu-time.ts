// CPU time spent by this process and, when given its port, by a local PostgreSQL server (its
// postmaster and every process it started), read from /proc. On a machine others are using, wall
// time says how long a request waited; CPU time says what it cost, whoever else was running.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** pid, parent pid and the CPU fields of /proc/<pid>/stat, in clock ticks. */
function stat(pid: string): { pid: string; parent: string; ticks: number; reaped: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields follow the last one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const field = (n: number) => Number(fields[n - 3]);
    return {
      pid,
      parent: fields[1] ?? '',
      ticks: field(14) + field(15),
      reaped: field(16) + field(17),
    };
  } catch {
    // The process ended between the listing and the read.
    return null;
  }
}

function postmaster(port: number): string | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args[0]?.endsWith('/postgres') && args.includes('-p') && args.includes(String(port)))
        return pid;
    } catch {
      // Gone, or not ours to read.
    }
  }
  return undefined;
}

/**
 * A clock of CPU milliseconds: this process's, plus the PostgreSQL server's on `postgresPort`
 * (its processes, and the ones that ended, which the postmaster reaped), at 1/CLK_TCK s.
 */
export function cpuClock(postgresPort?: number): () => { process: number; database: number } {
  const server = postgresPort === undefined ? undefined : postmaster(postgresPort);
  if (postgresPort !== undefined && !server)
    throw new Error(`no PostgreSQL server on port ${postgresPort}`);
  return () => {
    const own = process.cpuUsage();
    let ticks = 0;
    if (server) {
      for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
        const child = stat(pid);
        if (!child) continue;
        if (child.pid === server) ticks += child.ticks + child.reaped;
        else if (child.parent === server) ticks += child.ticks;
      }
    }
    return {
      process: (own.user + own.system) / 1000,
      database: (ticks * 1000) / TICKS_PER_SECOND,
    };
  };
}
