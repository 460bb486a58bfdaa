import { cpus } from 'node:os';

/**
 * The load under which livekit-server still hands a worker jobs: a worker's affinity for a job is
 * `target_load - load`, and a worker at or over its target gets none (the server logs "no servers
 * available"). 0.7 unless the server's `agents` config sets another `target_load`.
 */
export const TRANSPORT_TARGET_LOAD = 0.7;

/**
 * The load a worker reports for the share of its capacity in use (0 to 1). The scale ends at the
 * Transport's target load, so the server stops dispatching exactly when the worker is full and
 * not at 70 % of it.
 */
export function reportedLoad(share: number): number {
  const bounded = Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 1;
  return bounded * TRANSPORT_TARGET_LOAD;
}

/**
 * A meter of the machine's CPU: each call answers the busy share of all cores (0 to 1) since the
 * previous call (since the meter was made, the first time).
 */
export function cpuMeter(): () => number {
  const sample = () => {
    let busy = 0;
    let total = 0;
    for (const cpu of cpus()) {
      const { user, nice, sys, irq, idle } = cpu.times;
      busy += user + nice + sys + irq;
      total += user + nice + sys + irq + idle;
    }
    return { busy, total };
  };
  let last = sample();
  return () => {
    const now = sample();
    const total = now.total - last.total;
    const share = total > 0 ? (now.busy - last.busy) / total : 0;
    last = now;
    return share;
  };
}
