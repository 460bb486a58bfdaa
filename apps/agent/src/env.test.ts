import { describe, expect, it } from 'vitest';
import { readAgentEnv } from './env.js';

const BASE = {
  LIVEKIT_URL: 'ws://127.0.0.1:7880',
  LIVEKIT_API_KEY: 'k',
  LIVEKIT_API_SECRET: 's',
  SVC_API_URL: 'http://127.0.0.1:3000',
  SVC_AGENT_KEY: 'agent-key-0123456789abcdef',
};

describe('readAgentEnv', () => {
  it('reads the defaults and names every problem in one error', () => {
    expect(readAgentEnv(BASE)).toMatchObject({
      agentName: 'svc-agent',
      healthPort: 8081,
      idleProcesses: 5,
      maxConversations: 20,
      logLevel: 'info',
    });
    expect(readAgentEnv(BASE).readyFile).toBeUndefined();
    expect(() =>
      readAgentEnv({ ...BASE, LIVEKIT_URL: 'http://x', SVC_AGENT_IDLE_PROCESSES: '0' }),
    ).toThrow(/LIVEKIT_URL: must be a ws.*\n.*SVC_AGENT_IDLE_PROCESSES: expected a number/s);
  });

  it('takes a ready file only at an absolute path', () => {
    expect(readAgentEnv({ ...BASE, SVC_AGENT_READY_FILE: '/run/svc/ready' }).readyFile).toBe(
      '/run/svc/ready',
    );
    expect(() => readAgentEnv({ ...BASE, SVC_AGENT_READY_FILE: 'ready' })).toThrow(
      /SVC_AGENT_READY_FILE: must be an absolute path/,
    );
  });
});
