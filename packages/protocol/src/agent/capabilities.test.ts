import { describe, expect, it } from 'vitest';
import { servingProblems, type AgentCapabilities } from './capabilities.js';

const worker: AgentCapabilities = {
  agent_name: 'svc-agent',
  providers: {
    stt: ['embedded', 'openai', 'openai-compatible', 'deepgram', 'cartesia'],
    llm: ['embedded', 'openai', 'openai-compatible'],
    tts: ['embedded', 'openai', 'openai-compatible', 'elevenlabs', 'deepgram', 'cartesia'],
  },
  keys: ['DEEPGRAM_API_KEY'],
  endpoints: [{ name: 'lab-vllm', provider: 'openai-compatible', roles: ['llm'] }],
  embedded_languages: { stt: ['en'], tts: ['en'] },
};

describe('servingProblems', () => {
  it('serves the embedded stack in English and hosted providers whose keys the worker has', () => {
    expect(servingProblems(undefined, 'en-US', worker)).toEqual([]);
    expect(
      servingProblems(
        {
          stt: { provider: 'deepgram' },
          llm: { provider: 'openai-compatible', endpoint: 'lab-vllm' },
          tts: { provider: 'elevenlabs', credential: 'acme-eleven' },
        },
        'fr-FR',
        worker,
      ),
    ).toEqual([]);
  });

  it('names the field: a missing key, an unknown provider, a language the embedded engines lack', () => {
    expect(servingProblems({ llm: { provider: 'openai' } }, 'en-US', worker)).toEqual([
      {
        field: 'voice.llm.provider',
        message: expect.stringContaining(
          "openai needs OPENAI_API_KEY, which this deployment's agent does not have",
        ),
      },
    ]);
    expect(servingProblems({ tts: { provider: 'azure' } }, 'en-GB', worker)).toEqual([
      {
        field: 'voice.tts.provider',
        message: expect.stringContaining('azure is not a tts provider'),
      },
    ]);
    // German: the embedded recognizer cannot hear it, and the hosted voice has no key.
    expect(servingProblems({ tts: { provider: 'cartesia' } }, 'de-DE', worker)).toEqual([
      { field: 'language', message: expect.stringContaining('embedded recognizer speaks en') },
      {
        field: 'voice.tts.provider',
        message: expect.stringContaining(
          "cartesia needs CARTESIA_API_KEY, which this deployment's agent does not have",
        ),
      },
    ]);
  });

  it('refuses a variable named by the scenario, an operator key sent elsewhere, an unknown endpoint', () => {
    expect(
      servingProblems(
        {
          llm: {
            provider: 'openai-compatible',
            base_url: 'https://127.0.0.1:9',
            api_key_env: 'LIVEKIT_API_SECRET',
          },
        },
        'en-US',
        worker,
      ).map((problem) => problem.field),
    ).toEqual(['voice.llm.api_key_env', 'voice.llm.base_url']);
    expect(
      servingProblems(
        { llm: { provider: 'openai-compatible', endpoint: 'other' } },
        'en-US',
        worker,
      ),
    ).toEqual([
      {
        field: 'voice.llm.endpoint',
        message: expect.stringContaining('no openai-compatible llm endpoint named other'),
      },
    ]);
    // An endpoint serves only the roles the operator gave it.
    expect(
      servingProblems(
        { stt: { provider: 'openai-compatible', endpoint: 'lab-vllm' } },
        'en-US',
        worker,
      ),
    ).toHaveLength(1);
  });
});
