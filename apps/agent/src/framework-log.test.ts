import { initializeLogger, log } from '@livekit/agents';
import { describe, expect, it, vi } from 'vitest';
import { quietFrameworkLog } from './framework-log.js';

initializeLogger({ pretty: false, level: 'warn' });

const SKIPPED = 'skipping user input, speech scheduling is paused';

/** Sends the three kinds of warning through a logger whose output `seen` records. */
function warnThrough(logger: ReturnType<typeof log>, seen: ReturnType<typeof vi.fn>) {
  logger.warn({ 'lk.pii.user_input': '' }, SKIPPED);
  logger.warn({ 'lk.pii.user_input': 'add the tent' }, SKIPPED);
  logger.warn({ error: 'x' }, 'Error interrupting activity');
  return seen.mock.calls;
}

const PASSED = [
  [{ 'lk.pii.user_input': 'add the tent' }, SKIPPED],
  [{ error: 'x' }, 'Error interrupting activity'],
];

describe('the framework log of a job process', () => {
  it('drops the skipped-turn warning of an empty turn and passes every other warning', () => {
    const logger = log().child({});
    const seen = vi.fn();
    logger.warn = seen as unknown as typeof logger.warn;
    quietFrameworkLog(logger);
    quietFrameworkLog(logger); // once per logger, however often it is called
    expect(warnThrough(logger, seen)).toEqual(PASSED);
  });

  it("filters a job's own logger, a child of a filtered one", () => {
    const parent = log().child({});
    quietFrameworkLog(parent);
    // The framework gives each job a child logger, with its own methods.
    const job = parent.child({ jobID: 'AJ_1' });
    const seen = vi.fn();
    job.warn = seen as unknown as typeof job.warn;
    quietFrameworkLog(job);
    expect(warnThrough(job, seen)).toEqual(PASSED);
  });
});
