import { randomUUID } from 'node:crypto';
import { stt as sttBase, type JobContext, type voice } from '@livekit/agents';
import { AudioStream, TrackKind, type RemoteTrack } from '@livekit/rtc-node';
import { RPC_METHODS, TOPICS } from '@svc/protocol';
import { parseComposerDictationRequest, parseComposerStartRequest } from '@svc/protocol/parse';
import type { VisitorChannel } from './channel.js';

/** One running dictation: the visitor's microphone into an STT stream, not into the agent. */
interface Running {
  id: string;
  text: string[];
  stop(): void;
  /** Resolves once the stream has delivered its last final transcript. */
  done: Promise<void>;
}

/**
 * The composer dictation RPCs: while a dictation runs, the visitor's microphone is transcribed
 * into `dictation:transcript` for the page's text box, and the agent does not hear it as a turn.
 */
export function startDictation(options: {
  ctx: JobContext;
  channel: VisitorChannel;
  stt: sttBase.STT;
  visitor: string;
  session: voice.AgentSession;
  signal: AbortSignal;
  language: string;
}): void {
  const { channel, session } = options;
  let running: Running | undefined;

  const microphone = (): RemoteTrack | undefined => {
    const participant = options.ctx.room.remoteParticipants.get(options.visitor);
    for (const publication of participant?.trackPublications.values() ?? []) {
      if (publication.track && publication.kind === TrackKind.KIND_AUDIO)
        return publication.track as RemoteTrack;
    }
    return undefined;
  };

  const stopRunning = async (): Promise<Running | undefined> => {
    const current = running;
    running = undefined;
    if (!current) return undefined;
    current.stop();
    // The last words arrive after the input ends; wait for them, briefly.
    await Promise.race([current.done, new Promise((resolve) => setTimeout(resolve, 3000))]);
    session.input.setAudioEnabled(true);
    return current;
  };

  channel.answer(RPC_METHODS.COMPOSER_START_DICTATION.method, async (payload) => {
    const request = parseComposerStartRequest(payload ? JSON.parse(payload) : {});
    if (!request.ok) throw new Error(request.error);
    await stopRunning();
    const track = microphone();
    if (!track) throw new Error('no microphone track from the visitor');
    const id = randomUUID();
    session.input.setAudioEnabled(false);
    const stream = options.stt.stream();
    const audio = new AudioStream(track, { sampleRate: 16_000, numChannels: 1 });
    const reader = audio.getReader();
    let stopped = false;
    const current: Running = {
      id,
      text: [],
      stop() {
        if (stopped) return;
        stopped = true;
        void reader.cancel().catch(() => undefined);
        stream.endInput();
      },
      done: Promise.resolve(),
    };
    const pump = (async () => {
      while (!stopped) {
        const { done, value } = await reader.read();
        if (done) break;
        stream.pushFrame(value);
      }
    })().catch(() => undefined);
    current.done = (async () => {
      for await (const event of stream) {
        const text = event.alternatives?.[0]?.text?.trim();
        if (!text) continue;
        const isFinal = event.type === sttBase.SpeechEventType.FINAL_TRANSCRIPT;
        if (event.type !== sttBase.SpeechEventType.INTERIM_TRANSCRIPT && !isFinal) continue;
        if (isFinal) current.text.push(text);
        await channel
          .publish(TOPICS.DICTATION_TRANSCRIPT, {
            dictation_id: id,
            text: isFinal ? current.text.join(' ') : [...current.text, text].join(' '),
            is_final: isFinal,
            timestamp: Date.now(),
          })
          .catch(() => undefined);
      }
      await pump;
      stream.close();
    })().catch(() => undefined);
    running = current;
    return JSON.stringify({ dictation_id: id });
  });

  channel.answer(RPC_METHODS.COMPOSER_END_DICTATION.method, async (payload) => {
    const request = parseComposerDictationRequest(JSON.parse(payload || '{}'));
    if (!request.ok) throw new Error(request.error);
    if (running?.id !== request.value.dictation_id)
      throw new Error(`no dictation ${request.value.dictation_id}`);
    const finished = await stopRunning();
    return JSON.stringify({
      dictation_id: request.value.dictation_id,
      text: finished?.text.join(' ') ?? '',
    });
  });

  channel.answer(RPC_METHODS.COMPOSER_CANCEL_DICTATION.method, async (payload) => {
    const request = parseComposerDictationRequest(JSON.parse(payload || '{}'));
    if (!request.ok) throw new Error(request.error);
    if (running?.id === request.value.dictation_id) await stopRunning();
    return JSON.stringify({ dictation_id: request.value.dictation_id, cancelled: true });
  });

  options.signal.addEventListener('abort', () => void stopRunning(), { once: true });
}
