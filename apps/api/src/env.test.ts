import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

const valid = {
  LIVEKIT_URL: 'ws://127.0.0.1:7880',
  LIVEKIT_API_KEY: 'key',
  LIVEKIT_API_SECRET: 'a-livekit-secret-of-32-characters',
  SVC_JWT_SECRET: 'a-signing-secret-of-32-characters',
};

const deploy = fileURLToPath(new URL('../../../deploy/', import.meta.url));

/**
 * An env file as systemd's `EnvironmentFile=` reads it: `#` and `;` start a comment only at the
 * start of a line; elsewhere everything after `=` is the value, an inline `# note` included.
 */
function asSystemdReadsIt(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(`${deploy}${file}`, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const equals = trimmed.indexOf('=');
    values[trimmed.slice(0, equals).trim()] = trimmed.slice(equals + 1).trim();
  }
  return values;
}

const generated = () => randomBytes(36).toString('base64');

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

  it('refuses placeholder-looking and short secrets, naming each', () => {
    for (const [name, value, message] of [
      ['SVC_JWT_SECRET', 'change-me-change-me-change-me-change-me', /placeholder.*change-me/],
      ['SVC_JWT_SECRET', 'CHANGEME-to-a-long-random-secret-please', /placeholder.*changeme/],
      ['SVC_JWT_PREVIOUS_SECRET', 'replace-with-a-long-random-secret-0123', /placeholder.*replace/],
      ['LIVEKIT_API_SECRET', 'secret.example.secret.example.secret', /placeholder.*example/],
      ['LIVEKIT_API_SECRET', 'LIVEKIT_API_SECRET', /at least 32 characters/],
      ['SVC_AGENT_KEY', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', /placeholder.*xxx/],
      ['SVC_AGENT_KEY', 'agent-key-xxx-fill-in-before-going-live', /placeholder.*xxx/],
      // What systemd made of the earlier template's `SVC_AGENT_KEY=   # openssl rand ...`.
      ['SVC_AGENT_KEY', '# openssl rand -base64 36; the same in agent.env', /space or "#"/],
      ['SVC_AGENT_KEY', 'short-key', /at least 24 characters/],
      ['SVC_AGENT_KEY', 'SVC_AGENT_KEY_FOR_THE_PRODUCTION_HOSTS', /the name/],
      ['DATABASE_URL', 'postgres://svc:CHANGE-ME@10.0.0.5:5432/svc', /password looks like/],
      ['REDIS_URL', 'redis://:DB_PASSWORD@10.0.0.5:6379', /password looks like/],
      ['LIVEKIT_API_KEY', 'LIVEKIT_API_KEY', /placeholder/],
    ] as const) {
      expect(() => loadConfig({ ...valid, [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`${name}: .*${message.source}`),
      );
    }
    const secrets = { SVC_JWT_SECRET: generated(), SVC_AGENT_KEY: generated() };
    expect(loadConfig({ ...valid, ...secrets })).toMatchObject(secrets);
    // Random base64 holds "xXx" now and then (a CI run once met one): chance, not filler.
    const byChance = { SVC_JWT_SECRET: 'q8Zk3+XxXr7Tn2Wv0Lb5/hYs9Dc4Mf6Ja1Ge8Pu3Ri7O' };
    expect(loadConfig({ ...valid, ...byChance })).toMatchObject(byChance);
    expect(
      loadConfig({ ...valid, DATABASE_URL: 'postgres://svc:s3cret-from-the-vault@db/svc' }),
    ).toMatchObject({ DATABASE_URL: 'postgres://svc:s3cret-from-the-vault@db/svc' });
  });

  it('ships env files with no inline comment, and api.env starts only once its secrets are filled in', () => {
    const files = ['config', 'backup'].flatMap((folder) =>
      readdirSync(`${deploy}${folder}`)
        .filter((name) => name.endsWith('.env'))
        .map((name) => `${folder}/${name}`),
    );
    expect(files).toEqual(expect.arrayContaining(['config/api.env', 'backup/backup.env']));
    for (const file of files) {
      for (const [name, value] of Object.entries(asSystemdReadsIt(file)))
        expect(value, `${file}: ${name}`).not.toMatch(/\s#|^#/);
    }
    const shipped = asSystemdReadsIt('config/api.env');
    expect(() => loadConfig(shipped)).toThrow(
      /DATABASE_URL[\s\S]*LIVEKIT_API_SECRET[\s\S]*SVC_AGENT_KEY[\s\S]*SVC_JWT_SECRET/,
    );
    const filled = Object.fromEntries(
      Object.entries(shipped).map(([name, value]) => [
        name,
        value.replace('CHANGE-ME', name === 'LIVEKIT_API_KEY' ? 'APIq3v7Lk2' : generated()),
      ]),
    );
    expect(loadConfig(filled)).toMatchObject({
      NODE_ENV: 'production',
      SVC_SEED_DEMO: 'off',
      signup: false,
    });
  });

  it('seeds the demo only when SVC_SEED_DEMO=on, which production refuses', () => {
    expect(loadConfig(valid).SVC_SEED_DEMO).toBe('off');
    expect(loadConfig({ ...valid, SVC_SEED_DEMO: 'on' }).SVC_SEED_DEMO).toBe('on');
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production', SVC_SEED_DEMO: 'on' })).toThrow(
      /SVC_SEED_DEMO: the demo and its well-known admin are never seeded/,
    );
  });

  it('names every problem in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', LIVEKIT_URL: 'http://x' })).toThrow(
      /PORT[\s\S]*LIVEKIT_URL: must be a ws:\/\/ or wss:\/\/ URL[\s\S]*LIVEKIT_API_KEY[\s\S]*SVC_JWT_SECRET/,
    );
  });
});
