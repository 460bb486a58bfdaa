import type { TestRunDriver, TestSession } from './driver.js';

/**
 * A visitor for tests of the runner's routes and command line, in place of the LiveKit one: a
 * turn about tents gets a search and a reply about tents, "bye" ends the conversation, anything
 * else gets "How can I help you?". Joins can be held back or made to fail.
 */
export function scriptedDriver() {
  let gate: Promise<void> = Promise.resolve();
  let failure: string | undefined;
  const joined: TestSession[] = [];
  const driver: TestRunDriver = {
    async join(session, { signal }) {
      // A held join lets go when the run is stopped, as the real one does.
      await Promise.race([
        gate,
        new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true })),
      ]);
      if (signal.aborted) throw new Error('the run was stopped');
      if (failure) throw new Error(failure);
      joined.push(session);
      let ended: string | undefined;
      return {
        endedReason: () => ended,
        async turn(text) {
          if (/bye/i.test(text)) ended = 'completed';
          return /tent/i.test(text)
            ? {
                replies: ['I put some tents on your screen.'],
                toolCalls: [{ name: 'search_products', arguments: { query: 'tents' }, page: true }],
                latencyMs: 42,
              }
            : { replies: ['How can I help you?'], toolCalls: [], latencyMs: 7 };
        },
        async end() {
          ended ??= 'user_requested';
          return ended;
        },
      };
    },
  };
  return {
    driver,
    /** The sessions joined, oldest first. */
    joined,
    /** Holds joins back until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
    /** Makes joins fail with `message` (undefined: succeed again). */
    failJoins(message: string | undefined): void {
      failure = message;
    },
  };
}
