import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ConfigPayload } from '../config.js';
import { curateConfig } from './curate-config.js';

const config = (
  JSON.parse(readFileSync(new URL('../../vectors/config.json', import.meta.url), 'utf8')) as {
    valid: { value: ConfigPayload }[];
  }
).valid[0]!.value;

describe('curateConfig', () => {
  it('keeps features without their tools, typed collections and the two flags, in camelCase', () => {
    const curated = curateConfig(config);
    expect(curated.features).toEqual(
      config.features.map(({ name, type, settings }) => ({ name, type, settings })),
    );
    expect(curated.collections).toEqual(config.collections);
    expect(curated.avatarEnabled).toBe(config.avatar_enabled);
    expect(curated.audioDictationEnabled).toBe(config.audio_dictation);
  });

  it('drops the backend plumbing', () => {
    const curated = curateConfig(config) as unknown as Record<string, unknown>;
    for (const key of ['company_id', 'voice_stack', 'conversation_id', 'restore_state', 'type']) {
      expect(curated).not.toHaveProperty(key);
    }
    expect(curated.features).toSatisfy((features: object[]) =>
      features.every((f) => !('tools' in f)),
    );
  });

  it('leaves out collections that do not parse and reports them', () => {
    const reported: string[] = [];
    const curated = curateConfig(
      { ...config, collections: [{ id: 'x' }, config.collections[0]] },
      (error) => reported.push(error),
    );
    expect(curated.collections).toHaveLength(1);
    expect(reported).toEqual(['collections[0].id: expected number, got string']);
  });
});
