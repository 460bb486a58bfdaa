import { spawn } from 'node:child_process';
import { AudioByteStream, shortuuid, tts, type APIConnectOptions } from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';

/** An offline speech engine installed from Debian: flite (English) or espeak-ng (many languages). */
export type LocalTtsEngine = 'flite' | 'espeak-ng';

/** Options of {@link LocalTTS}. */
export interface LocalTtsOptions {
  /** `flite` (English voices `slt`, `rms`, `kal16`, `awb`) or `espeak-ng` (a language like `fr`). */
  engine?: LocalTtsEngine;
  /** A flite voice, or an espeak-ng voice/language (default: `slt`, or the language). */
  voice?: string;
  /** BCP-47 language; espeak-ng speaks it, flite only English. */
  language?: string;
  /** Words a minute for espeak-ng (default 170). */
  rate?: number;
  /** The binary to run (default: the engine's name on PATH). */
  binary?: string;
}

const SAMPLE_RATES: Record<LocalTtsEngine, number> = { flite: 16_000, 'espeak-ng': 22_050 };
/** Frames of 20 ms: small enough that the first one leaves quickly. */
const FRAME_MS = 20;

/** Picks the engine for a language: flite speaks English best; espeak-ng everything else. */
export function engineFor(language: string | undefined): LocalTtsEngine {
  return !language || language.toLowerCase().startsWith('en') ? 'flite' : 'espeak-ng';
}

/**
 * Text to speech with no network and no keys, through flite or espeak-ng as a child process per
 * sentence (the agents framework splits replies into sentences for a non-streaming TTS, so the
 * first sentence plays while the rest is synthesized).
 */
export class LocalTTS extends tts.TTS {
  label = 'svc.LocalTTS';
  readonly engine: LocalTtsEngine;
  readonly options: Required<Omit<LocalTtsOptions, 'binary'>> & { binary: string };

  constructor(options: LocalTtsOptions = {}) {
    const engine = options.engine ?? engineFor(options.language);
    super(SAMPLE_RATES[engine], 1, { streaming: false });
    this.engine = engine;
    const language = options.language ?? 'en-US';
    this.options = {
      engine,
      language,
      voice:
        options.voice ??
        (engine === 'flite' ? 'slt' : (language.split('-')[0] ?? 'en').toLowerCase()),
      rate: options.rate ?? 170,
      binary: options.binary ?? engine,
    };
  }

  /** The command line that speaks `text` as a WAV file on stdout. */
  command(text: string): string[] {
    const { binary, voice, rate } = this.options;
    return this.engine === 'flite'
      ? [binary, '-voice', voice, '-t', text, '-o', '/dev/stdout']
      : [binary, '-v', voice, '-s', String(rate), '--stdout', text];
  }

  synthesize(
    text: string,
    connOptions?: APIConnectOptions,
    abortSignal?: AbortSignal,
  ): tts.ChunkedStream {
    return new LocalChunkedStream(this, text, connOptions, abortSignal);
  }

  stream(): tts.SynthesizeStream {
    throw new Error('LocalTTS does not stream; the agents framework wraps it with a StreamAdapter');
  }
}

const shellQuote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/** Reads a WAV stream: skips the header (whatever its size), hands on the PCM. */
class WavReader {
  private header = Buffer.alloc(0);
  private inData = false;

  push(chunk: Buffer): Buffer {
    if (this.inData) return chunk;
    this.header = Buffer.concat([this.header, chunk]);
    // Walk the RIFF chunks to `data`; engines write different header sizes.
    let offset = 12;
    while (offset + 8 <= this.header.length) {
      const id = this.header.toString('ascii', offset, offset + 4);
      const size = this.header.readUInt32LE(offset + 4);
      if (id === 'data') {
        this.inData = true;
        return this.header.subarray(offset + 8);
      }
      offset += 8 + size;
    }
    return Buffer.alloc(0);
  }
}

class LocalChunkedStream extends tts.ChunkedStream {
  label = 'svc.LocalChunkedStream';
  private readonly engine: LocalTTS;

  constructor(
    engine: LocalTTS,
    text: string,
    connOptions?: APIConnectOptions,
    abortSignal?: AbortSignal,
  ) {
    super(text, engine, connOptions, abortSignal);
    this.engine = engine;
  }

  protected async run(): Promise<void> {
    const text = this.inputText.trim();
    if (!text) {
      this.queue.close();
      return;
    }
    const [command, ...args] = this.engine.command(text);
    // flite opens its output by path, and /dev/stdout is a socket under Node, which cannot be
    // opened: a `cat` in between makes it a pipe. espeak-ng writes to its stdout directly.
    const child =
      this.engine.engine === 'flite'
        ? spawn('sh', ['-c', `${[command as string, ...args].map(shellQuote).join(' ')} | cat`], {
            stdio: ['ignore', 'pipe', 'pipe'],
          })
        : spawn(command as string, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const abort = () => child.kill('SIGKILL');
    this.abortController.signal.addEventListener('abort', abort, { once: true });
    const requestId = shortuuid();
    const rate = this.engine.sampleRate;
    const bytes = new AudioByteStream(rate, 1, (rate * FRAME_MS) / 1000);
    const wav = new WavReader();
    let last: AudioFrame | undefined;
    const send = (frame: AudioFrame) => {
      if (last) this.queue.put({ requestId, segmentId: requestId, frame: last, final: false });
      last = frame;
    };
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      const exit = new Promise<number | null>((resolve) => {
        child.on('error', (error) => {
          stderr += error.message;
          resolve(-1);
        });
        child.on('close', (code) => resolve(code));
      });
      for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
        const pcm = wav.push(chunk);
        if (pcm.length === 0) continue;
        const even = pcm.subarray(0, pcm.length - (pcm.length % 2));
        for (const frame of bytes.write(
          even.buffer.slice(even.byteOffset, even.byteOffset + even.length) as ArrayBuffer,
        ))
          send(frame);
      }
      const code = await exit;
      // Through the pipe the exit code is cat's: no audio at all is the failure to report.
      if ((code !== 0 || !last) && !this.abortController.signal.aborted) {
        // Reported as the framework reports TTS failures (an `error` event on the engine), not
        // thrown: the framework rethrows errors from a chunked stream where nothing catches them.
        this.engine.emit('error', {
          type: 'tts_error',
          timestamp: Date.now(),
          label: this.engine.label,
          error: new Error(
            `${this.engine.options.binary} failed (exit ${code}): ${stderr.trim().slice(0, 200)}`,
          ),
          recoverable: false,
        });
        return;
      }
      for (const frame of bytes.flush()) send(frame);
      if (last) this.queue.put({ requestId, segmentId: requestId, frame: last, final: true });
    } finally {
      this.abortController.signal.removeEventListener('abort', abort);
      if (child.exitCode === null) child.kill('SIGKILL');
      this.queue.close();
    }
  }
}
