// End of turn by the visitor's words and the sound of their voice, on this machine: LiveKit's
// audio model v1-mini (in `@livekit/local-inference`, no download) hears whether the last 1.2 s
// sound like the end of a turn, and the recognizer's early transcript holds a request whose words
// so far cannot end it ("a tent that"), whatever its sound says. The framework runs v1-mini only
// through an inference executor, which it would start as a separate process on every worker; the
// executor here calls the model in the job's own process.
import { inference, type LanguageCode, voice } from '@livekit/agents';
import localInference from '@livekit/local-inference';
import type { HeardSureness } from './heard-sureness.js';
import { readsUnfinished } from './transcript-turn-detector.js';
import type { TurnLanguage } from './unfinished-words.js';

/** What the framework's local transport asks of an executor. */
type InferenceExecutor = NonNullable<inference.TurnDetectorOptions['executor']>;

/** The framework's name for an audio end-of-turn prediction (its v1-mini runner's method). */
export const AUDIO_END_OF_TURN = 'lk_eot_audio';

/**
 * Runs v1-mini for the framework's local turn-detector transport in this process: the audio
 * arrives as base64 16 kHz mono PCM (the last 1.2 s), the answer is the probability that the turn
 * ended, as the framework's own runner returns it.
 */
export class LocalTurnExecutor implements InferenceExecutor {
  constructor() {
    // Loaded now (about 0.2 s) rather than on the first pause of the first turn.
    localInference.initEot();
  }

  async doInference(method: string, data: unknown): Promise<unknown> {
    if (method !== AUDIO_END_OF_TURN) throw new Error(`no local model answers ${method}`);
    const bytes = Buffer.from((data as { pcm: string }).pcm, 'base64');
    // A copy, as a 16-bit view needs an even offset into its buffer.
    const pcm = new Int16Array(Uint8Array.from(bytes).buffer, 0, Math.floor(bytes.length / 2));
    const started = performance.now();
    const probability = await localInference.predict(pcm);
    return { probability, inferenceDurationMs: performance.now() - started };
  }
}

/** What the visitor has said since they last started speaking, as the recognizer heard it. */
export class HeardSoFar {
  #text = '';

  /** The visitor started speaking again: what came before their pause is no longer the ending. */
  speaking(): void {
    this.#text = '';
  }

  /** A final transcript of the words before the current pause. */
  heard(text: string): void {
    this.#text = text;
  }

  /** The words before the current pause. */
  get text(): string {
    return this.#text;
  }

  /** Keeps up with a session's visitor: their speech starting, and their final transcripts. */
  follow(session: voice.AgentSession): void {
    session.on(voice.AgentSessionEventTypes.UserStateChanged, (event) => {
      if (event.newState === 'speaking') this.speaking();
    });
    session.on(voice.AgentSessionEventTypes.UserInputTranscribed, (event) => {
      if (event.isFinal) this.heard(event.transcript);
    });
  }
}

type StreamArguments = ConstructorParameters<typeof inference.TurnDetectorStreamImpl>[0];

/**
 * v1-mini's stream with the transcript first: a pause after words that cannot end a request
 * waits the endpointing's longer delay (the framework waits it when the probability is below
 * the threshold, and nothing is below an infinite one).
 */
class TranscriptFirstStream extends inference.TurnDetectorStreamImpl {
  readonly #unfinished: () => boolean;

  constructor(args: StreamArguments, unfinished: () => boolean) {
    super(args);
    this.#unfinished = unfinished;
  }

  override async unlikelyThreshold(
    language: LanguageCode | undefined,
  ): Promise<number | undefined> {
    return this.#unfinished() ? Number.POSITIVE_INFINITY : super.unlikelyThreshold(language);
  }
}

/**
 * The embedded end-of-turn detector: the early transcript, then v1-mini run in process. Always
 * the local model, never LiveKit's cloud one, whatever credentials the worker has.
 */
export class EmbeddedTurnDetector extends inference.TurnDetector {
  readonly #unfinished: () => boolean;
  readonly #executor: InferenceExecutor;

  /**
   * @param language The conversation's language, whose unfinished endings hold a turn open.
   * @param heard What the visitor said before the current pause.
   * @param sureness How sure the recognizer was of what it heard, when it says.
   * @param unlikelyThreshold v1-mini's probability under which a pause is not an end (its own
   *   per-language thresholds when omitted).
   * @param executor Runs v1-mini: a test's own, or the in-process one.
   */
  constructor(options: {
    language: TurnLanguage;
    heard: HeardSoFar;
    sureness?: HeardSureness | undefined;
    unlikelyThreshold?: number | undefined;
    executor?: InferenceExecutor;
  }) {
    const executor = options.executor ?? new LocalTurnExecutor();
    super({
      version: 'v1-mini',
      executor,
      ...(options.unlikelyThreshold === undefined
        ? {}
        : { unlikelyThreshold: options.unlikelyThreshold }),
    });
    this.#executor = executor;
    this.#unfinished = () =>
      readsUnfinished(options.heard.text, options.language, options.sureness);
  }

  override stream(): inference.TurnDetectorStreamImpl {
    const stream = new TranscriptFirstStream(
      {
        detector: this,
        opts: this._opts,
        cloudOpts: undefined,
        model: this._model,
        executor: this.#executor,
      },
      this.#unfinished,
    );
    this._streams.add(stream);
    return stream;
  }
}
