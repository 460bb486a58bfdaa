import type { llm as llmBase, stt } from '@livekit/agents';
import { voice, type tts, type VAD } from '@livekit/agents';
import * as cartesia from '@livekit/agents-plugin-cartesia';
import * as deepgram from '@livekit/agents-plugin-deepgram';
import * as elevenlabs from '@livekit/agents-plugin-elevenlabs';
import * as openai from '@livekit/agents-plugin-openai';
import {
  FliteTTS,
  LlamaLLM,
  PocketsphinxSTT,
  EarlyStreamAdapter,
  earlySilenceMsFor,
  WhisperModels,
  WhisperSTT,
  whisperInstalled,
  whisperModelFor,
  type Transcriber,
} from '@svc/agents-plugin-embedded';
import type { ProviderSettings, RuntimeConfig } from '@svc/protocol/agent';
import type { Engines } from './conversation.js';
import { RemoteLLM, RemoteTranscriber } from './model-host/remote-llm.js';
import { scenarioPhrases, whisperPrompt } from './scenario-phrases.js';

/**
 * Silence that closes an utterance in the embedded recognizer. Shorter than its default (500 ms)
 * because the turn detector already waits for the end of the turn; this only delays the final.
 */
const EMBEDDED_END_SILENCE_MS = 300;

/** What providers read from the environment: keys never live in a scenario. */
export interface ProviderEnv {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  DEEPGRAM_API_KEY?: string | undefined;
  ELEVEN_API_KEY?: string | undefined;
  /** Turns on the `scripted` LLM (the agents framework's FakeLLM), for tests and benchmarks. */
  SVC_AGENT_TEST_PROVIDERS?: string | undefined;
  [key: string]: string | undefined;
}

/** A line of a scripted LLM: when the input matches, answer with text and/or tool calls. */
export interface ScriptLine {
  when: string;
  reply?: string;
  tools?: { name: string; args: Record<string, unknown> }[];
  /** Milliseconds before the first token. */
  ttft_ms?: number;
}

/**
 * The agents framework's FakeLLM, answering by a list of regular expressions instead of exact
 * inputs (a tool result is never known in advance). Only for tests and benchmarks.
 */
export class ScriptedLLM extends voice.testing.FakeLLM {
  constructor(private readonly script: ScriptLine[]) {
    super();
  }
  override lookup(input: string): voice.testing.FakeLLMResponse | undefined {
    const line = this.script.find((candidate) => new RegExp(candidate.when, 'i').test(input));
    if (!line) return undefined;
    return {
      input,
      type: 'llm',
      ttft: line.ttft_ms ?? 0,
      duration: 0,
      ...(line.reply !== undefined ? { content: line.reply } : {}),
      ...(line.tools ? { toolCalls: line.tools } : {}),
    };
  }
}

/** The environment variable that holds a provider's key: the setting's `api_key_env`, else `fallback`. */
function keyName(settings: ProviderSettings | undefined, fallback: string): string {
  return typeof settings?.api_key_env === 'string' ? settings.api_key_env : fallback;
}

/** A provider's key from the environment; a clear error naming the variable when it is missing. */
function requireKey(
  provider: string,
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  fallback: string,
): string {
  const variable = keyName(settings, fallback);
  const value = env[variable];
  if (!value)
    throw new Error(`the ${provider} provider needs ${variable} in the agent's environment`);
  return value;
}

/**
 * Key and endpoint of an OpenAI or OpenAI-compatible server: a compatible server (vLLM, llama.cpp,
 * Ollama, faster-whisper-server, Kokoro) may need no key.
 */
function openaiConnection(
  provider: string,
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
): { apiKey: string; baseURL?: string } {
  const baseURL = settings?.base_url ?? env.OPENAI_BASE_URL;
  const apiKey =
    provider === 'openai-compatible'
      ? (env[keyName(settings, 'OPENAI_API_KEY')] ?? 'not-needed')
      : requireKey('openai', settings, env, 'OPENAI_API_KEY');
  return { apiKey, ...(baseURL ? { baseURL } : {}) };
}

/** What Cartesia's STT and TTS share: key, language, model and endpoint. */
function cartesiaOptions(
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  language: string,
) {
  return {
    apiKey: requireKey('cartesia', settings, env, 'CARTESIA_API_KEY'),
    language: language.split('-')[0] ?? 'en',
    ...(settings?.model ? { model: settings.model } : {}),
    ...(settings?.base_url ? { baseUrl: settings.base_url } : {}),
  };
}

/** One embedded LLM per process: its model is loaded once and shared by every conversation. */
let embeddedLlm: LlamaLLM | RemoteLLM | undefined;
/**
 * The shared embedded LLM. When the worker hosts the model (`SVC_LLM_HOST_SOCKET`, set by the
 * worker for its job processes), every conversation of the worker uses that one copy; otherwise
 * the model is loaded in this process (model from `SVC_LLM_MODEL`, else the catalogue's default).
 */
export function sharedEmbeddedLlm(): LlamaLLM | RemoteLLM {
  const socket = process.env.SVC_LLM_HOST_SOCKET;
  embeddedLlm ??= socket ? new RemoteLLM(socket) : new LlamaLLM();
  return embeddedLlm;
}

/** The LLM a scenario asks for. */
export function llmFor(settings: ProviderSettings | undefined, env: ProviderEnv): llmBase.LLM {
  const provider = settings?.provider ?? 'embedded';
  switch (provider) {
    case 'embedded':
      return sharedEmbeddedLlm();
    case 'openai':
    case 'openai-compatible':
      return new openai.LLM({
        model: settings?.model ?? 'gpt-4o-mini',
        ...openaiConnection(provider, settings, env),
      });
    case 'scripted':
      if (env.SVC_AGENT_TEST_PROVIDERS !== '1')
        throw new Error('the scripted LLM is for tests only (SVC_AGENT_TEST_PROVIDERS=1)');
      return new ScriptedLLM((settings?.script as ScriptLine[] | undefined) ?? []);
    default:
      throw new Error(
        `unknown LLM provider ${provider}: use embedded, openai or openai-compatible`,
      );
  }
}

/** Whether a BCP-47 tag is English (what tiny.en, pocketsphinx and flite speak). */
function isEnglish(language: string): boolean {
  return language.split('-')[0]?.toLowerCase() === 'en';
}

/** Whether an espeak-ng voice name is one of the language's (`fr`, `fr-fr+m7`, `mb-fr1`). */
export function voiceSpeaks(voice: string, language: string): boolean {
  const base = language.split('-')[0]?.toLowerCase() ?? '';
  return new RegExp(`^(mb-)?${base}(?![a-z])`, 'i').test(voice);
}

/** What to run so the Whisper model of a language gets installed. */
const INSTALL_WHISPER = 'run `npm run ensure-whisper -w @svc/agents-plugin-embedded`';

/**
 * The embedded recognizer of a scenario: its `stt.model` (`whisper` or `pocketsphinx`), else
 * `SVC_EMBEDDED_STT`, else Whisper when it is installed (it hears far better on voices and
 * microphones it has not met; see the agent README), else pocketsphinx. In a language other than
 * English only Whisper's multilingual model hears (pocketsphinx's model is English): the
 * environment's choice is English's, and a scenario that asks for pocketsphinx there is refused.
 */
export function embeddedRecognizer(
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  language = 'en-US',
): 'whisper' | 'pocketsphinx' {
  const model = whisperModelFor(language);
  if (!isEnglish(language)) {
    // SVC_EMBEDDED_STT picks the worker's English recognizer; other languages have one.
    const asked = settings?.model;
    if (asked === 'pocketsphinx')
      throw new Error(`the pocketsphinx recognizer hears English only, not ${language}`);
    if (asked !== undefined && asked !== 'whisper')
      throw new Error(`unknown embedded STT model ${asked}: use whisper or pocketsphinx`);
    if (!whisperInstalled(model))
      throw new Error(
        `the multilingual whisper model (${language}) is not installed: ${INSTALL_WHISPER}`,
      );
    return 'whisper';
  }
  const asked = settings?.model ?? env.SVC_EMBEDDED_STT;
  if (asked === 'pocketsphinx') return 'pocketsphinx';
  if (asked === 'whisper') {
    if (!whisperInstalled())
      throw new Error(`the whisper recognizer is not installed: ${INSTALL_WHISPER}`);
    return 'whisper';
  }
  if (asked !== undefined)
    throw new Error(`unknown embedded STT model ${asked}: use whisper or pocketsphinx`);
  return whisperInstalled() ? 'whisper' : 'pocketsphinx';
}

/**
 * The process's Whisper models: the worker's shared ones through its model host, else its own
 * (tiny.en for English, the multilingual model for other languages, each loaded when first needed).
 */
let transcriber: Transcriber | undefined;
function sharedTranscriber(language: string): Transcriber {
  const socket = process.env.SVC_LLM_HOST_SOCKET;
  if (!transcriber) {
    if (socket) transcriber = new RemoteTranscriber(socket);
    else {
      // Without a model host the process loads its own model: started now, it is ready by the
      // time the greeting has played.
      const models = new WhisperModels();
      void models.start(language).catch(() => undefined);
      transcriber = models;
    }
  }
  if (!isEnglish(language)) {
    // The multilingual model loads when a conversation first needs it, not with the worker (the
    // model host starts only tiny.en): asked for now, it is loading while the greeting plays. A
    // request under 0.1 s of audio loads the model and is answered without decoding.
    void transcriber
      .transcribe({ pcm: new Int16Array(800), language: language.split('-')[0] })
      .catch(() => undefined);
  }
  return transcriber;
}

/** The recognizer's prompt for the conversation's language (the scenario's words, its phrases). */
export function recognizerPrompt(runtime: RuntimeConfig): string {
  return whisperPrompt(runtime, runtime.conversation.language);
}

/** The STT a scenario asks for (only when the visitor speaks). */
export function sttFor(
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  runtime: RuntimeConfig,
  vad?: VAD,
): stt.STT {
  const provider = settings?.provider ?? 'embedded';
  const language = runtime.conversation.language;
  switch (provider) {
    case 'embedded':
      if (vad && embeddedRecognizer(settings, env, language) === 'whisper') {
        // Whisper transcribes whole utterances: the session's VAD cuts them, and the first
        // pause (0.15 s; one VAD window for the slower multilingual model) starts the
        // transcription that the end of the utterance (0.35 s) confirms. The language goes to the decoder (a model
        // per language, no detection).
        return new EarlyStreamAdapter(
          new WhisperSTT({
            transcriber: sharedTranscriber(language),
            language,
            prompt: recognizerPrompt(runtime),
          }),
          vad,
          { earlySilenceMs: earlySilenceMsFor(language) },
        );
      }
      return new PocketsphinxSTT({
        phrases: scenarioPhrases(runtime),
        language,
        endSilenceMs: EMBEDDED_END_SILENCE_MS,
      });
    case 'openai':
    case 'openai-compatible':
      return new openai.STT({
        model: settings?.model ?? 'whisper-1',
        language: language.split('-')[0] ?? 'en',
        ...openaiConnection(provider, settings, env),
      });
    case 'deepgram': {
      const apiKey = requireKey('deepgram', settings, env, 'DEEPGRAM_API_KEY');
      return new deepgram.STT({ apiKey, model: settings?.model ?? 'nova-3', language });
    }
    case 'cartesia':
      return new cartesia.STT(cartesiaOptions(settings, env, language));
    default:
      throw new Error(
        `unknown STT provider ${provider}: use embedded, openai, openai-compatible, deepgram or cartesia`,
      );
  }
}

/** The TTS a scenario asks for (only when the agent speaks). */
export function ttsFor(
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  runtime: RuntimeConfig,
): tts.TTS {
  const provider = settings?.provider ?? 'embedded';
  const language = runtime.conversation.language;
  switch (provider) {
    case 'embedded': {
      // A voice setting serves every language of the scenario: in English it is taken as it is
      // (a flite voice, `slt`); in another language only an espeak-ng voice of that language is
      // (`fr`, `fr+m7`, MBROLA's `mb-fr1` where installed), else the language's own voice speaks.
      const voice = settings?.voice;
      return new FliteTTS({
        language,
        ...(voice && (isEnglish(language) || voiceSpeaks(voice, language)) ? { voice } : {}),
      });
    }
    case 'openai':
    case 'openai-compatible':
      return new openai.TTS({
        model: settings?.model ?? 'tts-1',
        voice: (settings?.voice ?? 'alloy') as never,
        ...openaiConnection(provider, settings, env),
      });
    case 'elevenlabs': {
      const apiKey = requireKey('elevenlabs', settings, env, 'ELEVEN_API_KEY');
      return new elevenlabs.TTS({
        apiKey,
        ...(settings?.voice ? { voiceId: settings.voice } : {}),
        ...(settings?.model ? { model: settings.model } : {}),
        language: language.split('-')[0] ?? 'en',
      });
    }
    case 'deepgram': {
      const apiKey = requireKey('deepgram', settings, env, 'DEEPGRAM_API_KEY');
      return new deepgram.TTS({ apiKey, ...(settings?.model ? { model: settings.model } : {}) });
    }
    case 'cartesia':
      return new cartesia.TTS({
        ...cartesiaOptions(settings, env, language),
        ...(settings?.voice ? { voice: settings.voice } : {}),
      });
    default:
      throw new Error(
        `unknown TTS provider ${provider}: use embedded, openai, openai-compatible, elevenlabs, deepgram or cartesia`,
      );
  }
}

/** The embedded recognizer a scenario gets, if any (an unknown model fails where it is made). */
function embeddedRecognizerOf(
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  language: string,
): 'whisper' | 'pocketsphinx' | undefined {
  if ((settings?.provider ?? 'embedded') !== 'embedded') return undefined;
  try {
    return embeddedRecognizer(settings, env, language);
  } catch {
    return undefined;
  }
}

/**
 * The share of a transcript's words the embedded Whisper's dictionary must know for a turn the
 * router cannot read to go to the LLM; under it the visitor is asked again. "Welchhoch,
 * Zeighabenzieh" (none known) is asked again; "Hamsi, Zelte?" (half) goes on as heard.
 */
export const ASK_AGAIN_BELOW = 0.5;

/** The engines of a conversation from its scenario's voice settings and the session's modes. */
export function enginesFor(
  runtime: RuntimeConfig,
  modes: { audioIn: boolean; audioOut: boolean },
  env: ProviderEnv,
  vad: VAD | undefined,
): Engines {
  const settings = runtime.scenario.voice ?? {};
  const recognizer = embeddedRecognizerOf(settings.stt, env, runtime.conversation.language);
  return {
    llm: llmFor(settings.llm, env),
    ...(modes.audioIn || runtime.scenario.audio_dictation
      ? { stt: sttFor(settings.stt, env, runtime, vad) }
      : {}),
    ...(modes.audioOut ? { tts: ttsFor(settings.tts, env, runtime) } : {}),
    ...(modes.audioIn ? { vad } : {}),
    // The embedded recognizers' finals arrive 0.35-0.5 s after the speech ends (Whisper's from
    // its early transcription). A turn is committed this long after the speech, or when the final
    // comes if it is later (the framework runs its end-of-turn check again on every final):
    // pauses shorter than that stay in the turn.
    ...(modes.audioIn && recognizer
      ? {
          // Whisper's early transcript is ready about 0.4 s after the speech, pocketsphinx's final
          // about 0.45 s.
          endpointingMinDelayMs: recognizer === 'whisper' ? 400 : 450,
          // Only the embedded Whisper's confidence is the share of real words (pocketsphinx's is
          // its decoder's posterior, a hosted recognizer's may be 0 for "not given").
          ...(recognizer === 'whisper' ? { askAgainBelow: ASK_AGAIN_BELOW } : {}),
        }
      : {}),
  };
}
