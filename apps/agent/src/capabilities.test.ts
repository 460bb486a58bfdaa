import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { whisperInstalled } from '@svc/agents-plugin-embedded';
import { TEST_AGENT_KEY } from '@svc/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedLanguages, reportCapabilities, workerCapabilities } from './capabilities.js';
import { startTestApi } from './test-support.js';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("the worker's capabilities", () => {
  it('names the key variables that are set (never their values) and the providers it builds', () => {
    const capabilities = workerCapabilities(
      {
        DEEPGRAM_API_KEY: 'dg-secret',
        ELEVEN_API_KEY: '',
        HOME: '/root',
        ACME_TOKEN: 't',
        LIVEKIT_API_SECRET: 'platform-secret',
        SVC_AGENT_KEY: 'agent-key-0123456789abcdef',
        LAB_KEY: 'lab-secret',
        SVC_PROVIDER_ENDPOINTS: JSON.stringify({
          'lab-vllm': {
            provider: 'openai-compatible',
            base_url: 'http://10.0.0.5/v1',
            key_env: 'LAB_KEY',
            roles: ['llm'],
          },
          'no-key-yet': {
            provider: 'openai',
            base_url: 'http://10.0.0.6/v1',
            key_env: 'UNSET_KEY',
          },
        }),
      },
      'shop-agent',
      { stt: ['en'], tts: ['en'] },
    );
    expect(capabilities).toEqual({
      agent_name: 'shop-agent',
      providers: {
        stt: ['embedded', 'openai', 'openai-compatible', 'deepgram', 'cartesia'],
        llm: ['embedded', 'openai', 'openai-compatible'],
        tts: ['embedded', 'openai', 'openai-compatible', 'elevenlabs', 'deepgram', 'cartesia'],
      },
      // Only the hosted providers' variables: a scenario cannot name any other.
      keys: ['DEEPGRAM_API_KEY'],
      endpoints: [{ name: 'lab-vllm', provider: 'openai-compatible', roles: ['llm'] }],
      embedded_languages: { stt: ['en'], tts: ['en'] },
    });
    for (const secret of ['dg-secret', 'platform-secret', 'lab-secret', '10.0.0.5'])
      expect(JSON.stringify(capabilities)).not.toContain(secret);
    expect(
      workerCapabilities({ SVC_AGENT_TEST_PROVIDERS: '1' }, 'svc-agent').providers.llm,
    ).toContain('scripted');
  });

  it("reports the languages this machine's embedded engines speak", () => {
    // The set-up installed the multilingual Whisper model and espeak-ng.
    expect(whisperInstalled('base')).toBe(true);
    expect(embeddedLanguages(process.env)).toEqual({
      stt: ['en', 'fr', 'es', 'de'],
      tts: ['en', 'fr', 'es', 'de'],
    });
    expect(workerCapabilities(process.env, 'svc-agent').embedded_languages.stt).toContain('de');
    // Without the multilingual model (another cache) nor espeak-ng (no PATH): English only.
    const cache = process.env.SVC_CACHE_DIR;
    process.env.SVC_CACHE_DIR = mkdtempSync(join(tmpdir(), 'svc-no-models-'));
    try {
      expect(embeddedLanguages({ PATH: '' })).toEqual({ stt: ['en'], tts: ['en'] });
    } finally {
      if (cache === undefined) delete process.env.SVC_CACHE_DIR;
      else process.env.SVC_CACHE_DIR = cache;
    }
  });

  it('reports them to the API, which stores them; a refused key is not tried again', async () => {
    const capabilities = workerCapabilities({ DEEPGRAM_API_KEY: 'x' }, 'reporting-agent');
    expect(
      await reportCapabilities({ apiUrl: api.url, agentKey: TEST_AGENT_KEY, capabilities }),
    ).toBe(true);
    const row = await api.database.db
      .selectFrom('agent_capabilities')
      .select('capabilities')
      .where('agent_name', '=', 'reporting-agent')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.capabilities)).toEqual(capabilities);

    const failures: string[] = [];
    // A second attempt would wait a minute, past the test's own timeout.
    expect(
      await reportCapabilities({
        apiUrl: api.url,
        agentKey: 'not-the-agent-key',
        capabilities,
        delayMs: 60_000,
        onFailure: (reason) => failures.push(reason),
      }),
    ).toBe(false);
    expect(failures).toEqual([expect.stringMatching(/^401 /)]);
  });
});
