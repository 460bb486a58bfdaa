import { describe, expect, it } from 'vitest';
import { servingProblems, type AgentCapabilities } from './capabilities.js';

const worker: AgentCapabilities = {
  agent_name: 'svc-agent',
  providers: {
    stt: ['embedded', 'openai', 'openai-compatible', 'deepgram', 'cartesia'],
    llm: ['embedded', 'openai', 'openai-compatible'],
    tts: ['embedded', 'openai', 'openai-compatible', 'elevenlabs', 'deepgram', 'cartesia'],
  },
  keys: ['DEEPGRAM_API_KEY', 'ACME_TTS_KEY'],
  embedded_languages: { stt: ['en'], tts: ['en'] },
};

describe('servingProblems', () => {
  it('serves the embedded stack in English and hosted providers whose keys the worker has', () => {
    expect(servingProblems(undefined, 'en-US', worker)).toEqual([]);
    expect(
      servingProblems(
        {
          stt: { provider: 'deepgram' },
          llm: { provider: 'openai-compatible', base_url: 'http://llm' },
          tts: { provider: 'elevenlabs', api_key_env: 'ACME_TTS_KEY' },
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
        message: "openai needs OPENAI_API_KEY, which this deployment's agent does not have",
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
        message: "cartesia needs CARTESIA_API_KEY, which this deployment's agent does not have",
      },
    ]);
  });
});
