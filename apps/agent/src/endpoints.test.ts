import { describe, expect, it } from 'vitest';
import { readOperatorEndpoints } from './endpoints.js';
import { readAgentEnv } from './env.js';

describe("the operator's endpoints", () => {
  it('reads names, providers, addresses, key variables and roles', () => {
    const endpoints = readOperatorEndpoints(
      JSON.stringify({
        'lab-vllm': {
          provider: 'openai-compatible',
          base_url: 'http://10.0.0.5:8000/v1',
          key_env: 'LAB_KEY',
          roles: ['llm'],
        },
        'eu-openai': { provider: 'openai', base_url: 'https://eu.api.openai.com/v1' },
      }),
    );
    expect([...endpoints.values()]).toEqual([
      {
        name: 'lab-vllm',
        provider: 'openai-compatible',
        base_url: 'http://10.0.0.5:8000/v1',
        key_env: 'LAB_KEY',
        roles: ['llm'],
      },
      {
        name: 'eu-openai',
        provider: 'openai',
        base_url: 'https://eu.api.openai.com/v1',
        roles: ['stt', 'llm', 'tts'],
      },
    ]);
    expect(readOperatorEndpoints(undefined).size).toBe(0);
  });

  it('names every problem, and the worker does not start with them', () => {
    const text = JSON.stringify({
      'Bad Name': { provider: 'openai', base_url: 'https://a.example.com' },
      deepgram: { provider: 'deepgram', base_url: 'https://a.example.com' },
      nourl: { provider: 'openai', base_url: 'ftp://x', key_env: 'lower-case', roles: ['avatar'] },
    });
    expect(() => readOperatorEndpoints(text)).toThrow(
      /Bad Name: a name.*deepgram\.provider.*nourl\.base_url.*nourl\.key_env.*nourl\.roles/,
    );
    expect(() => readOperatorEndpoints('[1]')).toThrow(/JSON object/);
    expect(() =>
      readAgentEnv({
        LIVEKIT_URL: 'ws://127.0.0.1:7880',
        LIVEKIT_API_KEY: 'k',
        LIVEKIT_API_SECRET: 's',
        SVC_API_URL: 'http://127.0.0.1:3000',
        SVC_AGENT_KEY: 'agent-key-0123456789abcdef',
        SVC_PROVIDER_ENDPOINTS: '{not json',
      }),
    ).toThrow(/SVC_PROVIDER_ENDPOINTS: expected a JSON object/);
  });
});
