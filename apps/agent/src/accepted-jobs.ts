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
   * Settles once every accepted job is among `running()` (their ids), or after `timeoutMs`; answers
   * the ids of those still not running. Never rejects.
   */
  started(running: () => readonly string[], timeoutMs: number): Promise<string[]>;
}

/**
 * How long after its acceptance a job may still be waiting to run: the framework's assignment
 * timeout (7.5 s) and a job process's start on a loaded machine. An older acceptance whose job
 * never ran was assigned elsewhere or failed; a stop does not wait for it.
 */
const START_WINDOW_MS = 60_000;
const POLL_MS = 100;

/** Makes the tracker; `now` is injectable for tests. */
export function acceptedJobs(now: () => number = Date.now): AcceptedJobs {
  const waiting = new Map<string, number>();
  let stopping = false;
  const pending = (running: readonly string[]) => {
    for (const [id, at] of waiting) {
      if (running.includes(id) || now() - at > START_WINDOW_MS) waiting.delete(id);
    }
    return [...waiting.keys()];
  };
  return {
    async request(job) {
      if (stopping) return job.reject();
      waiting.set(job.id, now());
      await job.accept();
    },
    stop() {
      stopping = true;
    },
    async started(running, timeoutMs) {
      const deadline = now() + timeoutMs;
      let left = pending(running());
      while (left.length > 0 && now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        left = pending(running());
      }
      return left;
    },
  };
}
