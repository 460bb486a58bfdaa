// One text spoken by the embedded TTS into a WAV file, outside any agent session: what an
// authoring tool plays when an admin asks to hear a voice before choosing it.
import { getBaseLanguage, initializeLogger } from '@livekit/agents';
import { chooseEngine, FliteTTS, type FliteTTSOptions } from './flite-tts.js';
import { PiperTTS } from './piper-tts.js';
import { DEFAULT_PIPER_VOICE, piperVoiceInstalled } from './piper-voice.js';
import { findExecutable, frameworkLogger } from './processes.js';

/** A 16-bit mono PCM WAV file of `samples` at `sampleRate`. */
export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Whether these options ask for the English Piper voice, as the agent reads them: English with
 * no voice, or `joe` (`flite` or a flite voice keeps flite).
 */
function asksPiper(options: FliteTTSOptions): boolean {
  return (
    getBaseLanguage(options.language ?? 'en-US') === 'en' &&
    (options.voice ?? DEFAULT_PIPER_VOICE) === DEFAULT_PIPER_VOICE &&
    options.engine === undefined &&
    options.sampleRate === undefined
  );
}

/** The flite options of these: `flite`, or joe where it is missing, is flite's default voice. */
function fliteOptions(options: FliteTTSOptions): FliteTTSOptions {
  const { voice, ...rest } = options;
  return voice === 'flite' || voice === DEFAULT_PIPER_VOICE ? rest : options;
}

/**
 * Speaks `text` as an agent with these options would (Piper's joe for English by default, else
 * {@link FliteTTS}; `voice: 'flite'` is flite's default voice), and answers the whole of it as a
 * WAV file (the voice's own rate unless `options.sampleRate` says otherwise).
 *
 * @throws Error when the options name a voice or language the engine cannot speak, or the engine
 * fails (the message says which); a text with nothing speakable in it gives an empty WAV.
 */
export async function synthesizeWav(text: string, options: FliteTTSOptions = {}): Promise<Buffer> {
  // The framework's streams log through its logger, which only an agent process sets up.
  if (!frameworkLogger()) initializeLogger({ pretty: false, level: 'warn' });
  const tts =
    asksPiper(options) && piperVoiceInstalled(DEFAULT_PIPER_VOICE)
      ? new PiperTTS()
      : new FliteTTS(fliteOptions(options));
  // A failure is thrown below; without a listener the TTS would also log it as an error.
  tts.on('error', () => undefined);
  await tts.prepare();
  const stream = tts.synthesize(text);
  const chunks: Int16Array[] = [];
  for await (const audio of stream) {
    chunks.push(audio.frame.data.subarray(0, audio.frame.samplesPerChannel));
  }
  if (stream.error) throw stream.error;
  const samples = new Int16Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  return wavFile(samples, tts.sampleRate);
}

/**
 * Whether the program these options select (flite or espeak-ng) is installed here: tells a
 * failed {@link synthesizeWav} on a machine without it from one asked for a voice it lacks.
 */
export async function embeddedTtsInstalled(options: FliteTTSOptions = {}): Promise<boolean> {
  let engine: 'flite' | 'espeak-ng';
  try {
    engine = chooseEngine(fliteOptions(options)).engine;
  } catch {
    // Options no engine takes (flite asked for another language): nothing to look for.
    return true;
  }
  const binary =
    engine === 'flite' ? (options.fliteBinary ?? 'flite') : (options.espeakBinary ?? 'espeak-ng');
  return (await findExecutable(binary)) !== undefined;
}
