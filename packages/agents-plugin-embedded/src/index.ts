// The embedded, offline voice stack for the agents framework: no network and no key once set up.
// Speech to text on Whisper or pocketsphinx, text to speech on a Piper voice (English) or flite
// and espeak-ng, and a small GGUF model on node-llama-cpp whose every decision is grammar-constrained to the scenario's tools. node-llama-cpp and the model are
// installed into the machine's cache by scripts/ensure-llm.mjs and imported from there at run time.

export { cacheDir } from './cache-dir.js';

// The LLM.
export {
  cleanArguments,
  validateJson,
  type JsonSchema,
  type SchemaError,
} from './llm/json-schema.js';
export {
  JSON_ANSWER_MAX_TOKENS,
  LlamaLLM,
  LlamaLLMStream,
  type JsonAnswerRequest,
  type LlamaTurnStats,
  type WarmRequest,
} from './llm/llama-llm.js';
export {
  type LlamaLLMOptions,
  type LlamaLLMSettings,
  type TokenPrediction,
} from './llm/llama-options.js';
export {
  DEFAULT_MODEL_ID,
  loadNodeLlamaCpp,
  MODELS,
  modelPath,
  NODE_LLAMA_CPP_VERSION,
  nodeLlamaCppPaths,
  type ModelPart,
  type ModelSpec,
} from './llm/node-llama-cpp.js';
export {
  CATALOGUE_KEY,
  compactToolOutput,
  decisionSchema,
  DecisionReader,
  findItemIds,
  NO_TOOL,
  NOT_KNOWN,
  parseDecision,
  protocolInstructions,
  REPLY_FIELDS_KEY,
  REPLY_PREFIX,
  toGrammarSchema,
  WHOLE_TEXT_KEY,
  withoutModelHints,
  type Decision,
  type GrammarSchemaOptions,
  type ProtocolTool,
} from './llm/tool-protocol.js';

// Speech.
export { buildArpa, type ArpaOptions } from './speech/arpa-builder.js';
export { CONVERSATIONAL_PHRASES } from './speech/conversational-phrases.js';
export {
  chooseEngine,
  FLITE_VOICES,
  FliteChunkedStream,
  FliteTTS,
  speakableText,
  type EmbeddedTtsEngine,
  type EngineChoice,
  type FliteTTSOptions,
} from './speech/flite-tts.js';
export {
  clausePunctuation,
  espeakPhonemes,
  joinClauses,
  phonemeIds,
  type PhonemeClause,
  type PhonemeIdMap,
} from './speech/piper-phonemes.js';
export {
  PiperChunkedStream,
  PiperTTS,
  synthesisUnits,
  type PiperTTSOptions,
} from './speech/piper-tts.js';
export {
  DEFAULT_PIPER_VOICE,
  isInstalledPiperVoice,
  loadPiperVoice,
  localPiperSynthesizer,
  parsePiperConfig,
  PiperVoice,
  piperVoiceInstalled,
  piperVoicePaths,
  readPiperConfig,
  toInt16,
  type PiperLoadOptions,
  type PiperSynthesisRequest,
  type PiperSynthesizer,
  type PiperVoiceConfig,
  type PiperVoiceLocation,
  type PiperVoicePaths,
} from './speech/piper-voice.js';
export {
  DEBIAN_EN_US_MODEL_DIR,
  prepareLanguageModel,
  type LanguageModelOptions,
  type PreparedLanguageModel,
} from './speech/language-model.js';
export { Lexicon, type PronunciationSource } from './speech/lexicon.js';
export { PocketsphinxSpeechStream } from './speech/pocketsphinx-speech-stream.js';
export { PocketsphinxSTT, type PocketsphinxSTTOptions } from './speech/pocketsphinx-stt.js';
export { RECOGNIZER_SAMPLE_RATE } from './speech/recognizer-process.js';
export { normalizeWords } from './speech/spoken-words.js';
export { embeddedTtsInstalled, synthesizeWav, wavFile } from './speech/voice-sample.js';
export { mergeHearings } from './speech/hearings.js';
export { wordErrorRate, wordErrors, type WordErrors } from './speech/word-error.js';
export {
  vocabularyPrompt,
  WHISPER_SAMPLE_RATE,
  WhisperSTT,
  type Transcriber,
  type Transcript,
  type TranscriptionRequest,
  type WhisperSTTOptions,
  type WordSureness,
} from './speech/whisper-stt.js';
export {
  EARLY_SILENCE_MS,
  EarlySpeechStream,
  EarlyStreamAdapter,
  type EarlyStreamAdapterOptions,
} from './speech/early-stream-adapter.js';
export { EchoGuard } from './speech/echo-guard.js';
export { EchoFilterSTT } from './speech/echo-filter-stt.js';
export { TranscriptFilterSTT, type TranscriptFilter } from './speech/transcript-filter-stt.js';
export { SentenceTTS } from './speech/sentence-tts.js';
export {
  DEFAULT_WHISPER_MODEL,
  MULTILINGUAL_WHISPER_MODEL,
  defaultWhisperThreads,
  earlySilenceMsFor,
  WHISPER_MODEL_LANGUAGES,
  WhisperModels,
  WhisperSidecar,
  whisperInstalled,
  whisperLanguages,
  whisperModelFor,
  whisperPaths,
  type WhisperModelsOptions,
  type WhisperSidecarOptions,
  type WhisperSidecarInfo,
} from './speech/whisper-sidecar.js';
