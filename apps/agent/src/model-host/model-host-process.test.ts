// The model host as the worker starts it: a process of its own that loads the embedded LLM
// (node-llama-cpp), the Whisper recognizer and the English Piper voice once, and serves them to
// the job processes over its socket. It needs the set-up's models, so it is a test of the speech
// tier (vitest.config.ts), apart from the socket's own tests in model-host.test.ts.
import { initializeLogger, llm } from '@livekit/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteLLM, RemoteSynthesizer, RemoteTranscriber } from './remote-llm.js';
import { startModelHost, type ModelHost } from './start-host.js';

/** The reply's text, drained from its stream. */
async function drainText(stream: llm.LLMStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.delta?.content ?? '';
  return text;
}

describe('the model host process, as the worker starts it', () => {
  let host: ModelHost | undefined;
  beforeAll(() => initializeLogger({ pretty: false, level: 'warn' }));
  afterAll(() => host?.stop());

  it('loads the embedded LLM, Whisper and the English voice once and serves them to a job process', async () => {
    host = await startModelHost();
    const remote = new RemoteLLM(host.socketPath);
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({
      role: 'system',
      content: 'You are a shop assistant. Answer in one short sentence.',
    });
    chatCtx.addMessage({ role: 'user', content: 'Say hello.' });
    const answer = await drainText(remote.chat({ chatCtx }));
    expect(answer.length).toBeGreaterThan(0);
    // A prompt evaluated ahead of time is answered, not refused.
    await remote.warm({ chatCtx });
    const transcriber = new RemoteTranscriber(host.socketPath);
    const silence = await transcriber.transcribe({ pcm: new Int16Array(16_000), language: 'en' });
    expect(silence.text.trim().split(/\s+/).length).toBeLessThan(4);
    // The English voice, loaded with the host: a word is about half a second at 22,050 Hz.
    const voice = new RemoteSynthesizer(host.socketPath);
    const ids = [1, 0, 20, 0, 59, 0, 24, 0, 120, 0, 27, 0, 100, 0, 10, 0, 2]; // "həlˈoʊ."
    const hello = await voice.synthesize({ voice: 'joe', ids, speed: 1 });
    expect(hello.length / 22_050).toBeGreaterThan(0.2);
    expect(Math.max(...hello)).toBeGreaterThan(10_000);
  }, 300_000);
});
