// A recognizer that drops the agent's own voice: the transcripts its conversation's EchoGuard
// recognizes as what the agent just said never reach the voice session as the visitor's words.
import { type APIConnectOptions, type AudioBuffer, stt } from '@livekit/agents';
import type { EchoGuard } from './echo-guard.js';
import { frameworkLogger } from './processes.js';

/**
 * Whether an event carries a transcript that is the agent's echo; `startedAt` is when its
 * utterance began (ms since the epoch), when known.
 */
function echoed(event: stt.SpeechEvent, guard: EchoGuard, startedAt?: number): boolean {
  const isTranscript =
    event.type === stt.SpeechEventType.FINAL_TRANSCRIPT ||
    event.type === stt.SpeechEventType.INTERIM_TRANSCRIPT ||
    event.type === stt.SpeechEventType.PREFLIGHT_TRANSCRIPT;
  const text = event.alternatives?.[0]?.text ?? '';
  return isTranscript && guard.isEcho(text, startedAt);
}

/**
 * Wraps a streaming recognizer (the embedded ones as the agent builds them) so that transcripts
 * of the agent's own recent speech are dropped, the other events passed on as they come.
 */
export class EchoFilterSTT extends stt.STT {
  label: string;
  readonly #recognizer: stt.STT;
  readonly #guard: EchoGuard;

  constructor(recognizer: stt.STT, guard: EchoGuard) {
    super(recognizer.capabilities);
    this.#recognizer = recognizer;
    this.#guard = guard;
    this.label = `EchoFilter<${recognizer.label}>`;
    recognizer.on('metrics_collected', (metrics) => this.emit('metrics_collected', metrics));
    recognizer.on('error', (error) => this.emit('error', error));
  }

  protected override async _recognize(
    frame: AudioBuffer,
    abortSignal?: AbortSignal,
  ): Promise<stt.SpeechEvent> {
    const event = await this.#recognizer.recognize(frame, abortSignal);
    if (!echoed(event, this.#guard)) return event;
    const { alternatives: _echo, ...rest } = event;
    return rest;
  }

  override stream(options?: { connOptions?: APIConnectOptions }): stt.SpeechStream {
    return new EchoFilterStream(this, this.#recognizer.stream(options), this.#guard, options);
  }
}

/** The speech stream of {@link EchoFilterSTT}. */
class EchoFilterStream extends stt.SpeechStream {
  label: string;
  readonly #inner: stt.SpeechStream;
  readonly #guard: EchoGuard;

  constructor(
    filter: EchoFilterSTT,
    inner: stt.SpeechStream,
    guard: EchoGuard,
    options?: { connOptions?: APIConnectOptions },
  ) {
    super(filter, undefined, options?.connOptions);
    this.#inner = inner;
    this.#guard = guard;
    this.label = `EchoFilterStream<${inner.label}>`;
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
      for await (const event of this.#inner) {
        if (event.type === stt.SpeechEventType.START_OF_SPEECH) startedAt = Date.now();
        if (echoed(event, this.#guard, startedAt)) {
          frameworkLogger()?.debug(
            { transcript: event.alternatives?.[0]?.text },
            `${this.label}: the agent's own speech, heard back, dropped`,
          );
          continue;
        }
        this.output.put(event);
      }
    };
    await Promise.all([forward(), filter()]);
  }
}
