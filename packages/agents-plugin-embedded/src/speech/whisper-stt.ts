// Offline speech to text with a Whisper-class model (faster-whisper on CTranslate2): the whole
// utterance is transcribed once the voice activity detector says it ended, with the scenario's
// vocabulary as the decoder's prompt. Not a streaming engine: the agents framework runs it behind
// its VAD (`stt.StreamAdapter`), which is what the voice session does with it.
import {
  type APIConnectOptions,
  type AudioBuffer,
  getBaseLanguage,
  normalizeLanguage,
  shortuuid,
  stt,
} from '@livekit/agents';
import { monoSamples } from './audio.js';
import { mergeHearings } from './hearings.js';

/** Whisper's input rate. */
export const WHISPER_SAMPLE_RATE = 16_000;

/** One utterance to transcribe. */
export interface TranscriptionRequest {
  /** 16 kHz mono samples. */
  pcm: Int16Array;
  /** Words the speech is likely to contain (product names, the scenario's terms). */
  prompt?: string | undefined;
  /** ISO 639-1 code (`en`); a multilingual model detects it when absent. */
  language?: string | undefined;
  /** Also decode the speech without the prompt, as `Transcript.bare` (with a prompt only). */
  bareToo?: boolean | undefined;
}

/** What the recognizer heard in one utterance. */
export interface Transcript {
  text: string;
  /** Milliseconds the decoding took. */
  ms: number;
  /**
   * The share (0 to 1) of the words the language's dictionary or the prompt knows, when the
   * recognizer checked them (the multilingual model does, see `WhisperSidecar`): a misheard
   * utterance ("Welchhoch, Zeighabenzieh") is few words at all.
   */
  known?: number | undefined;
  /** The speech decoded without the prompt, when the request asked (`bareToo`). */
  bare?: string | undefined;
  /** How sure the recognizer is of the transcript's words, when it says (see {@link WordSureness}). */
  sureness?: WordSureness | undefined;
}

/**
 * How sure the recognizer is of a transcript's last word and of the words before it (0 to 1:
 * Whisper's probability of the words, read again against the audio). A visitor who pauses in the
 * middle of a sentence often stops on a word said short or weak, which Whisper drops or guesses
 * at and closes with a full stop ("I would like to order the head lamp." for "... the headlamp
 * and"): the text reads as finished, the doubt about its last word says it may not be.
 */
export interface WordSureness {
  lastWord: number;
  /** The mean over the words before the last; absent for a one-word transcript. */
  otherWords?: number | undefined;
}

/** What transcribes: a sidecar process of this process, or one the worker shares. */
export interface Transcriber {
  transcribe(request: TranscriptionRequest, signal?: AbortSignal): Promise<Transcript>;
}

/** Options of {@link WhisperSTT}. */
export interface WhisperSTTOptions {
  transcriber: Transcriber;
  /** BCP-47 language of the speech (default `en-US`). */
  language?: string;
  /**
   * The decoder's prompt: what the speech is about and the words it is likely to hold (item
   * names, categories, brands). It is what turns "north peak solo tent" from three guesses into
   * the name the shop sells. {@link vocabularyPrompt} makes one from a list of phrases.
   */
  prompt?: string | undefined;
  /**
   * Told each transcript as it is heard, with how sure the recognizer is of its words (the turn
   * detector reads it: a doubtful last word may be a sentence cut by a pause).
   */
  onTranscript?:
    ((heard: { text: string; sureness?: WordSureness | undefined }) => void) | undefined;
  /**
   * Asked with each transcript heard under the prompt: whether to hear the utterance again
   * without it, as the event's second alternative. The prompt's words sway Whisper into writing
   * them into sounds (a hummed "mm-hmm" under a shop's prompt came out "Adiós" or "Momentum"); a
   * consumer that must tell words from sounds, such as speech over the agent, reads both.
   */
  hearsBareToo?: ((text: string) => boolean) | undefined;
  /**
   * Every utterance is decoded with and without the prompt at once, and the transcript keeps the
   * prompted words only where they are the prompt's (its words, or its spelling of the same
   * letters: {@link mergeHearings}); the bare hearing is the event's second alternative. The
   * prompt then never makes the recognizer worse than the bare model on speech outside its words.
   * English's tiny.en decodes both on two workers at once (see `WhisperModels`).
   */
  bareAlongside?: boolean | undefined;
}

/** Whisper's prompt holds at most 224 tokens; about 100 words stay inside it. */
const PROMPT_WORDS = 100;

/**
 * The decoder prompt: the vocabulary's phrases (item names, categories), once each, as a list the
 * way a shop would write them. Whisper copies its prompt's style, so whole names separated by
 * commas keep names whole and sentences plain.
 */
export function vocabularyPrompt(vocabulary: readonly string[]): string | undefined {
  const seen = new Set<string>();
  const phrases: string[] = [];
  let words = 0;
  for (const phrase of vocabulary) {
    const clean = phrase
      .replace(/[^\p{L}\p{N}' -]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const key = clean.toLowerCase();
    if (clean.length < 3 || seen.has(key)) continue;
    const count = clean.split(' ').length;
    if (words + count > PROMPT_WORDS) break;
    seen.add(key);
    phrases.push(clean);
    words += count;
  }
  return phrases.length > 0 ? `${phrases.join(', ')}.` : undefined;
}

/** The longest run of words {@link withoutRepeats} looks for repeats of. */
const MAX_REPEATED_WORDS = 6;

/**
 * Whisper can loop on short or unclear audio: the same sentence twice ("Compare the first two.
 * Compare the first two."), or one word or a few over and over ("Sleeping Bag, Slap, Slap, Slap,
 * Slap"; in French "je t'aime ça ça, je t'aime ça ça, ..." for a sleeping bag under 100 euros). A
 * sentence that repeats the one before it is dropped, and a run of three or more of the same one
 * to six words keeps its first: nobody says the same few words three times in a row to a shop.
 */
export function withoutRepeats(text: string): string {
  const sentences = text.match(/[^.!?]+[.!?]*/g) ?? [];
  const kept: string[] = [];
  for (const sentence of sentences) {
    const key = sentence.trim().toLowerCase();
    if (key && kept.at(-1)?.trim().toLowerCase() !== key) kept.push(sentence);
  }
  const words = kept.join('').trim().split(/\s+/).filter(Boolean);
  const plain = (word: string | undefined) =>
    (word ?? '').toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
  for (let size = 1; size <= MAX_REPEATED_WORDS; size += 1) {
    for (let start = 0; start + size * 3 <= words.length; start += 1) {
      const phrase = words
        .slice(start, start + size)
        .map(plain)
        .join(' ');
      let end = start + size;
      while (
        end + size <= words.length &&
        words
          .slice(end, end + size)
          .map(plain)
          .join(' ') === phrase
      )
        end += size;
      if ((end - start) / size >= 3) words.splice(start + size, end - start - size);
    }
  }
  return words.join(' ').replace(/,\s*$/, '');
}

/**
 * A Whisper-class recognizer for the agents framework. Construct one per conversation (its prompt
 * is the scenario's); the model itself lives in the {@link Transcriber}, shared.
 */
export class WhisperSTT extends stt.STT {
  /** Label in the framework's metrics and logs. */
  label = 'svc.WhisperSTT';
  readonly #transcriber: Transcriber;
  readonly #language: ReturnType<typeof normalizeLanguage>;
  readonly #prompt: string | undefined;
  readonly #onTranscript: WhisperSTTOptions['onTranscript'];
  readonly #hearsBareToo: WhisperSTTOptions['hearsBareToo'];
  readonly #bareAlongside: boolean;

  constructor(options: WhisperSTTOptions) {
    super({ streaming: false, interimResults: false });
    this.#transcriber = options.transcriber;
    this.#language = normalizeLanguage(options.language ?? 'en-US');
    this.#prompt = options.prompt;
    this.#onTranscript = options.onTranscript;
    this.#hearsBareToo = options.hearsBareToo;
    this.#bareAlongside = options.bareAlongside === true && options.prompt !== undefined;
  }

  override get model(): string {
    return 'whisper';
  }

  override get provider(): string {
    return 'faster-whisper';
  }

  protected async _recognize(
    buffer: AudioBuffer,
    abortSignal?: AbortSignal,
  ): Promise<stt.SpeechEvent> {
    const pcm = monoSamples(buffer, WHISPER_SAMPLE_RATE);
    const language = getBaseLanguage(this.#language);
    const {
      text: prompted,
      known,
      sureness,
      bare: heardBare,
    } = await this.#transcriber.transcribe(
      { pcm, prompt: this.#prompt, language, ...(this.#bareAlongside ? { bareToo: true } : {}) },
      abortSignal,
    );
    const bareText = heardBare === undefined ? undefined : withoutRepeats(heardBare);
    const text = withoutRepeats(
      bareText === undefined ? prompted : mergeHearings(prompted, bareText, this.#prompt ?? ''),
    );
    this.#onTranscript?.({ text, sureness });
    const seconds = pcm.length / WHISPER_SAMPLE_RATE;
    const alternative = (said: string, share: number | undefined): stt.SpeechData => ({
      language: this.#language,
      text: said,
      startTime: 0,
      endTime: seconds,
      // Whisper gives no confidence of its own; the share of real words is the one the
      // recognizer can vouch for (a consumer asks again rather than act on a guess).
      confidence: share ?? 1,
    });
    const alternatives: [stt.SpeechData, ...stt.SpeechData[]] = [alternative(text, known)];
    if (bareText !== undefined) alternatives.push(alternative(bareText, undefined));
    else if (this.#prompt && this.#hearsBareToo?.(text)) {
      const bare = await this.#transcriber
        .transcribe({ pcm, language }, abortSignal)
        .catch((error: unknown) => {
          // A failed second hearing leaves the first as it was; a cancelled utterance is cancelled.
          if (abortSignal?.aborted) throw error;
          return undefined;
        });
      if (bare) alternatives.push(alternative(withoutRepeats(bare.text), bare.known));
    }
    return {
      type: stt.SpeechEventType.FINAL_TRANSCRIPT,
      requestId: shortuuid('whisper_'),
      alternatives,
    };
  }

  /** Not streaming: the voice session wraps it with its VAD (`stt.StreamAdapter`). */
  override stream(_options?: { connOptions?: APIConnectOptions }): stt.SpeechStream {
    throw new Error(
      'WhisperSTT transcribes whole utterances: wrap it in stt.StreamAdapter with a VAD',
    );
  }
}
