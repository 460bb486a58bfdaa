// A recognizer with a filter on its transcripts: what the filter says is not the visitor's words
// (the agent's own voice heard back, a listener's "mm-hmm" over the agent) never reaches the voice
// session, so it neither interrupts the agent nor becomes a turn. Every other event passes as it
// comes.
import { type APIConnectOptions, type AudioBuffer, normalizeLanguage, stt } from '@livekit/agents';
import { frameworkLogger } from './processes.js';

/** Decides which transcripts are not the visitor's words. */
export interface TranscriptFilter {
  /** Names the filter in the recognizer's label and log lines (`EchoFilter`). */
  name: string;
  /**
   * Why `text` is dropped, for the log, or `undefined` to pass it. `startedAt` is when its
   * utterance began (ms since the epoch), when the recognizer said so; `others` are the event's
   * other alternatives' texts (the same utterance heard another way, see
   * `WhisperSTTOptions.hearsBareToo`); `interim` whether the transcript is of speech still going
   * on (a part of it).
   */
  drops(
    text: string,
    startedAt: number | undefined,
    others: readonly string[],
    interim: boolean,
  ): string | undefined;
}

/** Whether an event carries a transcript, final or not. */
function isTranscript(event: stt.SpeechEvent): boolean {
  return (
    event.type === stt.SpeechEventType.FINAL_TRANSCRIPT ||
    event.type === stt.SpeechEventType.INTERIM_TRANSCRIPT ||
    event.type === stt.SpeechEventType.PREFLIGHT_TRANSCRIPT
  );
}

/**
 * An interim transcript with no words: the session forgets the interim it holds. The framework
 * keeps an utterance's last interim and adds it to the turn when the turn ends, so an interim
 * passed ("I sense", a fragment of the agent's own voice heard back) whose final is then dropped
 * or never comes would become the visitor's turn; this takes it back.
 */
export function clearedInterim(event?: stt.SpeechEvent): stt.SpeechEvent {
  const heard = event?.alternatives?.[0];
  return {
    type: stt.SpeechEventType.INTERIM_TRANSCRIPT,
    alternatives: [
      {
        language: heard?.language ?? normalizeLanguage(''),
        text: '',
        startTime: heard?.startTime ?? 0,
        endTime: heard?.endTime ?? 0,
        confidence: 0,
      },
    ],
  };
}

/** Whether an event is {@link clearedInterim}'s: it passes every filter. */
const isClearedInterim = (event: stt.SpeechEvent) =>
  event.type === stt.SpeechEventType.INTERIM_TRANSCRIPT && !event.alternatives?.[0]?.text;

/** Wraps a streaming recognizer so that the transcripts its filter drops never come out. */
export class TranscriptFilterSTT extends stt.STT {
  label: string;
  readonly #recognizer: stt.STT;
  readonly #filter: TranscriptFilter;

  constructor(recognizer: stt.STT, filter: TranscriptFilter) {
    super(recognizer.capabilities);
    this.#recognizer = recognizer;
    this.#filter = filter;
    this.label = `${filter.name}<${recognizer.label}>`;
    recognizer.on('metrics_collected', (metrics) => this.emit('metrics_collected', metrics));
    recognizer.on('error', (error) => this.emit('error', error));
  }

  /** Why an event's transcript is dropped, or `undefined` when the event passes. */
  dropReason(event: stt.SpeechEvent, startedAt?: number): string | undefined {
    if (!isTranscript(event) || isClearedInterim(event)) return undefined;
    const [first, ...others] = event.alternatives ?? [];
    return this.#filter.drops(
      first?.text ?? '',
      startedAt,
      others.map((alternative) => alternative.text),
      event.type === stt.SpeechEventType.INTERIM_TRANSCRIPT,
    );
  }

  protected override async _recognize(
    frame: AudioBuffer,
    abortSignal?: AbortSignal,
  ): Promise<stt.SpeechEvent> {
    const event = await this.#recognizer.recognize(frame, abortSignal);
    if (this.dropReason(event) === undefined) return event;
    const { alternatives: _dropped, ...rest } = event;
    return rest;
  }

  override stream(options?: { connOptions?: APIConnectOptions }): stt.SpeechStream {
    return new TranscriptFilterStream(this, this.#recognizer.stream(options), options);
  }
}

/** The speech stream of {@link TranscriptFilterSTT}. */
class TranscriptFilterStream extends stt.SpeechStream {
  label: string;
  readonly #filter: TranscriptFilterSTT;
  readonly #inner: stt.SpeechStream;

  constructor(
    filter: TranscriptFilterSTT,
    inner: stt.SpeechStream,
    options?: { connOptions?: APIConnectOptions },
  ) {
    super(filter, undefined, options?.connOptions);
    this.#filter = filter;
    this.#inner = inner;
    this.label = `${filter.label}Stream`;
  }

  override close(): void {
    super.close();
    this.#inner.close();
  }

  protected override async monitorMetrics(): Promise<void> {
    // The wrapped stream reports its own; events go straight out.
    return;
  }

  protected override async run(): Promise<void> {
    const forward = async () => {
      for await (const input of this.input) {
        if (typeof input === 'symbol') this.#inner.flush();
        else this.#inner.pushFrame(input);
      }
      this.#inner.endInput();
    };
    const filter = async () => {
      // When the current utterance began: an echo begins while the agent plays.
      let startedAt: number | undefined;
      // Whether an interim transcript of the current utterance was passed on (and not cleared).
      let interimPassed = false;
      for await (const event of this.#inner) {
        if (event.type === stt.SpeechEventType.START_OF_SPEECH) {
          startedAt = Date.now();
          interimPassed = false;
        }
        const reason = this.#filter.dropReason(event, startedAt);
        if (reason !== undefined) {
          // At info: a visitor's words the agent chose not to hear are worth a line in any log.
          frameworkLogger()?.info(
            { transcript: event.alternatives?.[0]?.text },
            `${this.label}: ${reason}, dropped`,
          );
          if (interimPassed && event.type === stt.SpeechEventType.FINAL_TRANSCRIPT) {
            this.output.put(clearedInterim(event));
            interimPassed = false;
          }
          continue;
        }
        if (event.type === stt.SpeechEventType.INTERIM_TRANSCRIPT)
          interimPassed = !isClearedInterim(event);
        else if (event.type === stt.SpeechEventType.FINAL_TRANSCRIPT) interimPassed = false;
        this.output.put(event);
      }
    };
    await Promise.all([forward(), filter()]);
  }
}
