// The embedded, offline speech stack of the agent: pocketsphinx speech to text with a domain
// language model, flite / espeak-ng text to speech, both as agents-framework engines.

export {
  chooseEngine,
  type EmbeddedTtsEngine,
  type EngineChoice,
  FLITE_VOICES,
  FliteChunkedStream,
  FliteTTS,
  type FliteTTSOptions,
  speakableText,
} from './flite-tts.js';
export {
  buildArpa,
  CONVERSATIONAL_PHRASES,
  DEBIAN_EN_US_MODEL_DIR,
  defaultCacheDir,
  Lexicon,
  type LanguageModelOptions,
  normalizeWords,
  prepareLanguageModel,
  type PreparedLanguageModel,
} from './language-model.js';
export {
  PocketsphinxSpeechStream,
  PocketsphinxSTT,
  type PocketsphinxSTTOptions,
  RECOGNIZER_SAMPLE_RATE,
} from './pocketsphinx-stt.js';
export { wordErrorRate, wordErrors, type WordErrors } from './word-error.js';
