import type { JobRequest } from '@livekit/agents';

/**
 * The jobs a worker has accepted and that do not run yet. The framework accepts a job, then waits
 * for livekit-server's assignment and for an idle job process before the job runs; a drain in
 * between sees no process running it, so the worker leaves and the conversation is lost: its
 * visitor waits for a config that never comes. A stopping worker therefore refuses new jobs (the
 * Transport offers them to another worker), lets the accepted ones start (a running job hears the
 * stop and ends its conversation with `agent_shutdown`), and only then drains.
 */
export interface AcceptedJobs {
  /** The worker's `requestFunc`: accepts a job, or refuses it once the worker is stopping. */
  request(job: Pick<JobRequest, 'id' | 'accept' | 'reject'>): Promise<void>;
  /** Refuses every job from now on. */
  stop(): void;
  /**
   * Settles once every accepted job has been seen running, or after `timeoutMs`; answers the ids
   * of those never seen running. Never rejects.
   */
  started(timeoutMs: number): Promise<string[]>;
}

/**
 * How long after its acceptance a job may still be waiting to run: the framework's assignment
 * timeout (7.5 s) and a job process's start on a loaded machine. An older acceptance whose job
 * never ran was assigned elsewhere or failed; a stop does not wait for it.
 */
const START_WINDOW_MS = 60_000;
/** How often the running jobs are looked at while some accepted job has not been seen running. */
const POLL_MS = 100;

/**
 * Makes the tracker. `running` answers the ids of the jobs running now; a job is looked for there
 * from its acceptance on, so one that ran and ended before a stop is not waited for. `now` is
 * injectable for tests.
 */
export function acceptedJobs(
  running: () => readonly string[],
  now: () => number = Date.now,
): AcceptedJobs {
  const waiting = new Map<string, number>();
  let stopping = false;
  let watch: ReturnType<typeof setInterval> | undefined;
  const prune = () => {
    const ids = running();
    for (const [id, at] of waiting) {
      if (ids.includes(id) || now() - at > START_WINDOW_MS) waiting.delete(id);
    }
    if (waiting.size === 0 && watch) {
      clearInterval(watch);
      watch = undefined;
    }
  };
  return {
    async request(job) {
      if (stopping) return job.reject();
      waiting.set(job.id, now());
      // The watch keeps no process alive: a worker exits when its server does.
      watch ??= setInterval(prune, POLL_MS).unref();
      await job.accept();
    },
    stop() {
      stopping = true;
    },
    async started(timeoutMs) {
      const deadline = now() + timeoutMs;
      prune();
      while (waiting.size > 0 && now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        prune();
      }
      return [...waiting.keys()];
    },
  };
}
