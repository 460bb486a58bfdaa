import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  APIConnectionError,
  normalizeLanguage,
  stt,
  type APIConnectOptions,
  type AudioBuffer,
} from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { DEBIAN_MODEL_DIR, domainModel } from './language-model.js';

/** Options of {@link PocketsphinxSTT}. */
export interface PocketsphinxOptions {
  /** Phrases of the scenario: a domain model is built from them. Without any, the open model. */
  phrases?: string[];
  /** The acoustic model folder (default: Debian's pocketsphinx-en-us). */
  modelDir?: string;
  /** BCP-47 language; the acoustic model is US English, so other languages are refused. */
  language?: string;
  /** The recognizer binary (default `pocketsphinx_continuous` on PATH). */
  binary?: string;
}

/** The sample rate the acoustic model was trained at. */
export const SAMPLE_RATE = 16_000;

/**
 * Offline speech to text: one long-lived `pocketsphinx_continuous` per stream, fed 16 kHz PCM on
 * stdin, each utterance it closes (after a short silence) a final transcript. With scenario phrases
 * it decodes with a domain model built from them, which is what makes it usable.
 */
export class PocketsphinxSTT extends stt.STT {
  label = 'svc.PocketsphinxSTT';
  readonly args: string[];
  readonly binary: string;
  readonly language: string;

  constructor(options: PocketsphinxOptions = {}) {
    super({ streaming: true, interimResults: false });
    this.language = options.language ?? 'en-US';
    if (!this.language.toLowerCase().startsWith('en')) {
      throw new Error(
        `the embedded speech recognizer knows English only, not ${this.language}; configure an STT provider for it`,
      );
    }
    const modelDir = options.modelDir ?? DEBIAN_MODEL_DIR;
    const domain = options.phrases?.length ? domainModel(options.phrases, { modelDir }) : undefined;
    this.binary = options.binary ?? 'pocketsphinx_continuous';
    this.args = [
      '-hmm',
      join(modelDir, 'en-us'),
      '-lm',
      domain?.lm ?? join(modelDir, 'en-us.lm.bin'),
      '-dict',
      domain?.dict ?? join(modelDir, 'cmudict-en-us.dict'),
      '-samprate',
      String(SAMPLE_RATE),
      '-logfn',
      '/dev/null',
    ];
  }

  /** Starts a recognizer reading raw PCM from stdin, printing one line per utterance. */
  spawnRecognizer(): ChildProcess {
    // Node's stdio is a socket, which the recognizer cannot open as a file: `cat` turns it into a
    // pipe, and stdbuf makes it print each utterance at once.
    const quoted = [this.binary, '-infile', '/dev/stdin', ...this.args]
      .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`)
      .join(' ');
    return spawn('sh', ['-c', `cat | stdbuf -oL ${quoted}`], { stdio: ['pipe', 'pipe', 'pipe'] });
  }

  protected async _recognize(
    frame: AudioBuffer,
    abortSignal?: AbortSignal,
  ): Promise<stt.SpeechEvent> {
    const frames = Array.isArray(frame) ? frame : [frame];
    const child = this.spawnRecognizer();
    const abort = () => child.kill('SIGKILL');
    abortSignal?.addEventListener('abort', abort, { once: true });
    const lines: string[] = [];
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) =>
      lines.push(line.trim()),
    );
    for (const f of frames) child.stdin?.write(toPcm16k(f));
    // Trailing silence closes the last utterance.
    child.stdin?.end(Buffer.alloc(SAMPLE_RATE));
    const [code] = (await once(child, 'close')) as [number | null];
    abortSignal?.removeEventListener('abort', abort);
    if (code !== 0 && !abortSignal?.aborted)
      throw new APIConnectionError({ message: `${this.binary} failed (exit ${code})` });
    const text = lines.filter(Boolean).join(' ');
    return finalTranscript(text, this.language);
  }

  stream(options?: { connOptions?: APIConnectOptions }): stt.SpeechStream {
    return new PocketsphinxStream(this, options?.connOptions);
  }
}

/** A final transcript event (the recognizer gives no word times or confidence). */
function finalTranscript(text: string, language: string): stt.SpeechEvent {
  return {
    type: stt.SpeechEventType.FINAL_TRANSCRIPT,
    alternatives: [
      {
        text,
        language: normalizeLanguage(language),
        startTime: 0,
        endTime: 0,
        confidence: text ? 1 : 0,
      },
    ],
  };
}

/** 16-bit PCM bytes of a frame (the stream's base class has already resampled it). */
function toPcm16k(frame: AudioFrame): Buffer {
  if (frame.sampleRate !== SAMPLE_RATE || frame.channels !== 1) {
    throw new Error(`expected 16 kHz mono audio, got ${frame.sampleRate} Hz x ${frame.channels}`);
  }
  return Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength);
}

class PocketsphinxStream extends stt.SpeechStream {
  label = 'svc.PocketsphinxStream';
  private readonly engine: PocketsphinxSTT;

  constructor(engine: PocketsphinxSTT, connOptions?: APIConnectOptions) {
    // The base class resamples every pushed frame to 16 kHz.
    super(engine, SAMPLE_RATE, connOptions);
    this.engine = engine;
  }

  protected async run(): Promise<void> {
    const child = this.engine.spawnRecognizer();
    const exited = once(child, 'close') as Promise<[number | null]>;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const language = this.engine.language;
    const reading = (async () => {
      for await (const raw of lines) {
        const text = raw.trim();
        if (!text) continue;
        this.queue.put(finalTranscript(text, language));
      }
    })();
    const stop = () => child.kill('SIGKILL');
    this.abortController.signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const item of this.input) {
        if (typeof item === 'symbol') continue;
        if (!child.stdin?.writable) break;
        if (!child.stdin.write(toPcm16k(item))) await once(child.stdin, 'drain');
      }
      // The input ended: a second of silence lets the recognizer close the utterance.
      child.stdin?.end(Buffer.alloc(SAMPLE_RATE * 2));
      const [code] = await exited;
      await reading;
      if (code !== 0 && !this.abortController.signal.aborted && !this.closed) {
        throw new APIConnectionError({
          message: `${this.engine.binary} exited with ${code}: ${stderr.trim()}`,
          options: { retryable: false },
        });
      }
    } finally {
      this.abortController.signal.removeEventListener('abort', stop);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }
}
