// The framework's log in a job process, without one warning that is noise here.
import { log } from '@livekit/agents';

/** What the framework logs when a session closes with the visitor's turn empty. */
const SKIPPED_TURN = 'skipping user input, speech scheduling is paused';
const patched = Symbol.for('svc.agent.quietFrameworkLog');

/**
 * Closing a session commits the visitor's turn, and with no words in it the framework warns that
 * it skipped it: that warning closed every conversation in a worker's output (which `npm start`
 * shows), about a turn nobody took. This drops that one warning when the turn was empty; every
 * other line, and the warning with words in the turn, still goes out. Idempotent per logger: call
 * it again once a job has started, since the framework gives each job its own logger.
 */
export function quietFrameworkLog(framework: ReturnType<typeof log> = log()): void {
  const logger = framework as ReturnType<typeof log> & { [patched]?: true };
  // Own property: a job's logger is a child of the process's (the framework sets one per job),
  // and would otherwise look patched through its prototype.
  if (Object.hasOwn(logger, patched)) return;
  logger[patched] = true;
  const warn = logger.warn.bind(logger) as (...args: unknown[]) => void;
  logger.warn = ((...args: unknown[]) => {
    const [fields, message] = args;
    const words = (fields as Record<string, unknown> | undefined)?.['lk.pii.user_input'];
    if (message === SKIPPED_TURN && !words) return;
    warn(...args);
  }) as typeof logger.warn;
}
