// A recognizer that keeps a visitor's feedback over the agent's speech from reaching the voice
// session: "mm-hmm", "okay", a cough or a laugh while the agent talks is a listener following,
// not a turn. The session interrupts only on words (see `interruption.minWords` where the
// session is built), so a transcript dropped here neither stops the agent nor becomes a turn.
import { type APIConnectOptions, type AudioBuffer, log as agentsLog, stt } from '@livekit/agents';
import { isBackchannel } from './backchannel-words.js';

/** Whether an event carries a transcript, final or not. */
function isTranscript(event: stt.SpeechEvent): boolean {
  return (
    event.type === stt.SpeechEventType.FINAL_TRANSCRIPT ||
    event.type === stt.SpeechEventType.INTERIM_TRANSCRIPT ||
    event.type === stt.SpeechEventType.PREFLIGHT_TRANSCRIPT
  );
}

/** When feedback is dropped: the conversation's language and whether the visitor speaks over the agent. */
export interface BackchannelFilterOptions {
  /** The conversation's BCP-47 language, whose feedback words count. */
  language: string;
  /**
   * Whether the speech being transcribed is over the agent's: the agent speaks, or spoke when the
   * visitor started (a transcript arrives a few hundred ms after the words, when the agent may
   * have just finished). After that, "yeah" answers a question and is a turn.
   */
  overAgent: () => boolean;
}

/**
 * Wraps a streaming recognizer so that, over the agent's speech, transcripts made only of
 * feedback words or non-speech are dropped; everything else passes as it comes.
 */
export class BackchannelFilterSTT extends stt.STT {
  label: string;
  readonly #recognizer: stt.STT;
  readonly #options: BackchannelFilterOptions;

  constructor(recognizer: stt.STT, options: BackchannelFilterOptions) {
    super(recognizer.capabilities);
    this.#recognizer = recognizer;
    this.#options = options;
    this.label = `BackchannelFilter<${recognizer.label}>`;
    recognizer.on('metrics_collected', (metrics) => this.emit('metrics_collected', metrics));
    recognizer.on('error', (error) => this.emit('error', error));
  }

  /** Whether an event is feedback over the agent, to be dropped. */
  drops(event: stt.SpeechEvent): boolean {
    if (!isTranscript(event) || !this.#options.overAgent()) return false;
    return isBackchannel(event.alternatives?.[0]?.text ?? '', this.#options.language);
  }

  protected override async _recognize(
    frame: AudioBuffer,
    abortSignal?: AbortSignal,
  ): Promise<stt.SpeechEvent> {
    // A whole-file recognition is never over the agent's speech.
    return this.#recognizer.recognize(frame, abortSignal);
  }

  override stream(options?: { connOptions?: APIConnectOptions }): stt.SpeechStream {
    return new BackchannelFilterStream(this, this.#recognizer.stream(options), options);
  }
}

/** The speech stream of {@link BackchannelFilterSTT}. */
class BackchannelFilterStream extends stt.SpeechStream {
  label: string;
  readonly #filter: BackchannelFilterSTT;
  readonly #inner: stt.SpeechStream;

  constructor(
    filter: BackchannelFilterSTT,
    inner: stt.SpeechStream,
    options?: { connOptions?: APIConnectOptions },
  ) {
    super(filter, undefined, options?.connOptions);
    this.#filter = filter;
    this.#inner = inner;
    this.label = `BackchannelFilterStream<${inner.label}>`;
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
      for await (const event of this.#inner) {
        if (this.#filter.drops(event)) {
          agentsLog().debug(
            { transcript: event.alternatives?.[0]?.text },
            `${this.label}: feedback over the agent's speech, not a turn`,
          );
          continue;
        }
        this.output.put(event);
      }
    };
    await Promise.all([forward(), filter()]);
  }
}
