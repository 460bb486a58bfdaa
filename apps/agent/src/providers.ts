import type { llm as llmBase, stt } from '@livekit/agents';
import { log, voice, type tts, type VAD } from '@livekit/agents';
import * as cartesia from '@livekit/agents-plugin-cartesia';
import * as deepgram from '@livekit/agents-plugin-deepgram';
import * as elevenlabs from '@livekit/agents-plugin-elevenlabs';
import * as openai from '@livekit/agents-plugin-openai';
import {
  DEFAULT_PIPER_VOICE,
  FLITE_VOICES,
  FliteTTS,
  LlamaLLM,
  PiperTTS,
  SentenceTTS,
  piperVoiceInstalled,
  piperVoicePaths,
  readPiperConfig,
  PocketsphinxSTT,
  EarlyStreamAdapter,
  EchoFilterSTT,
  EchoGuard,
  earlySilenceMsFor,
  WhisperModels,
  WhisperSTT,
  whisperInstalled,
  whisperModelFor,
  type Transcriber,
} from '@svc/agents-plugin-embedded';
import {
  describeProblems,
  keySource,
  providerSettingProblems,
  tenantUrlProblem,
  TENANT_URL_PROVIDER,
  type ProviderCredential,
  type ProviderSettings,
  type RuntimeConfig,
  type VoiceRole,
} from '@svc/protocol/agent';
import { guardedFetch, type FetchLike } from '@svc/webhooks/outbound';
import { OpenAI } from 'openai';
import type { Engines } from './conversation/options.js';
import { RemoteLLM, RemoteSynthesizer, RemoteTranscriber } from './model-host/remote-llm.js';
import { scenarioPhrases, whisperPrompt } from './scenario-phrases.js';
import { HeardSureness, INTERIM_HEARING_MS, OverAgentHearing } from './turn/index.js';
import { readOperatorEndpoints } from './endpoints.js';
import type { JsonAnswering, JsonQuestion } from './post-call-analysis.js';

/**
 * Silence that closes an utterance in the embedded recognizer. Shorter than its default (500 ms)
 * because the turn detector already waits for the end of the turn; this only delays the final.
 */
const EMBEDDED_END_SILENCE_MS = 300;

/**
 * What providers read from the operator's environment: keys never live in a scenario, and a
 * scenario never chooses which variable is read.
 */
export interface ProviderEnv {
  OPENAI_API_KEY?: string | undefined;
  /** The operator's proxy for OpenAI (used only with the operator's key). */
  OPENAI_BASE_URL?: string | undefined;
  /** Endpoints the operator configures, by name (`endpoints.ts`). */
  SVC_PROVIDER_ENDPOINTS?: string | undefined;
  DEEPGRAM_API_KEY?: string | undefined;
  ELEVEN_API_KEY?: string | undefined;
  /**
   * The operator's folder of Piper voices (`<name>.onnx` with its `<name>.onnx.json`): a
   * scenario's embedded `voice` picks one by name, in the language its JSON names.
   */
  SVC_PIPER_VOICES_DIR?: string | undefined;
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

/**
 * A scripted LLM whose answers in a JSON shape (the router's choice of a request) come from the
 * embedded model: a benchmark of the router and its choices, with the model's own turns scripted.
 */
export class ScriptedChoosingLLM extends ScriptedLLM implements JsonAnswering {
  constructor(
    script: ScriptLine[],
    private readonly chooser: JsonAnswering,
  ) {
    super(script);
  }
  answerJson(question: JsonQuestion, signal?: AbortSignal): Promise<string> {
    return this.chooser.answerJson(question, signal);
  }
}

/** What a conversation's engines may use besides the operator's environment. */
export interface ProviderAccess {
  /** The company credentials the scenario names, from the runtime config. */
  credentials?: Record<string, ProviderCredential> | undefined;
  /** How a tenant's own address is requested (default: public addresses only, see `guardedFetch`). */
  tenantFetch?: FetchLike | undefined;
}

/** Where one engine sends its requests, and with which key. */
interface Connection {
  apiKey: string | undefined;
  baseURL: string | undefined;
  /** The address is the tenant's: only the guarded fetch may reach it. */
  tenantAddress: boolean;
}

/** What the OpenAI SDK is given as the key of a tenant server that needs none: never a secret. */
const NO_KEY = 'no-key';

/** OpenAI's own address, given explicitly so that no environment default redirects a tenant's key. */
const OPENAI_URL = 'https://api.openai.com/v1';

/**
 * The key and address of one engine, by the rules every scenario follows
 * (`providerSettingProblems`): the operator's key only at the provider's own host or at an
 * endpoint the operator configured; a company credential only at its provider's host or at the
 * company's own server; a tenant address only with a key of the tenant's, or none. Throws a clear
 * error, before any request, when a setting breaks them.
 */
function connectionFor(
  role: VoiceRole,
  provider: string,
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  access: ProviderAccess,
): Connection {
  const problems = providerSettingProblems(role, settings);
  if (problems.length > 0) throw new Error(describeProblems(problems));
  const source = keySource(settings);
  switch (source.kind) {
    case 'endpoint': {
      const endpoint = readOperatorEndpoints(env.SVC_PROVIDER_ENDPOINTS).get(source.name);
      if (!endpoint || endpoint.provider !== provider || !endpoint.roles.includes(role))
        throw new Error(`this agent has no ${provider} ${role} endpoint named ${source.name}`);
      const apiKey = endpoint.key_env === undefined ? undefined : env[endpoint.key_env];
      if (endpoint.key_env !== undefined && !apiKey)
        throw new Error(
          `the endpoint ${source.name} needs ${endpoint.key_env} in the agent's environment`,
        );
      return { apiKey, baseURL: endpoint.base_url, tenantAddress: false };
    }
    case 'credential': {
      const credentials = access.credentials ?? {};
      const credential = Object.hasOwn(credentials, source.name)
        ? credentials[source.name]
        : undefined;
      if (!credential) throw new Error(`the company has no credential named ${source.name}`);
      if (credential.provider !== provider)
        throw new Error(
          `the credential ${source.name} is for ${credential.provider}, not ${provider}`,
        );
      if (provider !== TENANT_URL_PROVIDER) {
        if (credential.base_url !== undefined)
          throw new Error(`the credential ${source.name}: ${provider} is reached at its own host`);
        return {
          apiKey: credential.api_key,
          baseURL: provider === 'openai' ? OPENAI_URL : undefined,
          tenantAddress: false,
        };
      }
      const problem =
        credential.base_url === undefined
          ? 'has no address'
          : tenantUrlProblem(credential.base_url);
      if (problem) throw new Error(`the credential ${source.name}: its base_url ${problem}`);
      return { apiKey: credential.api_key, baseURL: credential.base_url, tenantAddress: true };
    }
    case 'operator': {
      const apiKey = env[source.variable];
      if (!apiKey)
        throw new Error(
          `the ${provider} provider needs ${source.variable} in the agent's environment`,
        );
      // The operator may route OpenAI through a proxy of its own; a scenario never can.
      const baseURL = provider === 'openai' ? env.OPENAI_BASE_URL || OPENAI_URL : undefined;
      return { apiKey, baseURL, tenantAddress: false };
    }
    case 'none':
      return { apiKey: undefined, baseURL: settings?.base_url, tenantAddress: true };
  }
}

/**
 * An OpenAI SDK client for a connection, with every option explicit: the SDK would otherwise read
 * `OPENAI_API_KEY` and `OPENAI_BASE_URL` from the environment and send the operator's key to the
 * tenant's server. A tenant address is requested only through the guarded fetch.
 */
function openaiClient(connection: Connection, access: ProviderAccess): OpenAI {
  return new OpenAI({
    // The SDK needs some key; a tenant server without one gets this placeholder, never a secret.
    apiKey: connection.apiKey ?? NO_KEY,
    baseURL: connection.baseURL ?? OPENAI_URL,
    ...(connection.tenantAddress
      ? { fetch: (access.tenantFetch ?? defaultTenantFetch()) as never, maxRetries: 1 }
      : {}),
  });
}

/** One guarded fetch per process: its connection pool is shared by every conversation. */
let sharedTenantFetch: FetchLike | undefined;
function defaultTenantFetch(): FetchLike {
  sharedTenantFetch ??= guardedFetch();
  return sharedTenantFetch;
}

/** What Cartesia's STT and TTS share: key, language and model (its own host only). */
function cartesiaOptions(
  role: VoiceRole,
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  language: string,
  access: ProviderAccess,
) {
  const { apiKey, baseURL } = connectionFor(role, 'cartesia', settings, env, access);
  return {
    ...(apiKey ? { apiKey } : {}),
    // Only an operator endpoint gives Cartesia another address.
    ...(baseURL ? { baseUrl: baseURL } : {}),
    language: language.split('-')[0] ?? 'en',
    ...(settings?.model ? { model: settings.model } : {}),
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
export function llmFor(
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  access: ProviderAccess = {},
): llmBase.LLM {
  const provider = settings?.provider ?? 'embedded';
  switch (provider) {
    case 'embedded':
      return sharedEmbeddedLlm();
    case 'openai':
    case 'openai-compatible':
      return new openai.LLM({
        model: settings?.model ?? 'gpt-4o-mini',
        client: openaiClient(connectionFor('llm', provider, settings, env, access), access),
      });
    case 'scripted':
      if (env.SVC_AGENT_TEST_PROVIDERS !== '1')
        throw new Error('the scripted LLM is for tests only (SVC_AGENT_TEST_PROVIDERS=1)');
      // `choices: embedded`: the router's choices by the embedded model, the turns by the script.
      return settings?.choices === 'embedded'
        ? new ScriptedChoosingLLM(
            (settings.script as ScriptLine[] | undefined) ?? [],
            sharedEmbeddedLlm(),
          )
        : new ScriptedLLM((settings?.script as ScriptLine[] | undefined) ?? []);
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

/**
 * The STT a scenario asks for (only when the visitor speaks). The embedded Whisper tells
 * `listening.sureness` how sure it was of each transcript's words, hears an utterance again
 * without its prompt when `listening.overAgentHearing` wants it, and hears speech over the agent
 * before it ends.
 */
export function sttFor(
  settings: ProviderSettings | undefined,
  env: ProviderEnv,
  runtime: RuntimeConfig,
  vad?: VAD,
  access: ProviderAccess = {},
  listening: { sureness?: HeardSureness; overAgentHearing?: OverAgentHearing } = {},
): stt.STT {
  const { sureness, overAgentHearing } = listening;
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
            ...(sureness ? { onTranscript: (heard) => sureness.record(heard) } : {}),
            ...(overAgentHearing ? { hearsBareToo: (text) => overAgentHearing.wanted(text) } : {}),
            // English's prompt made tiny.en worse on speech outside the scenario's words (real
            // people: 7.1% word error against 5.7% bare): it hears each utterance with and
            // without the prompt at once. The other languages rank the beam by their dictionary
            // and were never made worse.
            ...(language.split('-')[0]?.toLowerCase() === 'en' ? { bareAlongside: true } : {}),
          }),
          vad,
          {
            earlySilenceMs: earlySilenceMsFor(language),
            ...(overAgentHearing
              ? {
                  interim: {
                    afterMs: INTERIM_HEARING_MS,
                    wanted: () => overAgentHearing.agentSpeaking(),
                  },
                }
              : {}),
          },
        );
      }
      return new PocketsphinxSTT({
        phrases: scenarioPhrases(runtime),
        language,
        endSilenceMs: EMBEDDED_END_SILENCE_MS,
      });
    case 'openai':
    case 'openai-compatible': {
      const connection = connectionFor('stt', provider, settings, env, access);
      return new openai.STT({
        model: settings?.model ?? 'whisper-1',
        language: language.split('-')[0] ?? 'en',
        client: openaiClient(connection, access),
        // The plugin checks for a key even when given a client; the client's is the same one.
        apiKey: connection.apiKey ?? NO_KEY,
        // The realtime transcription opens a WebSocket of its own, which the guarded fetch does
        // not carry: a tenant's server is sent whole utterances over HTTP.
        ...(connection.tenantAddress ? { useRealtime: false } : {}),
      });
    }
    case 'deepgram':
      return new deepgram.STT({
        apiKey: connectionFor('stt', provider, settings, env, access).apiKey ?? '',
        model: settings?.model ?? 'nova-3',
        language,
      });
    case 'cartesia':
      return new cartesia.STT(cartesiaOptions('stt', settings, env, language, access));
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
  access: ProviderAccess = {},
): tts.TTS {
  const provider = settings?.provider ?? 'embedded';
  const language = runtime.conversation.language;
  switch (provider) {
    case 'embedded':
      return embeddedTts(settings?.voice, language, env);
    case 'openai':
    case 'openai-compatible':
      return new openai.TTS({
        model: settings?.model ?? 'tts-1',
        voice: (settings?.voice ?? 'alloy') as never,
        client: openaiClient(connectionFor('tts', provider, settings, env, access), access),
      });
    case 'elevenlabs': {
      const { apiKey } = connectionFor('tts', provider, settings, env, access);
      return new elevenlabs.TTS({
        ...(apiKey ? { apiKey } : {}),
        ...(settings?.voice ? { voiceId: settings.voice } : {}),
        ...(settings?.model ? { model: settings.model } : {}),
        language: language.split('-')[0] ?? 'en',
      });
    }
    case 'deepgram': {
      const { apiKey } = connectionFor('tts', provider, settings, env, access);
      return new deepgram.TTS({
        ...(apiKey ? { apiKey } : {}),
        ...(settings?.model ? { model: settings.model } : {}),
      });
    }
    case 'cartesia':
      return new cartesia.TTS({
        ...cartesiaOptions('tts', settings, env, language, access),
        ...(settings?.voice ? { voice: settings.voice } : {}),
      });
    default:
      throw new Error(
        `unknown TTS provider ${provider}: use embedded, openai, openai-compatible, elevenlabs, deepgram or cartesia`,
      );
  }
}

/** Whether the missing English Piper voice was logged already (once per process is enough). */
let piperMissingLogged = false;

/**
 * The embedded voice of a scenario. English: Piper's joe by default (flite, with a log line, on
 * a machine where it is not installed); `flite` or a flite voice (`slt`, `rms`) keeps flite, and
 * any other name is an espeak-ng voice as before. Another language: espeak-ng, its voice setting
 * taken only when it is one of that language's (`fr`, `fr+m7`, MBROLA's `mb-fr1`), else the
 * language's own. In any language, a voice named in the operator's `SVC_PIPER_VOICES_DIR` whose
 * JSON names the conversation's language speaks: a business's own Piper voice, picked by name
 * (the name can never be a path: see `piperVoicePaths`).
 */
export function embeddedTts(
  voice: string | undefined,
  language: string,
  env: ProviderEnv,
): tts.TTS {
  if (voice === 'flite' && isEnglish(language)) return new FliteTTS({ language });
  if (voice && isEnglish(language) && Object.hasOwn(FLITE_VOICES, voice)) {
    return new FliteTTS({ language, voice });
  }
  const voicesDir = env.SVC_PIPER_VOICES_DIR || undefined;
  const operatorVoice =
    voice && voice !== DEFAULT_PIPER_VOICE ? piperVoicePaths(voice, { voicesDir }) : undefined;
  if (operatorVoice && voice) {
    try {
      const { language: spoken, espeakVoice } = readPiperConfig(operatorVoice);
      if (voiceSpeaks(spoken ?? espeakVoice, language)) return piperTts({ voice, voicesDir });
    } catch (error) {
      // The operator's file, not the conversation, is wrong: the conversation speaks on.
      frameworkLog()?.warn({ err: error, voice }, 'the Piper voice cannot be read; not used');
    }
  }
  if (!isEnglish(language)) {
    return new FliteTTS({ language, ...(voice && voiceSpeaks(voice, language) ? { voice } : {}) });
  }
  if (voice && voice !== DEFAULT_PIPER_VOICE) return new FliteTTS({ language, voice });
  if (piperVoiceInstalled(DEFAULT_PIPER_VOICE)) return piperTts({});
  if (!piperMissingLogged) {
    piperMissingLogged = true;
    frameworkLog()?.warn(
      'the English Piper voice joe is not installed (run `npm run ensure-piper -w @svc/agents-plugin-embedded`): English is spoken by flite',
    );
  }
  return new FliteTTS({ language });
}

/**
 * A Piper voice, run by the worker's model host (`SVC_LLM_HOST_SOCKET`: one model for all its
 * conversations), else loaded in this process, starting now so that it is ready by the greeting.
 */
function piperTts(options: { voice?: string; voicesDir?: string | undefined }): PiperTTS {
  const socket = process.env.SVC_LLM_HOST_SOCKET;
  const engine = new PiperTTS({
    ...options,
    ...(socket ? { synthesizer: new RemoteSynthesizer(socket) } : {}),
  });
  // A failure is the first synthesis's to report, where the session listens for it.
  if (!socket) void engine.prepare().catch(() => undefined);
  return engine;
}

/** The framework's logger, when the process has one (scripts and some tests do not). */
function frameworkLog(): ReturnType<typeof log> | undefined {
  try {
    return log();
  } catch {
    return undefined;
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
  access: Pick<ProviderAccess, 'tenantFetch'> = {},
): Engines {
  const settings = runtime.scenario.voice ?? {};
  const recognizer = embeddedRecognizerOf(settings.stt, env, runtime.conversation.language);
  const withCredentials = { ...access, credentials: runtime.credentials };
  const speaker = modes.audioOut ? ttsFor(settings.tts, env, runtime, withCredentials) : undefined;
  // The turn detector reads how sure the embedded Whisper was of the words before a pause, when it
  // says: the shared sidecar is not asked yet (its word probabilities made live finals 0.12-0.17 s
  // later, see docs/decisions.md), so this stays empty and the words alone decide.
  const sureness = modes.audioIn && recognizer === 'whisper' ? new HeardSureness() : undefined;
  const overAgentHearing =
    modes.audioIn && recognizer === 'whisper' ? new OverAgentHearing() : undefined;
  let listener =
    modes.audioIn || runtime.scenario.audio_dictation
      ? sttFor(settings.stt, env, runtime, vad, withCredentials, {
          ...(sureness ? { sureness } : {}),
          ...(overAgentHearing ? { overAgentHearing } : {}),
        })
      : undefined;
  // A visitor on speakers whose browser does not cancel the agent's voice would have it heard
  // back as their own words: the embedded voices say what they play, and the recognizer drops
  // transcripts of it.
  if (speaker instanceof SentenceTTS && listener?.capabilities.streaming) {
    speaker.echoGuard = new EchoGuard();
    listener = new EchoFilterSTT(listener, speaker.echoGuard);
  }
  return {
    llm: llmFor(settings.llm, env, withCredentials),
    ...(listener ? { stt: listener } : {}),
    ...(speaker ? { tts: speaker } : {}),
    ...(modes.audioIn ? { vad } : {}),
    ...(sureness ? { sureness } : {}),
    ...(overAgentHearing ? { overAgentHearing } : {}),
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
