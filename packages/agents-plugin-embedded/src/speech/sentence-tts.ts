// What the embedded voices share: a text stream spoken sentence by sentence (each voice
// synthesizes whole texts), and failures reported as the framework reports them.
import { tokenize, tts, type APIConnectOptions } from '@livekit/agents';
import type { EchoGuard } from './echo-guard.js';
import { frameworkLogger } from './processes.js';
import { shiftTimedWords } from './spoken-timing.js';

/** A mono TTS that synthesizes whole texts, streamed by sentence. */
export abstract class SentenceTTS extends tts.TTS {
  /**
   * Told what the voice is about to play, so the conversation's recognizer can drop the agent's
   * own speech heard back through a visitor's speakers (see `EchoFilterSTT`).
   */
  echoGuard: EchoGuard | undefined;

  /**
   * @param timed Whether the voice's audio carries when each word is heard (`timedTranscripts`,
   * relative to the start of its text). The voice session then records an interrupted reply as
   * the words heard by then. Every voice's text is spoken through its own sentence stream
   * ({@link stream}), which places each sentence's words in the whole reply and speaks the text
   * the stream then pauses after.
   */
  constructor(sampleRate: number, timed = false) {
    super(sampleRate, 1, { streaming: true, alignedTranscript: timed });
  }

  /**
   * A text stream split into sentences by the framework's basic sentence tokenizer, each
   * synthesized as soon as it is complete and played in order, as the framework's own stream
   * adapter does; the words' timings are moved to where each sentence falls in the stream. The
   * tokenizer holds a sentence until the next one begins (to join short ones), and the
   * framework's markdown filter holds a last full stop until more text comes: text after which
   * none comes for {@link TEXT_PAUSE_MS} is spoken then, so that an acknowledgement ("One
   * moment.") said while the model thinks is heard at once, not with the model's first words
   * seconds later (the voice bench's "thank you very much" waited 26 s for it).
   */
  stream(options?: { connOptions?: APIConnectOptions }): tts.SynthesizeStream {
    return new SentenceStream(this, options?.connOptions);
  }

  /**
   * Reports a failure as the framework does (an `error` event on the TTS, which the voice
   * session listens to), without throwing: a chunked stream's errors would otherwise become an
   * unhandled rejection in the framework. Logged when nobody listens.
   */
  _reportError(error: Error): void {
    if (this.listenerCount('error') > 0) {
      try {
        this.emit('error', {
          type: 'tts_error',
          timestamp: Date.now(),
          label: this.label,
          error,
          recoverable: false,
        });
        return;
      } catch {
        // A listener re-emitted it where nobody listens (a wrapping adapter): logged below.
      }
    }
    frameworkLogger()?.error({ err: error, tts: this.label }, 'embedded TTS failed');
  }
}

/**
 * How long the text stream may pause before what it gave is spoken without waiting for more.
 * Replies stream a token every 40-80 ms on two cores; a longer pause is the speaker waiting (an
 * acknowledgement said while the model thinks), and what came before it is spoken then.
 */
export const TEXT_PAUSE_MS = 300;

/** Whether a piece of text may go on as a number ("$437" or "$437." before "99"). */
function mayContinueNumber(text: string): boolean {
  return /\d[.,]?$/.test(text.trimEnd());
}

/** The audio of a text stream from a {@link SentenceTTS}, sentence by sentence. */
class SentenceStream extends tts.SynthesizeStream {
  label = 'embedded.SentenceStream';
  readonly #engine: SentenceTTS;
  readonly #sentences = new tokenize.basic.SentenceTokenizer().stream();

  constructor(engine: SentenceTTS, connOptions?: APIConnectOptions) {
    super(engine, connOptions);
    this.#engine = engine;
  }

  protected async run(): Promise<void> {
    const signal = this.abortController.signal;
    const forward = async () => {
      let pause: ReturnType<typeof setTimeout> | undefined;
      try {
        for await (const input of this.input) {
          clearTimeout(pause);
          if (signal.aborted) break;
          if (typeof input !== 'string') {
            this.#sentences.flush();
            continue;
          }
          this.#sentences.pushText(input);
          // Text and then nothing: spoken when the pause is long enough.
          if (!mayContinueNumber(input))
            pause = setTimeout(() => {
              if (signal.aborted) return;
              try {
                this.#sentences.flush();
              } catch {
                // The stream closed as the pause ended: the text went out with the rest.
              }
            }, TEXT_PAUSE_MS);
        }
      } finally {
        clearTimeout(pause);
      }
      this.#sentences.endInput();
      this.#sentences.close();
    };
    const speak = async () => {
      // Seconds of audio handed out before the sentence being played.
      let played = 0;
      // Whether the words so far end without a space: the tokenizer's sentences have none
      // between them, and the words heard read as the reply's text.
      let joined = true;
      let previous: Promise<void> = Promise.resolve();
      const sentences: Promise<void>[] = [];
      for await (const { token } of this.#sentences) {
        if (signal.aborted) break;
        this.markStarted();
        // Synthesis starts at once; the audio waits for the sentence before it.
        const audio = this.#engine.synthesize(token, this.connOptions, this.abortSignal);
        const before = previous;
        previous = (async () => {
          await before;
          const start = played;
          for await (const item of audio) {
            if (signal.aborted) break;
            if (item.timedTranscripts?.length) {
              const words = shiftTimedWords(item.timedTranscripts, start);
              const [first] = words;
              if (!joined && first && !/^\s/.test(first.text)) first.text = ` ${first.text}`;
              joined = /\s$/.test(words.at(-1)?.text ?? ' ');
              item.timedTranscripts = words;
            }
            played += item.frame.samplesPerChannel / item.frame.sampleRate;
            this.queue.put(item);
          }
        })();
        sentences.push(previous);
      }
      await Promise.all(sentences);
      this.queue.put(tts.SynthesizeStream.END_OF_STREAM);
    };
    await Promise.all([forward(), speak()]);
  }
}
