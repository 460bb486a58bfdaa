// A VAD-cut recognizer that starts transcribing at the first pause instead of at the end of the
// turn. The framework's `stt.StreamAdapter` sends an utterance to its recognizer only once the VAD
// has heard its full silence (350 ms here), so a whole-utterance recognizer (Whisper) adds its
// decoding time on top of that silence. This one sends what was said as soon as a shorter pause
// (150 ms) is heard; if the visitor goes on, that guess is dropped and the next pause tries again;
// if the silence grows into the end of the utterance, the guess is the transcript, ready up to
// the decoding time sooner. The audio transcribed is the same (the end only adds silence).
// Where the caller asks (speech over the agent's), speech that goes on is also heard before it
// ends, as interim transcripts: a visitor who talks over the agent stops it while talking, not a
// pause after the last word.
import {
  type APIConnectOptions,
  type AudioBuffer,
  type VAD,
  stt,
  VADEventType,
} from '@livekit/agents';
import { AudioFrame } from '@livekit/rtc-node';
import { frameworkLogger } from './processes.js';
import { clearedInterim } from './transcript-filter-stt.js';

/** Options of {@link EarlyStreamAdapter}. */
export interface EarlyStreamAdapterOptions {
  /** Silence after speech, in ms, at which a transcription starts (default 150). */
  earlySilenceMs?: number;
  /**
   * Speech heard before it ends: once an utterance holds `afterMs` of speech and the visitor is
   * still speaking, what was said so far is transcribed and comes out as an interim transcript,
   * when `wanted()` says so at that moment; then again after each further `afterMs` of speech, once
   * the hearing before has come back, for as long as `wanted()` says so. Off by default.
   */
  interim?: { afterMs: number; wanted: () => boolean };
}

/** The default pause that starts an early transcription, in ms. */
export const EARLY_SILENCE_MS = 150;

/** One frame of all the frames, in order (they share rate and channels). */
function joined(frames: readonly AudioFrame[]): AudioFrame {
  const first = frames[0];
  if (!first) return new AudioFrame(new Int16Array(0), 16_000, 1, 0);
  const length = frames.reduce((sum, frame) => sum + frame.data.length, 0);
  const data = new Int16Array(length);
  let offset = 0;
  for (const frame of frames) {
    data.set(frame.data, offset);
    offset += frame.data.length;
  }
  return new AudioFrame(data, first.sampleRate, first.channels, length / first.channels);
}

/**
 * A VAD-cut recognizer like `stt.StreamAdapter` that transcribes at the first pause: the same
 * events (start of speech, end of speech with its time, one final transcript per utterance), the
 * transcript sooner.
 */
export class EarlyStreamAdapter extends stt.STT {
  label: string;
  readonly #recognizer: stt.STT;
  readonly #vad: VAD;
  readonly #earlySilenceMs: number;
  readonly #interim: EarlyStreamAdapterOptions['interim'];

  constructor(recognizer: stt.STT, vad: VAD, options: EarlyStreamAdapterOptions = {}) {
    super({ streaming: true, interimResults: options.interim !== undefined });
    this.#recognizer = recognizer;
    this.#vad = vad;
    this.#earlySilenceMs = options.earlySilenceMs ?? EARLY_SILENCE_MS;
    this.#interim = options.interim;
    this.label = `EarlyStreamAdapter<${recognizer.label}>`;
    recognizer.on('metrics_collected', (metrics) => this.emit('metrics_collected', metrics));
    recognizer.on('error', (error) => this.emit('error', error));
  }

  protected override _recognize(
    frame: AudioBuffer,
    abortSignal?: AbortSignal,
  ): Promise<stt.SpeechEvent> {
    return this.#recognizer.recognize(frame, abortSignal);
  }

  override stream(options?: { connOptions?: APIConnectOptions }): EarlySpeechStream {
    return new EarlySpeechStream(
      this,
      this.#recognizer,
      this.#vad,
      this.#earlySilenceMs,
      options?.connOptions,
      this.#interim,
    );
  }
}

/** An early transcription of the utterance so far. */
interface Guess {
  result: Promise<stt.SpeechEvent | undefined>;
  controller: AbortController;
}

/** The speech stream of {@link EarlyStreamAdapter}. */
export class EarlySpeechStream extends stt.SpeechStream {
  label: string;
  readonly #recognizer: stt.STT;
  readonly #vadStream: ReturnType<VAD['stream']>;
  readonly #earlySilenceMs: number;
  readonly #interim: EarlyStreamAdapterOptions['interim'];

  constructor(
    adapter: stt.STT,
    recognizer: stt.STT,
    vad: VAD,
    earlySilenceMs: number,
    connOptions?: APIConnectOptions,
    interim?: EarlyStreamAdapterOptions['interim'],
  ) {
    super(adapter, undefined, connOptions);
    this.#recognizer = recognizer;
    this.#vadStream = vad.stream();
    this.#earlySilenceMs = earlySilenceMs;
    this.#interim = interim;
    this.label = `EarlySpeechStream<${recognizer.label}>`;
  }

  override close(): void {
    super.close();
    this.#vadStream.close();
  }

  protected override async monitorMetrics(): Promise<void> {
    return;
  }

  /** The recognizer's transcript of `audio`, or undefined when it failed or was dropped. */
  #transcribe(audio: AudioBuffer, signal: AbortSignal): Promise<stt.SpeechEvent | undefined> {
    return this.#recognizer.recognize(audio, AbortSignal.any([signal, this.abortSignal])).then(
      (event) => event,
      (error: unknown) => {
        if (!signal.aborted && !this.abortSignal.aborted) this.#logFailure(error);
        return undefined;
      },
    );
  }

  #logFailure(error: unknown): void {
    // The framework's adapter logs and goes on the same way: one lost utterance, not the call.
    frameworkLogger()
      ?.child({ error: error instanceof Error ? error.message : String(error) })
      .error(`${this.label}: provider recognize task failed`);
  }

  protected override async run(): Promise<void> {
    const forwardInput = async () => {
      for await (const input of this.input) {
        if (typeof input === 'symbol') this.#vadStream.flush();
        else this.#vadStream.pushFrame(input);
      }
      // Not `endInput()`: the framework's VAD stream rejects it (its own writer holds the lock).
      // The VAD stream ends when this stream is closed.
    };

    const recognize = async () => {
      // The utterance as the VAD has it: its buffer at the start of speech, then every window.
      let speech: AudioFrame[] = [];
      let speaking = false;
      let guess: Guess | undefined;
      // The interim hearings of the utterance, one at a time, dropped when it ends. One is not
      // enough: the first half second can be heard as nothing, as feedback ("Okay, so I'd
      // rather...") or as possible echo, or come back late on a loaded machine, and the visitor
      // would then talk over the agent to the end of a long request.
      let interimSaid = false;
      let interim: AbortController | undefined;
      // The speech, in ms, at which the next interim hearing may be asked.
      let nextInterimMs = 0;
      const dropInterim = () => {
        interim?.abort();
        interim = undefined;
      };
      const hearInterim = (frames: readonly AudioFrame[], speechMs: number) => {
        const controller = new AbortController();
        interim = controller;
        nextInterimMs = speechMs + (this.#interim?.afterMs ?? 0);
        void this.#transcribe(joined(frames), controller.signal).then((result) => {
          // Said only while the utterance goes on: its end brings the final transcript.
          if (controller.signal.aborted) return;
          interim = undefined;
          if (!result?.alternatives?.[0]?.text) return;
          interimSaid = true;
          this.output.put({ ...result, type: stt.SpeechEventType.INTERIM_TRANSCRIPT });
        });
        frameworkLogger()
          ?.child({ speechMs })
          .debug(`${this.label}: interim transcription started`);
      };
      const drop = () => {
        if (!guess) return;
        guess.controller.abort();
        guess = undefined;
        // How often the visitor talks over a start is what the start's pause trades against.
        frameworkLogger()?.debug(`${this.label}: early transcription dropped, the speech went on`);
      };
      for await (const event of this.#vadStream) {
        switch (event.type) {
          case VADEventType.START_OF_SPEECH:
            drop();
            dropInterim();
            interimSaid = false;
            nextInterimMs = 0;
            speech = [...event.frames];
            speaking = true;
            this.output.put({ type: stt.SpeechEventType.START_OF_SPEECH });
            break;
          case VADEventType.INFERENCE_DONE:
            if (!speaking) break;
            speech.push(...event.frames);
            if (
              this.#interim &&
              !interim &&
              event.rawAccumulatedSpeech > 0 &&
              event.speechDuration >= Math.max(this.#interim.afterMs, nextInterimMs) &&
              this.#interim.wanted()
            )
              hearInterim(speech, event.speechDuration);
            if (event.rawAccumulatedSpeech > 0) drop();
            else if (!guess && event.rawAccumulatedSilence >= this.#earlySilenceMs) {
              const controller = new AbortController();
              guess = { controller, result: this.#transcribe(joined(speech), controller.signal) };
              frameworkLogger()
                ?.child({ silenceMs: event.rawAccumulatedSilence })
                .debug(`${this.label}: early transcription started`);
            }
            break;
          case VADEventType.END_OF_SPEECH: {
            speaking = false;
            // The final transcript says it all; an interim still decoding would only delay it.
            dropInterim();
            const speechEndTime = Date.now() - event.silenceDuration - event.inferenceDuration;
            this.output.put({ type: stt.SpeechEventType.END_OF_SPEECH, speechEndTime });
            const early = guess;
            guess = undefined;
            const result =
              (await early?.result) ??
              (await this.#transcribe(event.frames, new AbortController().signal));
            if (!result?.alternatives?.[0]?.text) {
              // No words in the end: the interim heard while it went on is taken back.
              if (interimSaid) this.output.put(clearedInterim(result));
              break;
            }
            this.output.put({ ...result, speechEndTime: result.speechEndTime ?? speechEndTime });
            break;
          }
          default:
            break;
        }
      }
      drop();
      dropInterim();
    };
    await Promise.all([forwardInput(), recognize()]);
  }
}
