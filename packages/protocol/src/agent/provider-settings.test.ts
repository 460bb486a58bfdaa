import { describe, expect, it } from 'vitest';
import { keySource, providerSettingProblems, voiceSettingProblems } from './provider-settings.js';

const fields = (problems: { field: string }[]) => problems.map((problem) => problem.field);

describe('providerSettingProblems', () => {
  it('accepts the ways a scenario may name an engine', () => {
    expect(
      voiceSettingProblems({
        stt: { provider: 'deepgram', model: 'nova-3' },
        llm: { provider: 'openai-compatible', base_url: 'https://llm.acme.example.com/v1' },
        tts: { provider: 'elevenlabs', credential: 'acme-eleven', voice: 'Rachel' },
      }),
    ).toEqual([]);
    expect(
      providerSettingProblems('llm', { provider: 'openai-compatible', endpoint: 'lab-vllm' }),
    ).toEqual([]);
    expect(
      providerSettingProblems('llm', { provider: 'openai-compatible', credential: 'own-llm' }),
    ).toEqual([]);
    expect(providerSettingProblems('llm', { provider: 'embedded' })).toEqual([]);
  });

  it('refuses a setting that names an environment variable or holds a key', () => {
    for (const field of [
      'api_key_env',
      'api_key',
      'key_env',
      'token',
      'secret',
      'OPENAI_API_KEY',
    ]) {
      expect(
        fields(
          providerSettingProblems('llm', { provider: 'openai', [field]: 'LIVEKIT_API_SECRET' }),
        ),
      ).toEqual([`voice.llm.${field}`]);
    }
  });

  it('keeps addresses to openai-compatible, and never beside an operator endpoint or credential', () => {
    // An operator key must not reach an address a tenant chose.
    expect(
      fields(
        providerSettingProblems('llm', {
          provider: 'openai',
          base_url: 'https://evil.example.com/v1',
        }),
      ),
    ).toEqual(['voice.llm.base_url']);
    expect(
      fields(
        providerSettingProblems('tts', {
          provider: 'cartesia',
          base_url: 'https://evil.example.com',
        }),
      ),
    ).toEqual(['voice.tts.base_url']);
    expect(
      fields(
        providerSettingProblems('llm', {
          provider: 'openai-compatible',
          endpoint: 'lab-vllm',
          base_url: 'https://evil.example.com/v1',
        }),
      ),
    ).toEqual(['voice.llm.base_url']);
    expect(
      fields(
        providerSettingProblems('llm', {
          provider: 'openai-compatible',
          credential: 'acme',
          base_url: 'https://evil.example.com/v1',
        }),
      ),
    ).toEqual(['voice.llm.base_url']);
    // Without an address, openai-compatible would fall back to the operator's server and key.
    expect(fields(providerSettingProblems('llm', { provider: 'openai-compatible' }))).toEqual([
      'voice.llm.base_url',
    ]);
  });

  it('refuses private, loopback, metadata and plain-http addresses', () => {
    for (const url of [
      'http://127.0.0.1:9/v1',
      'https://127.0.0.1:9/v1',
      'https://169.254.169.254/',
      'https://localhost/v1',
      'http://llm.acme.example.com/v1',
    ]) {
      expect(
        fields(providerSettingProblems('stt', { provider: 'openai-compatible', base_url: url })),
      ).toEqual(['voice.stt.base_url']);
    }
  });

  it('refuses malformed names and an endpoint together with a credential', () => {
    expect(
      fields(providerSettingProblems('llm', { provider: 'openai', credential: '../x' })),
    ).toEqual(['voice.llm.credential']);
    expect(
      fields(
        providerSettingProblems('llm', { provider: 'openai', endpoint: 'a', credential: 'b' }),
      ),
    ).toEqual(['voice.llm.credential']);
    expect(
      fields(providerSettingProblems('llm', { provider: 'embedded', credential: 'b' })),
    ).toEqual(['voice.llm.provider']);
  });
});

describe('keySource', () => {
  it('is the operator variable only for a hosted provider named alone', () => {
    expect(keySource({ provider: 'openai' })).toEqual({
      kind: 'operator',
      variable: 'OPENAI_API_KEY',
    });
    expect(keySource({ provider: 'openai', credential: 'acme' })).toEqual({
      kind: 'credential',
      name: 'acme',
    });
    expect(keySource({ provider: 'openai-compatible', endpoint: 'lab' })).toEqual({
      kind: 'endpoint',
      name: 'lab',
    });
    expect(keySource({ provider: 'openai-compatible', base_url: 'https://a.example.com' })).toEqual(
      { kind: 'none' },
    );
    expect(keySource(undefined)).toEqual({ kind: 'none' });
  });
});
