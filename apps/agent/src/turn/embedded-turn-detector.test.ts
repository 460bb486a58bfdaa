import { initializeLogger, normalizeLanguage, voice } from '@livekit/agents';
import localInference from '@livekit/local-inference';
import { AudioFrame } from '@livekit/rtc-node';
import { describe, expect, it } from 'vitest';
import {
  AUDIO_END_OF_TURN,
  EmbeddedTurnDetector,
  HeardSoFar,
  LocalTurnExecutor,
} from './embedded-turn-detector.js';

// End of turn by the visitor's words and by LiveKit's v1-mini run in the agent's own process.

initializeLogger({ pretty: false, level: 'silent' });

const RATE = 16_000;

/** A second of a voice-like tone that stops, then `silenceMs` of silence: 16 kHz mono PCM. */
function speechThenSilence(silenceMs: number): Int16Array {
  const pcm = new Int16Array(RATE + (RATE * silenceMs) / 1000);
  for (let index = 0; index < RATE; index += 1) {
    const pitch = 140 + 30 * Math.sin((2 * Math.PI * index) / RATE);
    pcm[index] = Math.round(6000 * Math.sin((2 * Math.PI * pitch * index) / RATE));
  }
  return pcm;
}

describe('LocalTurnExecutor', () => {
  it("answers the framework's audio end-of-turn request with v1-mini's own probability", async () => {
    // The 1.2 s the framework's transport sends.
    const pcm = speechThenSilence(200);
    const answer = (await new LocalTurnExecutor().doInference(AUDIO_END_OF_TURN, {
      pcm: Buffer.from(pcm.buffer).toString('base64'),
    })) as { probability: number };
    expect(answer.probability).toBe(await localInference.predict(pcm));
    expect(answer.probability).toBeGreaterThanOrEqual(0);
    expect(answer.probability).toBeLessThan(1);
  });
});

describe('EmbeddedTurnDetector', () => {
  it('is the local model whatever the worker knows of the cloud', () => {
    const detector = new EmbeddedTurnDetector({ language: 'en', heard: new HeardSoFar() });
    expect(detector.model).toBe('turn-detector-v1-mini');
  });

  it('holds a pause after words that cannot end a request, and lets v1-mini judge the others', async () => {
    const heard = new HeardSoFar();
    const detector = new EmbeddedTurnDetector({ language: 'en', heard, unlikelyThreshold: 0.2 });
    const stream = detector.stream();
    heard.heard('I am looking for a tent that');
    expect(await stream.unlikelyThreshold(normalizeLanguage('en'))).toBe(Number.POSITIVE_INFINITY);
    heard.speaking();
    heard.heard('I need new hiking boots.');
    expect(await stream.unlikelyThreshold(normalizeLanguage('en'))).toBe(0.2);
    await stream.aclose();
  });

  it("hears the visitor's words before each pause from the session", async () => {
    const heard = new HeardSoFar();
    const session = new voice.AgentSession({});
    heard.follow(session);
    session.emit(
      voice.AgentSessionEventTypes.UserInputTranscribed,
      voice.createUserInputTranscribedEvent({ transcript: 'a tent that', isFinal: true }),
    );
    expect(heard.text).toBe('a tent that');
    // Speaking again: the pause before is no longer where the visitor stopped.
    session.emit(
      voice.AgentSessionEventTypes.UserStateChanged,
      voice.createUserStateChangedEvent('listening', 'speaking'),
    );
    expect(heard.text).toBe('');
    await session.close();
  });

  it("predicts from the visitor's audio through the executor", async () => {
    const asked: string[] = [];
    const executor = new LocalTurnExecutor();
    const detector = new EmbeddedTurnDetector({
      language: 'en',
      heard: new HeardSoFar(),
      executor: {
        doInference: (method, data) => {
          asked.push(method);
          return executor.doInference(method, data);
        },
      },
    });
    const stream = detector.stream();
    const pcm = speechThenSilence(400);
    for (let start = 0; start < pcm.length; start += RATE / 100) {
      stream.pushAudio(new AudioFrame(pcm.slice(start, start + RATE / 100), RATE, 1, RATE / 100));
    }
    // The frames reach the transport's buffer asynchronously.
    await new Promise((resolve) => setImmediate(resolve));
    const event = await stream.predict().await;
    expect(asked).toEqual([AUDIO_END_OF_TURN]);
    expect(event.endOfTurnProbability).toBeLessThan(1);
    await stream.aclose();
  });
});
