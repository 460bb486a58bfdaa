import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** One process as Linux's /proc shows it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Clock ticks after boot when it started: with the pid, names one process even if pids wrap. */
  startTime: number;
  /** `R`, `S`, `D`, `Z` (exited, not yet reaped), ... */
  state: string;
  /** Its command line. */
  command: string;
  /** Its working folder. */
  cwd: string;
}

function readEntry(pid: number): ProcessEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces and parentheses: fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return {
      pid,
      state: fields[0] ?? '?',
      ppid: Number(fields[1]),
      startTime: Number(fields[19]),
      command,
      cwd: readlinkSync(`/proc/${pid}/cwd`),
    };
  } catch {
    return undefined; // gone between the listing and the read
  }
}

/** Every process on the machine. */
export function listProcesses(): ProcessEntry[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readEntry(Number(name)))
    .filter((entry): entry is ProcessEntry => entry !== undefined);
}

/** The processes under `roots` (children, their children, ...), roots included when alive. */
export function processTree(roots: number[], processes = listProcesses()): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of processes) {
    children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  }
  const found = new Map<number, ProcessEntry>();
  const queue = processes.filter((entry) => roots.includes(entry.pid));
  for (let entry = queue.shift(); entry; entry = queue.shift()) {
    if (found.has(entry.pid)) continue;
    found.set(entry.pid, entry);
    queue.push(...(children.get(entry.pid) ?? []));
  }
  return [...found.values()];
}

/** Whether that very process (same pid, same start) still runs; a zombie has ended. */
export function isRunning(entry: ProcessEntry): boolean {
  const now = readEntry(entry.pid);
  return now !== undefined && now.startTime === entry.startTime && now.state !== 'Z';
}
