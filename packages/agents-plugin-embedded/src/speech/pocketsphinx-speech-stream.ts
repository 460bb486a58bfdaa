// The streaming side of the embedded recognizer: one `pocketsphinx_continuous` per stream, fed the
// frames pushed into it, each utterance it closes reported as the framework's speech events.

import {
  type APIConnectOptions,
  DEFAULT_API_CONNECT_OPTIONS,
  shortuuid,
  stt,
} from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { downmixToMono, frameBytes } from './audio.js';
import type { RecognizedUtterance } from './recognizer-output-parser.js';
import {
  exitError,
  RECOGNIZER_BYTES_PER_SECOND,
  RECOGNIZER_SAMPLE_RATE,
  type RecognizerProcess,
} from './recognizer-process.js';
import { speechData } from './speech-data.js';

/**
 * What a stream needs of its STT (`PocketsphinxSTT` is one): recognizer processes, the silence
 * that closes an utterance, and the language transcripts are tagged with.
 */
export interface RecognizerLauncher extends stt.STT {
  /** The language transcripts are tagged with. */
  readonly language: string;
  /** Silence that makes the recognizer close the utterance in progress. */
  readonly closingSilence: Buffer;
  /** Starts a recognizer process that hands each utterance it closes to `onUtterance`. */
  _startRecognizer(
    onUtterance: (utterance: RecognizedUtterance) => void,
  ): Promise<RecognizerProcess>;
  /** The resolved recognizer program, for error messages. */
  _binary(): Promise<string>;
}

/**
 * The stream of `PocketsphinxSTT`: one recognizer process from the first `run` to close.
 * The process is killed on `close()`; when the input ends (`endInput()`), the last utterance is
 * finished and the process exits on its own.
 */
export class PocketsphinxSpeechStream extends stt.SpeechStream {
  /** Label in the framework's metrics and logs. */
  label = 'embedded.PocketsphinxSpeechStream';
  readonly #stt: RecognizerLauncher;
  readonly #connOptions: APIConnectOptions;
  #recognizer: RecognizerProcess | undefined;
  #markReady: (ready: boolean) => void = () => undefined;
  /**
   * Settles once the first recognizer has loaded its models (true), or the stream ended or
   * failed before (false). Frames pushed earlier are not lost, only decoded later; waiting for
   * it keeps start-up time out of the first transcript's latency.
   */
  readonly ready: Promise<boolean> = new Promise((resolve) => (this.#markReady = resolve));

  /** Use `PocketsphinxSTT.stream()`. */
  constructor(
    sttEngine: RecognizerLauncher,
    connOptions: APIConnectOptions = DEFAULT_API_CONNECT_OPTIONS,
  ) {
    // The base class resamples every pushed frame to the recognizer's rate.
    super(sttEngine, RECOGNIZER_SAMPLE_RATE, connOptions);
    this.#stt = sttEngine;
    this.#connOptions = connOptions;
  }

  /** Process id of the running recognizer pipeline (its process group), if one runs. */
  get processId(): number | undefined {
    return this.#recognizer?.running ? this.#recognizer.child.pid : undefined;
  }

  /**
   * Pushes a frame of any rate and channel count: downmixed to mono here (the base class's
   * resampler is mono), resampled to 16 kHz by the base class.
   */
  override pushFrame(frame: AudioFrame): void {
    const mono = downmixToMono(frame);
    // The base class keeps the resampler of the first frame's rate; a change of rate mid-stream
    // (a new track) needs a new one.
    if (this.resampler && mono.sampleRate !== this.resampler.inputRate) {
      this.resampler.close();
      delete this.resampler;
    }
    super.pushFrame(mono);
  }

  protected async run(): Promise<void> {
    try {
      await this.#run();
    } finally {
      // No-op once the recognizer reported readiness.
      this.#markReady(false);
    }
  }

  async #run(): Promise<void> {
    const requestId = shortuuid('ps_');
    let usageReported = 0;
    const reportUsage = (recognizer: RecognizerProcess) => {
      const seconds = recognizer.bytesWritten / RECOGNIZER_BYTES_PER_SECOND - usageReported;
      if (seconds <= 0) return;
      usageReported += seconds;
      this.#put({
        type: stt.SpeechEventType.RECOGNITION_USAGE,
        requestId,
        recognitionUsage: { audioDuration: seconds },
      });
    };
    const recognizer = await this.#stt._startRecognizer((utterance) => {
      if (utterance.text) {
        // Word times count from this process's first sample; the framework keeps the stream's
        // offset across restarts.
        const offset = this.startTimeOffset;
        const speechEndTime = recognizer.wallClockAt(utterance.words.at(-1)?.end ?? utterance.end);
        const data = speechData(
          this.#stt.language,
          utterance.text,
          utterance.words,
          utterance.start,
          utterance.end,
          offset,
        );
        this.#put({ type: stt.SpeechEventType.START_OF_SPEECH, requestId });
        this.#put({
          type: stt.SpeechEventType.FINAL_TRANSCRIPT,
          requestId,
          alternatives: [data],
          speechEndTime,
        });
        this.#put({
          type: stt.SpeechEventType.END_OF_SPEECH,
          requestId,
          alternatives: [data],
          speechEndTime,
        });
      }
      reportUsage(recognizer);
    });
    this.#recognizer = recognizer;
    void recognizer.ready.then(this.#markReady);
    const kill = () => recognizer.kill();
    this.abortSignal.addEventListener('abort', kill, { once: true });
    if (this.abortSignal.aborted) kill();
    // Stops waiting for input when the process dies; an aborted wait leaves the queue intact.
    const died = new AbortController();
    void recognizer.exited.then(() => died.abort());
    try {
      let inputEnded = false;
      for (;;) {
        let next: IteratorResult<AudioFrame | symbol>;
        try {
          next = await this.input.next({ signal: died.signal });
        } catch {
          break;
        }
        if (next.done) {
          inputEnded = true;
          break;
        }
        const item = next.value;
        const pcm = typeof item === 'symbol' ? this.#stt.closingSilence : frameBytes(item);
        if (!(await recognizer.write(pcm))) break;
      }
      if (this.abortSignal.aborted) return;
      if (inputEnded) {
        recognizer.end();
        // After the end of input the program decodes what is buffered and exits: allow for a
        // backlog of audio pushed faster than real time.
        const backlogMs = (recognizer.bytesWritten / RECOGNIZER_BYTES_PER_SECOND) * 1000;
        await recognizer.exitedWithin(
          this.#connOptions.timeoutMs + backlogMs,
          'pocketsphinx did not finish after the end of input',
        );
      }
      const exit = await recognizer.exited;
      reportUsage(recognizer);
      if (this.abortSignal.aborted || (inputEnded && exit.code === 0)) return;
      throw exitError(await this.#stt._binary(), exit, recognizer.stderr);
    } finally {
      this.abortSignal.removeEventListener('abort', kill);
      recognizer.kill();
      if (this.#recognizer === recognizer) this.#recognizer = undefined;
    }
  }

  #put(event: stt.SpeechEvent): void {
    // After close() the queue is closed; late output of a dying process has nowhere to go.
    if (!this.queue.closed) this.queue.put(event);
  }
}
