import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

const valid = {
  LIVEKIT_URL: 'ws://127.0.0.1:7880',
  LIVEKIT_API_KEY: 'key',
  LIVEKIT_API_SECRET: 'secret',
  SVC_JWT_SECRET: 'x'.repeat(32),
};

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig(valid)).toMatchObject({
      PORT: 8080,
      DATABASE_URL: './data/svc.db',
      SVC_AGENT_NAME: 'svc-agent',
    });
  });

  it('opens sign-up outside production unless told otherwise', () => {
    expect(loadConfig(valid).signup).toBe(true);
    expect(loadConfig({ ...valid, NODE_ENV: 'production' }).signup).toBe(false);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', SVC_SIGNUP: 'on' }).signup).toBe(true);
    expect(loadConfig({ ...valid, SVC_SIGNUP: 'off' }).signup).toBe(false);
    expect(() => loadConfig({ ...valid, SVC_SIGNUP: 'yes' })).toThrow(/SVC_SIGNUP/);
  });

  it('trusts no proxy unless SVC_TRUST_PROXY names a hop count or addresses', () => {
    expect(loadConfig(valid).trustProxy).toBe(false);
    expect(loadConfig({ ...valid, SVC_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...valid, SVC_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ ...valid, SVC_TRUST_PROXY: 'everyone' })).toThrow(/SVC_TRUST_PROXY/);
  });

  it('names every problem in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', LIVEKIT_URL: 'http://x' })).toThrow(
      /PORT[\s\S]*LIVEKIT_URL: must be a ws:\/\/ or wss:\/\/ URL[\s\S]*LIVEKIT_API_KEY[\s\S]*SVC_JWT_SECRET/,
    );
  });
});
