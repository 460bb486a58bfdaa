import { initializeLogger } from '@livekit/agents';
import { describe, expect, it } from 'vitest';
import { warmUpReplyPipeline } from './warm-up.js';

initializeLogger({ pretty: false, level: 'warn' });

describe('the job process warm-up', () => {
  it('runs routed turns with tool calls and templated replies through the framework, with no room or model', async () => {
    expect(await warmUpReplyPipeline()).toBe(true);
    // A process may warm up again (the framework reuses nothing of the first session).
    expect(await warmUpReplyPipeline()).toBe(true);
  });
});
