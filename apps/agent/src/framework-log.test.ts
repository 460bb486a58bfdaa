import { initializeLogger, log } from '@livekit/agents';
import { describe, expect, it, vi } from 'vitest';
import { quietFrameworkLog } from './framework-log.js';

initializeLogger({ pretty: false, level: 'warn' });

describe('the framework log of a job process', () => {
  it('drops the skipped-turn warning of an empty turn and passes every other warning', () => {
    const seen = vi.fn();
    const logger = log();
    const original = logger.warn;
    logger.warn = seen as unknown as typeof logger.warn;
    try {
      quietFrameworkLog();
      quietFrameworkLog(); // once per process, however often it is called
      logger.warn({ 'lk.pii.user_input': '' }, 'skipping user input, speech scheduling is paused');
      logger.warn(
        { 'lk.pii.user_input': 'add the tent' },
        'skipping user input, speech scheduling is paused',
      );
      logger.warn({ error: 'x' }, 'Error interrupting activity');
      expect(seen.mock.calls).toEqual([
        [
          { 'lk.pii.user_input': 'add the tent' },
          'skipping user input, speech scheduling is paused',
        ],
        [{ error: 'x' }, 'Error interrupting activity'],
      ]);
    } finally {
      logger.warn = original;
    }
  });
});
