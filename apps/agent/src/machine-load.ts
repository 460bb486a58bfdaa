// How much of the machine's CPU other processes use: the worker's background work (preparing a
// publication's prompt holds both cores for seconds) yields to them, to another worker's
// conversation on the same machine, the API's indexing or anything else running there.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks per second of Linux's per-process CPU times (USER_HZ, 100 on every usual build). */
const USER_HZ = 100;

/** The CPU time the whole machine has spent busy, ms (every core summed). */
function machineBusyMs(): number {
  let busy = 0;
  for (const { times } of cpus()) busy += times.user + times.nice + times.sys + times.irq;
  return busy;
}

/**
 * The CPU time a process has used, ms, from Linux's `/proc/<pid>/stat` (its user and system
 * times); undefined where there is no such file (another system, or the process is gone).
 */
export function processCpuMs(pid: number, read = readFileSync): number | undefined {
  try {
    const stat = String(read(`/proc/${pid}/stat`, 'utf8'));
    // The command name (second field) may hold spaces and parentheses: fields are counted after
    // its closing parenthesis, where the third field (the state) comes first.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    if (!Number.isFinite(user) || !Number.isFinite(system)) return undefined;
    return ((user + system) * 1000) / USER_HZ;
  } catch {
    return undefined;
  }
}

/**
 * Cores the other processes may use before background work yields: more than the API, the media
 * server and a browser tab use at rest, less than a conversation, a test or a build.
 */
export const OTHERS_BUSY_CORES = 0.5;

/** A sample of what the machine and our own processes had used. */
interface Sample {
  at: number;
  machineMs: number;
  ownMs: number;
}

/** What a {@link LoadWatch} reads; the real machine unless a test gives its own. */
export interface LoadSources {
  /** The machine's busy CPU time so far, ms. */
  machineMs: () => number;
  /** Our own processes' CPU time so far, ms; undefined when it cannot be read. */
  ownMs: () => number | undefined;
  now: () => number;
}

/** Reads how many cores the processes other than ours kept busy lately. */
export interface LoadWatch {
  /** Cores other processes used over the last interval (0 until two samples, or when unknown). */
  othersCores(): number;
  stop(): void;
}

/**
 * Samples the machine's CPU time every `intervalMs` and what of it was not our own: this process
 * and the processes `pids()` names (the model host, which does the background work). Where our
 * own processes' time cannot be read (no `/proc`), it reports 0: the work it guards would
 * otherwise count as another's and stop itself.
 */
export function watchLoad(
  pids: () => readonly number[],
  intervalMs = 1000,
  sources: LoadSources = {
    machineMs: machineBusyMs,
    ownMs: () => {
      const self = process.cpuUsage();
      let total = (self.user + self.system) / 1000;
      for (const pid of pids()) {
        const used = processCpuMs(pid);
        if (used === undefined) return undefined;
        total += used;
      }
      return total;
    },
    now: () => performance.now(),
  },
): LoadWatch {
  const sample = (): Sample | undefined => {
    const ownMs = sources.ownMs();
    return ownMs === undefined
      ? undefined
      : { at: sources.now(), machineMs: sources.machineMs(), ownMs };
  };
  let previous = sample();
  let cores = 0;
  const timer = setInterval(() => {
    const next = sample();
    if (!next) cores = 0;
    else if (previous && next.at > previous.at) {
      const others = next.machineMs - previous.machineMs - (next.ownMs - previous.ownMs);
      cores = Math.max(0, others) / (next.at - previous.at);
    }
    previous = next;
  }, intervalMs).unref();
  return {
    othersCores: () => cores,
    stop: () => clearInterval(timer),
  };
}
