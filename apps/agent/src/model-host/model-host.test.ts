// The model host and its client: a conversation's turns cross the socket whole (chat context,
// tool schemas, tool choice) and the answer streams back, text and tool calls alike.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeLogger, llm, voice } from '@livekit/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveModel } from './host.js';
import { RemoteLLM, RemoteSynthesizer, RemoteTranscriber } from './remote-llm.js';

/** A FakeLLM that also records what each turn saw. */
class RecordingLLM extends voice.testing.FakeLLM {
  readonly seen: { items: string[]; tools: string[]; toolChoice: unknown }[] = [];
  warmed = 0;
  override chat(options: Parameters<voice.testing.FakeLLM['chat']>[0]) {
    this.seen.push({
      items: options.chatCtx.items.map((item) =>
        item.type === 'message' ? `${item.role}:${item.textContent}` : item.type,
      ),
      tools: Object.keys(llm.toToolContext(options.toolCtx)?.functionTools ?? {}),
      toolChoice: options.toolChoice,
    });
    return super.chat(options);
  }
  async warm() {
    this.warmed += 1;
  }
}

let server: Server;
let inner: RecordingLLM;
let socketPath: string;

beforeAll(async () => {
  initializeLogger({ pretty: false, level: 'warn' });
  inner = new RecordingLLM([
    { input: 'hello', type: 'llm', content: 'Hi there, how can I help?' },
    {
      input: 'find tents',
      type: 'llm',
      toolCalls: [{ name: 'search_products', args: { query: 'tent' } }],
    },
    { input: 'slow', type: 'llm', ttft: 5_000, content: 'too late' },
  ]);
  socketPath = join(mkdtempSync(join(tmpdir(), 'svc-host-test-')), 'host.sock');
  server = await serveModel(inner, socketPath);
});

afterAll(() => {
  server?.close();
});

const search = llm.tool({
  name: 'search_products',
  description: 'Search the catalogue.',
  parameters: { type: 'object', properties: { query: { type: 'string' } } } as never,
  execute: async () => 'not run here',
});

async function drain(stream: llm.LLMStream) {
  let text = '';
  const calls: { name: string; args: string }[] = [];
  for await (const chunk of stream) {
    text += chunk.delta?.content ?? '';
    for (const call of chunk.delta?.toolCalls ?? [])
      calls.push({ name: call.name, args: call.args });
  }
  return { text, calls };
}

describe('the model host', () => {
  it('streams a reply and tool calls back, with the turn as the job process had it', async () => {
    const remote = new RemoteLLM(socketPath);
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'system', content: 'Be brief.' });
    chatCtx.addMessage({ role: 'user', content: 'hello' });
    expect((await drain(remote.chat({ chatCtx }))).text).toBe('Hi there, how can I help?');
    expect(inner.seen.at(-1)?.items).toEqual(['system:Be brief.', 'user:hello']);

    const tools = llm.ChatContext.empty();
    tools.addMessage({ role: 'user', content: 'find tents' });
    const answer = await drain(
      remote.chat({ chatCtx: tools, toolCtx: [search], toolChoice: 'required' }),
    );
    expect(answer.calls).toEqual([{ name: 'search_products', args: '{"query":"tent"}' }]);
    expect(inner.seen.at(-1)).toMatchObject({ tools: ['search_products'], toolChoice: 'required' });
  });

  it('serves several job processes at once, and warms a prompt', async () => {
    const clients = [
      new RemoteLLM(socketPath),
      new RemoteLLM(socketPath),
      new RemoteLLM(socketPath),
    ];
    const replies = await Promise.all(
      clients.map((client) => {
        const chatCtx = llm.ChatContext.empty();
        chatCtx.addMessage({ role: 'user', content: 'hello' });
        return drain(client.chat({ chatCtx }));
      }),
    );
    expect(replies.map((reply) => reply.text)).toEqual(Array(3).fill('Hi there, how can I help?'));
    const before = inner.warmed;
    await clients[0]!.warm({ chatCtx: llm.ChatContext.empty() });
    expect(inner.warmed).toBe(before + 1);
  });

  it('a cut turn ends at once, and a host that is gone is an error, not a hang', async () => {
    const remote = new RemoteLLM(socketPath);
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'slow' });
    const stream = remote.chat({ chatCtx });
    const started = Date.now();
    setTimeout(() => stream.close(), 50);
    await drain(stream);
    expect(Date.now() - started).toBeLessThan(2_000);

    const nowhere = new RemoteLLM(join(tmpdir(), 'no-such-host.sock'));
    const lost = llm.ChatContext.empty();
    lost.addMessage({ role: 'user', content: 'hello' });
    const errors: unknown[] = [];
    nowhere.on('error', (event) => errors.push(event));
    await expect(
      drain(
        nowhere.chat({
          chatCtx: lost,
          connOptions: { maxRetry: 0, retryIntervalMs: 0, timeoutMs: 1_000 },
        }),
      ),
    ).resolves.toEqual({ text: '', calls: [] });
    expect(errors).toHaveLength(1);
  });

  it("passes a job process's cancelled transcription on to the recognizer", async () => {
    // The host's recognizer seam: it answers when released, and reports the signal it was given.
    const signals: AbortSignal[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const path = join(mkdtempSync(join(tmpdir(), 'svc-host-test-')), 'host.sock');
    const host = await serveModel(inner, path, async (request, signal) => {
      signals.push(signal);
      await released;
      return { text: `heard ${request.pcm.length}`, ms: 1 };
    });
    try {
      const remote = new RemoteTranscriber(path);
      const talkedOver = new AbortController();
      const dropped = remote.transcribe(
        { pcm: new Int16Array(10), language: 'fr' },
        talkedOver.signal,
      );
      const kept = remote.transcribe({ pcm: new Int16Array(20), language: 'fr' });
      await expect.poll(() => signals.length).toBe(2);
      talkedOver.abort();
      await expect(dropped).rejects.toThrow(/aborted/);
      await expect.poll(() => signals[0]?.aborted).toBe(true);
      expect(signals[1]?.aborted).toBe(false);
      release();
      expect(await kept).toEqual({ text: 'heard 20', ms: 1 });
    } finally {
      host.close();
    }
  });
});

describe("the model host's voices", () => {
  it("speaks a job process's phoneme ids with the named voice, samples intact", async () => {
    const asked: unknown[] = [];
    const path = join(mkdtempSync(join(tmpdir(), 'svc-host-test-')), 'host.sock');
    const host = await serveModel(inner, path, undefined, {
      synthesize: async (request) => {
        asked.push(request);
        if (request.voice !== 'joe') throw new Error(`unknown Piper voice "${request.voice}"`);
        return Int16Array.from([0, 1, -1, 32_767, -32_767, 12_345]);
      },
    });
    try {
      const remote = new RemoteSynthesizer(path);
      const samples = await remote.synthesize({ voice: 'joe', ids: [1, 0, 14, 0, 2], speed: 1.2 });
      expect(Array.from(samples)).toEqual([0, 1, -1, 32_767, -32_767, 12_345]);
      expect(asked).toEqual([
        expect.objectContaining({ voice: 'joe', ids: [1, 0, 14, 0, 2], speed: 1.2 }),
      ]);
      await expect(remote.synthesize({ voice: 'nosuch', ids: [1, 2], speed: 1 })).rejects.toThrow(
        /unknown Piper voice "nosuch"/,
      );
    } finally {
      host.close();
    }
  });

  it('answers an error, not silence, when it has no voice', async () => {
    const remote = new RemoteSynthesizer(socketPath);
    await expect(remote.synthesize({ voice: 'joe', ids: [1, 2], speed: 1 })).rejects.toThrow(
      /no Piper voice/,
    );
  });
});
