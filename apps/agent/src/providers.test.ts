import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeLogger, llm, log, tts, type VAD } from '@livekit/agents';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import type { RuntimeConfig } from '@svc/protocol/agent';
import { FliteTTS, PiperTTS, piperVoicePaths } from '@svc/agents-plugin-embedded';
import { HeardSureness } from './turn/index.js';
import {
  ASK_AGAIN_BELOW,
  embeddedRecognizer,
  enginesFor,
  llmFor,
  recognizerPrompt,
  ScriptedChoosingLLM,
  sttFor,
  ttsFor,
  voiceSpeaks,
} from './providers.js';

initializeLogger({ pretty: false, level: 'warn' });

const runtime = { conversation: { language: 'en-US' } } as unknown as RuntimeConfig;

describe('providers from a scenario', () => {
  it('names the variable a hosted provider lacks', () => {
    expect(() => ttsFor({ provider: 'cartesia' }, {}, runtime)).toThrow(/CARTESIA_API_KEY/);
    expect(() => sttFor({ provider: 'cartesia' }, {}, runtime)).toThrow(/CARTESIA_API_KEY/);
    expect(() => ttsFor({ provider: 'elevenlabs' }, {}, runtime)).toThrow(/ELEVEN_API_KEY/);
    expect(() => sttFor({ provider: 'deepgram' }, {}, runtime)).toThrow(/DEEPGRAM_API_KEY/);
    expect(() => llmFor({ provider: 'openai' }, {})).toThrow(/OPENAI_API_KEY/);
  });

  it('never reads a variable a scenario names, in any role', () => {
    const env = {
      LIVEKIT_API_SECRET: 'platform-secret',
      SVC_AGENT_KEY: 'agent-key-0123456789abcdef',
    };
    for (const field of ['api_key_env', 'key_env', 'api_key']) {
      const settings = { provider: 'openai', [field]: 'LIVEKIT_API_SECRET' };
      expect(() => llmFor(settings, env)).toThrow(new RegExp(`voice\\.llm\\.${field}`));
      expect(() => sttFor(settings, env, runtime)).toThrow(/names no key or environment variable/);
      expect(() => ttsFor({ ...settings, provider: 'cartesia' }, env, runtime)).toThrow(
        /names no key or environment variable/,
      );
    }
  });

  it('sends no operator key to an address a scenario gives, and refuses private ones', () => {
    const env = { OPENAI_API_KEY: 'sk-operator' };
    expect(() =>
      llmFor({ provider: 'openai', base_url: 'https://collector.example.com/v1' }, env),
    ).toThrow(/voice\.llm\.base_url: only openai-compatible/);
    expect(() =>
      ttsFor({ provider: 'cartesia', base_url: 'https://collector.example.com' }, env, runtime),
    ).toThrow(/voice\.tts\.base_url/);
    for (const base_url of [
      'http://127.0.0.1:9/v1',
      'https://169.254.169.254/',
      'https://localhost/v1',
    ]) {
      expect(() => llmFor({ provider: 'openai-compatible', base_url }, env)).toThrow(
        /voice\.llm\.base_url/,
      );
    }
    // Without an address openai-compatible would reach the operator's server with its key.
    expect(() => llmFor({ provider: 'openai-compatible' }, env)).toThrow(/needs base_url/);
  });

  it('takes an OpenAI-compatible server of the tenant without a key (vLLM, llama.cpp, Ollama)', () => {
    const settings = { provider: 'openai-compatible', base_url: 'https://llm.acme.example.com/v1' };
    expect(() => llmFor(settings, {})).not.toThrow();
    expect(() => sttFor(settings, {}, runtime)).not.toThrow();
    expect(() => ttsFor(settings, {}, runtime)).not.toThrow();
  });

  it('uses a company credential only with its own provider, and an operator endpoint by name', () => {
    const credentials = {
      'acme-eleven': { provider: 'elevenlabs', api_key: 'acme-key' },
      'acme-llm': {
        provider: 'openai-compatible',
        api_key: 'acme-llm-key',
        base_url: 'https://llm.acme.example.com/v1',
      },
      'bad-llm': { provider: 'openai-compatible', api_key: 'k', base_url: 'https://10.0.0.3/v1' },
    };
    expect(() =>
      ttsFor({ provider: 'elevenlabs', credential: 'acme-eleven' }, {}, runtime, { credentials }),
    ).not.toThrow();
    expect(() =>
      llmFor({ provider: 'openai-compatible', credential: 'acme-llm' }, {}, { credentials }),
    ).not.toThrow();
    expect(() =>
      llmFor({ provider: 'openai', credential: 'acme-eleven' }, {}, { credentials }),
    ).toThrow(/for elevenlabs, not openai/);
    expect(() =>
      llmFor({ provider: 'openai', credential: 'missing' }, {}, { credentials }),
    ).toThrow(/no credential named missing/);
    // Inherited names are no credentials.
    expect(() =>
      llmFor({ provider: 'openai', credential: 'constructor' }, {}, { credentials }),
    ).toThrow(/no credential named constructor/);
    expect(() =>
      llmFor({ provider: 'openai-compatible', credential: 'bad-llm' }, {}, { credentials }),
    ).toThrow(/private or reserved/);
    const endpoints = JSON.stringify({
      'lab-vllm': {
        provider: 'openai-compatible',
        base_url: 'http://10.0.0.5:8000/v1',
        key_env: 'LAB_KEY',
        roles: ['llm'],
      },
    });
    // The operator's own address may be private: the operator chose it.
    expect(() =>
      llmFor(
        { provider: 'openai-compatible', endpoint: 'lab-vllm' },
        { SVC_PROVIDER_ENDPOINTS: endpoints, LAB_KEY: 'k' },
      ),
    ).not.toThrow();
    expect(() =>
      llmFor(
        { provider: 'openai-compatible', endpoint: 'lab-vllm' },
        { SVC_PROVIDER_ENDPOINTS: endpoints },
      ),
    ).toThrow(/needs LAB_KEY/);
    expect(() =>
      sttFor(
        { provider: 'openai-compatible', endpoint: 'lab-vllm' },
        { SVC_PROVIDER_ENDPOINTS: endpoints, LAB_KEY: 'k' },
        runtime,
      ),
    ).toThrow(/no openai-compatible stt endpoint named lab-vllm/);
  });

  it('lists the providers it knows when one is unknown', () => {
    expect(() => ttsFor({ provider: 'nope' }, {}, runtime)).toThrow(/cartesia/);
    expect(() => sttFor({ provider: 'nope' }, {}, runtime)).toThrow(/deepgram or cartesia/);
    expect(() => llmFor({ provider: 'nope' }, {})).toThrow(/openai-compatible/);
  });

  it('keeps the scripted LLM to tests, with the choices of a request by the embedded model on request', async () => {
    expect(() => llmFor({ provider: 'scripted' }, {})).toThrow(/tests only/);
    const tests = { SVC_AGENT_TEST_PROVIDERS: '1' };
    expect(llmFor({ provider: 'scripted' }, tests)).not.toBeInstanceOf(ScriptedChoosingLLM);
    expect(llmFor({ provider: 'scripted', choices: 'embedded' }, tests)).toBeInstanceOf(
      ScriptedChoosingLLM,
    );
    const chooser = { answerJson: async () => '"add"' };
    const scripted = new ScriptedChoosingLLM([], chooser);
    expect(await scripted.answerJson({ instructions: 'pick', prompt: 'it', schema: {} })).toBe(
      '"add"',
    );
  });
});

describe('the embedded engines in the conversation language', () => {
  const inLanguage = (language: string) =>
    ({
      conversation: { language },
      scenario: { name: 'Trailhead' },
      collections: [{ description: 'Outdoor gear shop' }],
      item_names: ['Solo Tent'],
    }) as unknown as RuntimeConfig;
  // The adapter keeps the VAD for its streams; none is opened here.
  const vad = {} as VAD;
  // The recognizer goes through a model host that is not there: no model loads in this test (the
  // plugin's own tests transcribe).
  const hostSocket = process.env.SVC_LLM_HOST_SOCKET;
  beforeAll(() => {
    process.env.SVC_LLM_HOST_SOCKET = '/nonexistent/svc-host.sock';
  });
  afterAll(() => {
    if (hostSocket === undefined) delete process.env.SVC_LLM_HOST_SOCKET;
    else process.env.SVC_LLM_HOST_SOCKET = hostSocket;
  });

  it('hears French, Spanish and German with the multilingual Whisper model, never pocketsphinx', () => {
    for (const language of ['fr-FR', 'es-ES', 'de-DE']) {
      expect(embeddedRecognizer(undefined, {}, language)).toBe('whisper');
      // The worker's choice of English recognizer does not apply to other languages.
      expect(embeddedRecognizer(undefined, { SVC_EMBEDDED_STT: 'pocketsphinx' }, language)).toBe(
        'whisper',
      );
      expect(() =>
        embeddedRecognizer({ provider: 'embedded', model: 'pocketsphinx' }, {}, language),
      ).toThrow(/English only/);
      expect(sttFor(undefined, {}, inLanguage(language), vad).label).toBe(
        'EarlyStreamAdapter<svc.WhisperSTT>',
      );
    }
    expect(embeddedRecognizer({ provider: 'embedded', model: 'pocketsphinx' }, {}, 'en-US')).toBe(
      'pocketsphinx',
    );
  });

  it("drops the agent's own speech heard back: the embedded voice tells the recognizer's filter what it plays", () => {
    const spoken = enginesFor(inLanguage('de-DE'), { audioIn: true, audioOut: true }, {}, vad);
    expect(spoken.stt?.label).toBe('EchoFilter<EarlyStreamAdapter<svc.WhisperSTT>>');
    const guard = (spoken.tts as FliteTTS).echoGuard;
    guard?.speaking('Willkommen bei Trailhead, was suchen Sie heute?', 3);
    expect(guard?.isEcho('was suchen Sie heute')).toBe(true);
    // Without the agent's voice in the conversation there is nothing to drop.
    const typed = enginesFor(inLanguage('de-DE'), { audioIn: true, audioOut: false }, {}, vad);
    expect(typed.stt?.label).toBe('EarlyStreamAdapter<svc.WhisperSTT>');
  });

  it('asks a misheard turn again only on the embedded Whisper, whose confidence is the share of real words', () => {
    const voice = { audioIn: true, audioOut: false };
    const german = inLanguage('de-DE');
    expect(enginesFor(german, voice, {}, vad).askAgainBelow).toBe(ASK_AGAIN_BELOW);
    expect(enginesFor(german, { ...voice, audioIn: false }, {}, vad).askAgainBelow).toBeUndefined();
    // A hosted recognizer's confidence may be 0 for "not given".
    const hosted = {
      ...german,
      scenario: {
        ...german.scenario,
        voice: {
          stt: { provider: 'openai-compatible', base_url: 'https://stt.acme.example.com/v1' },
        },
      },
    } as RuntimeConfig;
    expect(enginesFor(hosted, voice, {}, vad).askAgainBelow).toBeUndefined();
  });

  it("lets the turn detector read how sure the embedded Whisper was of a spoken turn's words", () => {
    const voice = { audioIn: true, audioOut: false };
    const spoken = enginesFor(inLanguage('en-US'), voice, {}, vad);
    expect(spoken.sureness).toBeInstanceOf(HeardSureness);
    // Typed turns have no recognizer to ask; a hosted recognizer does not say.
    expect(enginesFor(inLanguage('en-US'), { ...voice, audioIn: false }, {}, vad).sureness).toBe(
      undefined,
    );
    const hosted = {
      ...inLanguage('en-US'),
      scenario: {
        ...inLanguage('en-US').scenario,
        voice: { stt: { provider: 'deepgram' } },
      },
    } as RuntimeConfig;
    expect(enginesFor(hosted, voice, { DEEPGRAM_API_KEY: 'k' }, vad).sureness).toBeUndefined();
  });

  it("prompts the recognizer in the conversation's language", () => {
    expect(recognizerPrompt(inLanguage('en-US'))).toMatch(/add to my cart, remove from my cart\.$/);
    const french = recognizerPrompt(inLanguage('fr-FR'));
    expect(french).toMatch(
      /^Outdoor gear shop\. Produits: Solo Tent\. Bonjour, merci, au revoir\. Montrez-moi, comparez/,
    );
    expect(french).not.toMatch(/add to my cart/);
    expect(recognizerPrompt(inLanguage('de-DE'))).toMatch(/meinen Warenkorb/);
    expect(recognizerPrompt(inLanguage('es-MX'))).toMatch(/mi carrito/);
  });

  it("speaks each language with espeak-ng, with the scenario's voice only where it fits", () => {
    const voiceOf = (language: string, voice?: string) =>
      (
        ttsFor(
          { provider: 'embedded', ...(voice ? { voice } : {}) },
          {},
          inLanguage(language),
        ) as FliteTTS
      ).choice;
    expect(voiceOf('fr-FR')).toMatchObject({ engine: 'espeak-ng', voice: 'fr-fr' });
    expect(voiceOf('es-ES')).toMatchObject({ engine: 'espeak-ng', voice: 'es-es' });
    expect(voiceOf('de-DE', 'slt')).toMatchObject({ engine: 'espeak-ng', voice: 'de-de' });
    expect(voiceOf('de-DE', 'fr+m7')).toMatchObject({ voice: 'de-de' });
    expect(voiceOf('fr-FR', 'mb-fr1')).toMatchObject({ engine: 'espeak-ng', voice: 'mb-fr1' });
    expect(voiceOf('fr-FR', 'fr+m7')).toMatchObject({ voice: 'fr+m7' });
    expect(voiceOf('en-US', 'rms')).toMatchObject({ engine: 'flite', voice: 'rms' });
    expect(voiceSpeaks('es-419', 'es')).toBe(true);
    expect(voiceSpeaks('en-us', 'es')).toBe(false);
    expect(voiceSpeaks('de', 'de-DE')).toBe(true);
  });
});

describe('the embedded voice', () => {
  const english = { conversation: { language: 'en-US' } } as unknown as RuntimeConfig;
  const french = { conversation: { language: 'fr-FR' } } as unknown as RuntimeConfig;
  const voicesDir = mkdtempSync(join(tmpdir(), 'svc-agent-voices-'));
  afterAll(() => rmSync(voicesDir, { recursive: true, force: true }));

  it("speaks English with Piper's joe, and keeps flite when a scenario asks for it", () => {
    const byDefault = ttsFor(undefined, {}, english);
    expect(byDefault).toBeInstanceOf(PiperTTS);
    expect(byDefault.model).toBe('joe');
    expect(byDefault.sampleRate).toBe(22_050);
    expect(ttsFor({ provider: 'embedded', voice: 'joe' }, {}, english)).toBeInstanceOf(PiperTTS);
    const flite = ttsFor({ provider: 'embedded', voice: 'flite' }, {}, english) as FliteTTS;
    expect(flite.choice).toMatchObject({ engine: 'flite', voice: 'slt' });
    const rms = ttsFor({ provider: 'embedded', voice: 'rms' }, {}, english) as FliteTTS;
    expect(rms.choice).toMatchObject({ engine: 'flite', voice: 'rms' });
    // Other languages have no Piper voice installed: espeak-ng, as before, even asked for joe.
    const joeInFrench = ttsFor({ provider: 'embedded', voice: 'joe' }, {}, french) as FliteTTS;
    expect(joeInFrench.choice).toMatchObject({ engine: 'espeak-ng', voice: 'fr-fr' });
  });

  it("speaks a business's Piper voice from the operator's folder, by name and in its language", () => {
    const joe = piperVoicePaths('joe');
    if (!joe) throw new Error('joe is an installed voice');
    // A French voice as a business would supply it (joe's model under a French JSON).
    const config = JSON.parse(readFileSync(joe.config, 'utf8')) as Record<string, unknown>;
    symlinkSync(joe.model, join(voicesDir, 'fr_FR-boutique-medium.onnx'));
    writeFileSync(
      join(voicesDir, 'fr_FR-boutique-medium.onnx.json'),
      JSON.stringify({ ...config, language: { code: 'fr_FR' }, espeak: { voice: 'fr' } }),
    );
    const env = { SVC_PIPER_VOICES_DIR: voicesDir };
    const settings = { provider: 'embedded', voice: 'fr_FR-boutique-medium' };
    const boutique = ttsFor(settings, env, french);
    expect(boutique).toBeInstanceOf(PiperTTS);
    expect((boutique as PiperTTS).config.espeakVoice).toBe('fr');
    // Not in another language, not without the operator's folder, never by path.
    expect(ttsFor(settings, env, english)).not.toBeInstanceOf(PiperTTS);
    expect(ttsFor(settings, {}, french)).toBeInstanceOf(FliteTTS);
    const byPath = {
      provider: 'embedded',
      voice: `../${voicesDir.split('/').at(-1)}/fr_FR-boutique-medium`,
    };
    expect(ttsFor(byPath, env, french)).toBeInstanceOf(FliteTTS);
  });

  it('falls back to flite with a log line on a machine without the Piper voice', () => {
    const warn = vi.spyOn(log(), 'warn');
    const previous = process.env.SVC_CACHE_DIR;
    process.env.SVC_CACHE_DIR = join(voicesDir, 'empty-cache');
    try {
      const fallback = ttsFor(undefined, {}, english) as FliteTTS;
      expect(fallback).toBeInstanceOf(FliteTTS);
      expect(fallback.choice).toMatchObject({ engine: 'flite', voice: 'slt' });
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/Piper voice joe is not installed .*ensure-piper.*flite/),
      );
    } finally {
      warn.mockRestore();
      if (previous === undefined) delete process.env.SVC_CACHE_DIR;
      else process.env.SVC_CACHE_DIR = previous;
    }
  });
});

describe('Cartesia TTS through the LiveKit plugin', () => {
  let server: WebSocketServer | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  });

  it('streams speech from Cartesia’s WebSocket API with the key from the environment', async () => {
    // A stand-in for api.cartesia.ai speaking its WebSocket protocol: for every transcript it
    // answers one chunk of 24 kHz 16-bit PCM (100 ms), and "done" after the last one.
    const received: { headers: Record<string, unknown>; messages: Record<string, unknown>[] } = {
      headers: {},
      messages: [],
    };
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket, request) => {
      received.headers = request.headers;
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as Record<string, unknown>;
        received.messages.push(message);
        const contextId = String(message.context_id);
        const samples = Buffer.alloc(2400 * 2);
        for (let i = 0; i < 2400; i += 1) samples.writeInt16LE(i % 2 ? 1000 : -1000, i * 2);
        if (String(message.transcript).trim())
          socket.send(
            JSON.stringify({
              type: 'chunk',
              data: samples.toString('base64'),
              done: false,
              status_code: 206,
              step_time: 1,
              context_id: contextId,
            }),
          );
        if (message.continue === false)
          socket.send(
            JSON.stringify({ type: 'done', done: true, status_code: 206, context_id: contextId }),
          );
      });
    });
    await new Promise((resolve) => server?.once('listening', resolve));
    const { port } = server.address() as AddressInfo;

    const cartesia = ttsFor(
      { provider: 'cartesia', voice: 'voice-123', endpoint: 'local-cartesia' },
      {
        CARTESIA_API_KEY: 'cartesia-key',
        SVC_PROVIDER_ENDPOINTS: JSON.stringify({
          'local-cartesia': {
            provider: 'cartesia',
            base_url: `http://127.0.0.1:${port}`,
            key_env: 'CARTESIA_API_KEY',
          },
        }),
      },
      runtime,
    );
    const stream = cartesia.stream();
    stream.pushText('Hello from the shop. ');
    stream.flush();
    stream.endInput();
    let samples = 0;
    for await (const event of stream) {
      if (event === tts.SynthesizeStream.END_OF_STREAM) break;
      samples += event.frame.samplesPerChannel;
    }
    await cartesia.close();

    expect(received.headers['x-api-key']).toBe('cartesia-key');
    const spoken = received.messages.filter((message) => String(message.transcript).trim());
    expect(spoken.map((message) => String(message.transcript)).join('')).toContain('Hello');
    expect(spoken[0]).toMatchObject({ voice: { mode: 'id', id: 'voice-123' }, language: 'en' });
    // Every sample Cartesia sent reached the agent's audio.
    expect(samples).toBe(2400 * spoken.length);
  }, 20_000);
});

describe('requests to a tenant address', () => {
  /** An OpenAI-compatible answer with one text delta, as a server-sent event stream. */
  const completion = () =>
    new Response(
      [
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hello' }, finish_reason: null }] })}`,
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}`,
        'data: [DONE]',
        '',
      ].join('\n\n'),
      { headers: { 'content-type': 'text/event-stream' } },
    );

  async function ask(model: ReturnType<typeof llmFor>): Promise<string> {
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'Hi' });
    const stream = model.chat({
      chatCtx,
      connOptions: { maxRetry: 0, retryIntervalMs: 0, timeoutMs: 5000 },
    });
    let text = '';
    for await (const chunk of stream) text += chunk.delta?.content ?? '';
    return text;
  }

  it('go only through the guarded fetch, with the tenant key or none, never the operator key', async () => {
    const sent: { url: string; authorization: string | null }[] = [];
    const recording = async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({
        url: String(input instanceof Request ? input.url : input),
        authorization: new Headers(init?.headers).get('authorization'),
      });
      return completion();
    };
    const env = {
      OPENAI_API_KEY: 'sk-operator',
      LIVEKIT_API_SECRET: 'platform-secret',
      SVC_AGENT_KEY: 'agent-key-0123456789abcdef',
    };
    const noKey = llmFor(
      { provider: 'openai-compatible', base_url: 'https://llm.acme.example.com/v1' },
      env,
      { tenantFetch: recording },
    );
    expect(await ask(noKey)).toBe('Hello');
    const withCredential = llmFor({ provider: 'openai-compatible', credential: 'acme' }, env, {
      tenantFetch: recording,
      credentials: {
        acme: {
          provider: 'openai-compatible',
          api_key: 'acme-key',
          base_url: 'https://own.acme.example.com/v1',
        },
      },
    });
    expect(await ask(withCredential)).toBe('Hello');
    expect(sent).toEqual([
      { url: 'https://llm.acme.example.com/v1/chat/completions', authorization: 'Bearer no-key' },
      { url: 'https://own.acme.example.com/v1/chat/completions', authorization: 'Bearer acme-key' },
    ]);
  });
});
