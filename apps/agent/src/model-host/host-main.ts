// The model host's process: loads the embedded LLM once, the Whisper recognizer and the English
// Piper voice when they are installed, then serves them on the socket the worker names
// (SVC_LLM_HOST_SOCKET). Tells its parent `ready` (or the error) over the IPC channel. Whisper's English model loads at start; the
// multilingual one when a conversation in another language first asks for it, or at start for
// the languages SVC_WHISPER_PRELOAD lists (`fr,de`).
import { initializeLogger } from '@livekit/agents';
import {
  DEFAULT_PIPER_VOICE,
  LlamaLLM,
  localPiperSynthesizer,
  piperVoiceInstalled,
  WhisperModels,
  whisperInstalled,
} from '@svc/agents-plugin-embedded';
import { serveModel } from './host.js';

// The framework's LLM streams log through its logger, which each process initializes.
initializeLogger({ pretty: false, level: process.env.SVC_AGENT_LOG_LEVEL || 'warn' });
const socketPath = process.env.SVC_LLM_HOST_SOCKET;
try {
  if (!socketPath) throw new Error('the model host needs SVC_LLM_HOST_SOCKET');
  // A sequence per live conversation keeps its turns evaluated between turns (a turn then
  // evaluates only its new words); each costs about 115 MB of KV cache at 4,096 tokens with the
  // 1.5B model, and a conversation beyond them starts again from the scenario's saved prefix.
  const model = new LlamaLLM({ sequences: Number(process.env.SVC_LLM_SEQUENCES || 4) });
  const whisper = whisperInstalled() ? new WhisperModels() : undefined;
  const preload = (process.env.SVC_WHISPER_PRELOAD ?? '').split(',').filter(Boolean);
  // The voices: English's Piper voice loads at start; an operator's voice when a conversation
  // first asks for it.
  const voices = localPiperSynthesizer({
    voicesDir: process.env.SVC_PIPER_VOICES_DIR || undefined,
  });
  // All load at once: the recognizer's Python processes, the voice and the LLM's weights.
  await Promise.all([
    model.load(),
    whisper?.start(),
    ...preload.map((language) => whisper?.start(language)),
    // A voice that fails to load fails the conversations that ask for it, not the host.
    piperVoiceInstalled(DEFAULT_PIPER_VOICE)
      ? voices.load(DEFAULT_PIPER_VOICE).catch(() => undefined)
      : undefined,
  ]);
  const server = await serveModel(
    model,
    socketPath,
    whisper && ((request, signal) => whisper.transcribe(request, signal)),
    voices,
  );
  process.send?.({ ready: true, model: model.model, whisper: Boolean(whisper) });
  // The worker's end is the host's end.
  process.on('disconnect', () => {
    whisper?.close();
    server.close();
    process.exit(0);
  });
} catch (error) {
  process.send?.({ ready: false, error: (error as Error).message ?? String(error) });
  process.exit(1);
}
