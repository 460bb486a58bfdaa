// The visitor's voice, told from the room's. Silero hears every voice as speech: in a café or an
// open office the talkers around the visitor never stop, so the visitor never stops speaking as far
// as silero can tell, and no turn ever ends (the spoken evaluation with babble at 10 dB: not one).
// The visitor is the talker nearest the microphone, louder than the room: a window is the
// visitor's speech when silero hears speech in it and it stands above the room's level, which is
// what the microphone picks up outside the visitor's speech (the median of the last seconds'
// window levels there: the room in a café, near silence at home). Silero's own state machine (speech
// after `minSpeechMs`, silence after `minSilenceMs`, the utterance buffered with its lead-in) runs
// again on that gated probability, so everything downstream (the recognizer's utterances, the
// framework's end of turn and interruptions) gets the events it would get in a quiet room.
import { VAD, VADEventType, VADStream, type VADEvent } from '@livekit/agents';
import * as silero from '@livekit/agents-plugin-silero';
import { AudioFrame } from '@livekit/rtc-node';

/** The gate's settings, with silero's own event timing. */
export interface NearTalkerOptions {
  /** Silero's probability above which a window may be speech (silero's default 0.5). */
  activationThreshold: number;
  /** Speech this long starts an utterance, ms (silero's default 50). */
  minSpeechMs: number;
  /** Silence this long ends it, ms. */
  minSilenceMs: number;
  /** Audio before the start kept with the utterance, ms (silero's default 500). */
  prefixPaddingMs: number;
  /** The longest utterance kept, ms (silero's default 60 s). */
  maxBufferedSpeechMs: number;
  /** How far above the room's level a window must be to start the visitor's speech, dB. */
  marginDb: number;
  /** How far above it a window must be to go on with speech already started, dB. */
  holdMarginDb: number;
  /** How much of the past the room's level is read from, ms. */
  roomWindowMs: number;
  /** The percentile of that past's window levels taken as the room's level. */
  roomPercentile: number;
}

/**
 * The gate's defaults: silero's timing; the room's level is the median of the last 3 s of windows
 * outside the visitor's speech, and a window starts the visitor's speech 15 dB above it and goes on
 * with it 6 dB above. Chosen through Chromium's microphone path with the SDK's capture settings
 * (noise suppression and automatic gain on), on the spoken evaluation's held-in voices under its
 * babble at 10 dB speech to noise (`bench/agent/eval`): a room read as a low percentile of every
 * window (10th, 30th) and a start at 12 dB let the talkers' louder moments through as utterances,
 * which the recognizer wrote as words; at 15 dB over the median, held at 6, each request was one
 * utterance and none was the room's. A lead-in of 1 s instead of 0.5 s brought the room's words
 * into the visitor's first turn. On audio that no browser processed, the start at 15 dB needs the
 * visitor about 14 dB above a room of two talkers; in a quiet room the utterances are silero's.
 */
export const NEAR_TALKER_DEFAULTS: Omit<NearTalkerOptions, 'minSilenceMs'> = {
  activationThreshold: 0.5,
  minSpeechMs: 50,
  prefixPaddingMs: 500,
  maxBufferedSpeechMs: 60_000,
  marginDb: 15,
  holdMarginDb: 6,
  roomWindowMs: 3_000,
  roomPercentile: 0.5,
};

/** The level of a window, dB of full scale (digital silence is -100). */
export function levelDb(frames: readonly AudioFrame[]): number {
  let sum = 0;
  let count = 0;
  for (const frame of frames)
    for (const sample of frame.data) {
      sum += sample * sample;
      count++;
    }
  if (count === 0 || sum === 0) return -100;
  return Math.max(-100, 10 * Math.log10(sum / count / (32768 * 32768)));
}

/** The room's level: a percentile of the recent levels of the windows it is given. */
export class RoomLevel {
  readonly #levels: number[] = [];
  readonly #size: number;
  readonly #percentile: number;

  constructor(windows: number, percentile: number) {
    this.#size = Math.max(1, windows);
    this.#percentile = percentile;
  }

  /** A window's level heard. */
  add(level: number): void {
    this.#levels.push(level);
    if (this.#levels.length > this.#size) this.#levels.shift();
  }

  /** The room's level now (-100 before anything is heard). */
  get level(): number {
    if (this.#levels.length === 0) return -100;
    const sorted = [...this.#levels].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) * this.#percentile)] ?? -100;
  }
}

/**
 * Silero (or any VAD whose inference events carry each window's audio), with each window counted
 * as speech only when it stands `marginDb` above the room. See the module comment.
 */
export class NearTalkerVAD extends VAD {
  readonly label: string;
  readonly #inner: VAD;
  readonly #options: NearTalkerOptions;

  constructor(inner: VAD, options: Partial<NearTalkerOptions> & { minSilenceMs: number }) {
    super(inner.capabilities);
    this.#inner = inner;
    this.#options = { ...NEAR_TALKER_DEFAULTS, ...options };
    this.label = `NearTalker<${inner.label}>`;
  }

  override get minSilenceDuration(): number {
    return this.#options.minSilenceMs;
  }

  override stream(): VADStream {
    return new NearTalkerStream(this, this.#inner.stream(), this.#options);
  }

  override async close(): Promise<void> {
    await this.#inner.close();
  }
}

class NearTalkerStream extends VADStream {
  readonly #inner: VADStream;
  readonly #options: NearTalkerOptions;
  /** A flush went on to the inner VAD: the gate starts a fresh segment too. */
  #flushed = false;

  constructor(vad: VAD, inner: VADStream, options: NearTalkerOptions) {
    super(vad);
    this.#inner = inner;
    this.#options = options;
    void this.#forward();
    void this.#gate();
  }

  /** The session's audio (and flushes) go on to the inner VAD. */
  async #forward(): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await this.inputReader.read();
        if (done) break;
        if (typeof value === 'symbol') {
          this.#flushed = true;
          this.#inner.flush();
        } else this.#inner.pushFrame(value);
      }
      this.#inner.endInput();
    } catch (error) {
      // The stream was closed while a frame was on its way: nothing more to hear.
      if (!this.closed) this.logger.warn({ error }, 'near-talker VAD: input ended');
    }
  }

  /** The inner VAD's windows, gated and run through silero's state machine again. */
  async #gate(): Promise<void> {
    const options = this.#options;
    let room: RoomLevel | undefined;
    let speaking = false;
    let speechMs = 0;
    let silenceMs = 0;
    let pubSpeechMs = 0;
    let pubSilenceMs = 0;
    // The utterance's audio, with up to `prefixPaddingMs` of what came before it.
    let buffered: AudioFrame[] = [];
    let bufferedMs = 0;
    const reset = () => {
      speaking = false;
      speechMs = silenceMs = pubSpeechMs = pubSilenceMs = 0;
      buffered = [];
      bufferedMs = 0;
    };
    const utterance = (): AudioFrame[] => {
      const first = buffered[0];
      if (!first) return [];
      const length = buffered.reduce((sum, frame) => sum + frame.samplesPerChannel, 0);
      const data = new Int16Array(length);
      let offset = 0;
      for (const frame of buffered) {
        data.set(frame.data, offset);
        offset += frame.samplesPerChannel;
      }
      return [new AudioFrame(data, first.sampleRate, 1, length)];
    };
    try {
      for await (const event of this.#inner) {
        if (this.closed) break;
        if (this.#flushed) {
          this.#flushed = false;
          reset();
        }
        if (event.type !== VADEventType.INFERENCE_DONE) continue;
        const windowMs = event.frames.reduce(
          (sum, frame) => sum + (frame.samplesPerChannel * 1000) / frame.sampleRate,
          0,
        );
        if (windowMs === 0) continue;
        room ??= new RoomLevel(Math.round(options.roomWindowMs / windowMs), options.roomPercentile);
        const level = levelDb(event.frames);
        const roomLevel = room.level;
        const started = speaking || speechMs > 0;
        const near = level >= roomLevel + (started ? options.holdMarginDb : options.marginDb);
        // The room is what is heard outside the visitor's speech.
        if (!(near && started)) room.add(level);
        const probability = near ? event.probability : 0;

        if (speaking) pubSpeechMs += windowMs;
        else pubSilenceMs += windowMs;
        buffered.push(...event.frames);
        bufferedMs += windowMs;
        if (!speaking) {
          // Before the utterance only its lead-in is kept.
          while (bufferedMs > options.prefixPaddingMs + windowMs && buffered.length > 1) {
            const dropped = buffered.shift();
            if (dropped) bufferedMs -= (dropped.samplesPerChannel * 1000) / dropped.sampleRate;
          }
        } else if (bufferedMs > options.maxBufferedSpeechMs) {
          const dropped = buffered.pop();
          if (dropped) bufferedMs -= (dropped.samplesPerChannel * 1000) / dropped.sampleRate;
        }
        const base: Omit<VADEvent, 'type'> = {
          samplesIndex: event.samplesIndex,
          timestamp: event.timestamp,
          speechDuration: pubSpeechMs,
          silenceDuration: pubSilenceMs,
          frames: event.frames,
          probability,
          inferenceDuration: event.inferenceDuration,
          speaking,
          rawAccumulatedSilence: silenceMs,
          rawAccumulatedSpeech: speechMs,
        };
        if (!this.sendVADEvent({ ...base, type: VADEventType.INFERENCE_DONE })) break;

        if (probability > options.activationThreshold) {
          speechMs += windowMs;
          silenceMs = 0;
          if (!speaking && speechMs >= options.minSpeechMs) {
            speaking = true;
            pubSilenceMs = 0;
            pubSpeechMs = speechMs;
            this.sendVADEvent({
              ...base,
              type: VADEventType.START_OF_SPEECH,
              speechDuration: pubSpeechMs,
              silenceDuration: 0,
              frames: utterance(),
              speaking: true,
              rawAccumulatedSilence: 0,
              rawAccumulatedSpeech: 0,
            });
          }
        } else {
          silenceMs += windowMs;
          speechMs = 0;
          if (speaking && silenceMs > options.minSilenceMs) {
            // As silero: the silence goes on counting, the buffer keeps its tail as the next
            // utterance's lead-in.
            speaking = false;
            pubSpeechMs = 0;
            pubSilenceMs = silenceMs;
            const frames = utterance();
            this.sendVADEvent({
              ...base,
              type: VADEventType.END_OF_SPEECH,
              speechDuration: 0,
              silenceDuration: silenceMs,
              frames,
              speaking: false,
              rawAccumulatedSilence: 0,
              rawAccumulatedSpeech: 0,
            });
          }
        }
      }
    } catch (error) {
      // As silero does with a failed inference: the stream ends, the session sees it closed.
      if (!this.closed) {
        this.logger.error({ error }, 'near-talker VAD: the inner VAD failed');
        this.close();
      }
    }
  }

  override close(): void {
    if (this.closed) return;
    this.#inner.close();
    super.close();
  }
}

/** The silence that closes an utterance, ms. */
const END_SILENCE_MS = 350;

/**
 * The agent's voice activity detector (about 60 ms to load and 40 MiB; text conversations never
 * load it): silero, with only the voice standing above the room's level counted. 0.35 s of silence
 * closes an utterance (silero's default 0.55 s), and Whisper starts on it then; the endpointing
 * delay (0.4 s from the end of speech) keeps a paused sentence in one turn. At 0.25 s utterances
 * split inside sentences and Whisper, given their pieces, wrote words twice ("Is it, how much is
 * it?").
 */
export async function loadVad(): Promise<VAD> {
  const detector = await silero.VAD.load({ minSilenceDuration: END_SILENCE_MS });
  return new NearTalkerVAD(detector, { minSilenceMs: END_SILENCE_MS });
}
