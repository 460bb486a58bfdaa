// The embedded LLM with the real model on a small shop of its own (./test-shop.ts). The first run
// installs node-llama-cpp and the model into the cache (scripts/ensure-llm.mjs); later runs find
// them there.

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initializeLogger, llm } from '@livekit/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateJson } from './json-schema.js';
import { LlamaLLM, type LlamaLLMStream } from './llama-llm.js';
import { SHOP_TOOLS, shopChat, shopToolContext } from './test-shop.js';

// LLMStream logs through the framework's logger.
initializeLogger({ pretty: false, level: 'warn' });

const here = dirname(fileURLToPath(import.meta.url));
const ENSURE = join(here, '..', '..', 'scripts', 'ensure-llm.mjs');

interface Collected {
  text: string;
  calls: llm.FunctionCall[];
  chunks: number;
}

async function collect(stream: LlamaLLMStream): Promise<Collected> {
  const result: Collected = { text: '', calls: [], chunks: 0 };
  for await (const chunk of stream) {
    result.chunks += 1;
    if (chunk.delta?.content) result.text += chunk.delta.content;
    if (chunk.delta?.toolCalls) result.calls.push(...chunk.delta.toolCalls);
  }
  return result;
}

let model: LlamaLLM;

beforeAll(() => {
  const out = execFileSync(process.execPath, [ENSURE], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 600_000,
  });
  const paths = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
    model: string;
    module: string;
    modelId: string;
  };
  model = new LlamaLLM({
    modelId: paths.modelId,
    modelPath: paths.model,
    nodeLlamaCppModule: paths.module,
  });
}, 600_000);

afterAll(async () => {
  await LlamaLLM.unloadAll();
});

// Generous: the suite shares two cores with the other test files, and a turn of the 1.5B model
// takes seconds even alone.
describe('LlamaLLM', { timeout: 240_000 }, () => {
  it('loads the model once and answers a plain question in words', async () => {
    await model.load();
    const stream = model.chat({
      chatCtx: shopChat('fresh', 'Are you a real person?'),
      toolCtx: shopToolContext(),
    });
    const result = await collect(stream);
    expect(result.calls).toEqual([]);
    expect(result.text.trim().length).toBeGreaterThan(3);
    // Text arrives as it is generated: several deltas, not one block.
    expect(result.chunks).toBeGreaterThan(2);
    expect(stream.stats?.decision).toBe('reply');
    expect(stream.stats?.ttftMs).toBeGreaterThan(0);
  });

  it('talks without tools as a plain chat model', async () => {
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({
      role: 'system',
      content: 'You are a helpful assistant. Answer in one short sentence.',
    });
    chatCtx.addMessage({ role: 'user', content: 'What color is the sky on a clear day?' });
    const result = await collect(model.chat({ chatCtx }));
    expect(result.calls).toEqual([]);
    expect(result.text.toLowerCase()).toContain('blue');
  });

  it('adds the trail runner shoes to the cart with arguments that match the schema', async () => {
    const stream = model.chat({
      chatCtx: shopChat('shoes', 'Add the trail runner shoes to my cart.'),
      toolCtx: shopToolContext(),
    });
    const result = await collect(stream);
    expect(result.calls).toHaveLength(1);
    const call = result.calls[0]!;
    expect(call.name).toBe('add_to_cart');
    expect(call.callId).toMatch(/^call_/);
    const args = JSON.parse(call.args) as Record<string, unknown>;
    expect(validateJson(SHOP_TOOLS.add_to_cart!.parameters, args)).toEqual([]);
    expect(args.item_id).toBe('shoe-101');
    expect(result.text).toBe('');
  });

  it('answers in words after a tool result', async () => {
    const chatCtx = shopChat('shoes');
    chatCtx.addMessage({ role: 'user', content: 'Add the trail runner shoes to my cart.' });
    chatCtx.insert(
      llm.FunctionCall.create({
        callId: 'call_add',
        name: 'add_to_cart',
        args: '{"item_id":"shoe-101"}',
      }),
    );
    chatCtx.insert(
      llm.FunctionCallOutput.create({
        callId: 'call_add',
        name: 'add_to_cart',
        output: '{"ok":true,"cart":[{"id":"shoe-101","name":"Trail Runner 2 shoes","quantity":1}]}',
        isError: false,
      }),
    );
    const result = await collect(model.chat({ chatCtx, toolCtx: shopToolContext() }));
    expect(result.calls).toEqual([]);
    expect(result.text.trim().length).toBeGreaterThan(3);
  });

  it('follows toolChoice: required forces a call, none forbids one', async () => {
    const toolCtx = shopToolContext();
    const required = await collect(
      model.chat({
        chatCtx: shopChat('fresh', 'Show me what is in my cart.'),
        toolCtx,
        toolChoice: 'required',
      }),
    );
    expect(required.calls.map((call) => call.name)).toEqual(['show_cart']);
    const none = await collect(
      model.chat({
        chatCtx: shopChat('fresh', 'Show me what is in my cart.'),
        toolCtx,
        toolChoice: 'none',
      }),
    );
    expect(none.calls).toEqual([]);
    expect(none.text.length).toBeGreaterThan(0);
  });

  it('stops generating when the stream is closed, and the next turn still runs', async () => {
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({
      role: 'user',
      content: 'Tell me a long story about a hike in the mountains.',
    });
    const stream = model.chat({ chatCtx });
    const started = performance.now();
    let text = '';
    for await (const chunk of stream) {
      text += chunk.delta?.content ?? '';
      if (text.length > 10) stream.close();
    }
    expect(text.length).toBeGreaterThan(10);
    // Generation itself stops: the turn settles with a few tokens, far from the 160-token limit.
    while (!stream.stats && performance.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stream.stats?.completionTokens).toBeLessThan(40);

    // Closed before it starts: settles with nothing.
    const early = model.chat({ chatCtx });
    early.close();
    expect((await collect(early)).chunks).toBe(0);

    // The slot was released: the same conversation goes on (its prompt is still cached).
    const after = await collect(model.chat({ chatCtx }));
    expect(after.text.length).toBeGreaterThan(0);
  });

  it("answers a question in a JSON Schema's shape: a choice among names, an object of fields", async () => {
    const instructions =
      'Choose the action for what the visitor says. search: find products. talk: anything else.';
    const choice = await model.answerJson({
      instructions,
      prompt: 'Visitor: "Do you have any tents?"',
      schema: {
        type: 'object',
        properties: { action: { enum: ['search', 'talk'] } },
        required: ['action'],
      },
    });
    expect(JSON.parse(choice)).toEqual({ action: 'search' });

    const schema = {
      type: 'object',
      properties: { product: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
      required: ['product', 'quantity'],
    };
    const order = await model.answerJson({
      instructions: "Read the order out of the visitor's words.",
      prompt: 'Visitor: "Two tents, please."',
      schema,
      maxTokens: 40,
    });
    expect(validateJson(schema, JSON.parse(order))).toEqual([]);
  });

  it('evaluates a conversation between its turns, so the next turn evaluates only the new words', async () => {
    // The turns so far were never the model's: a router answered them. A reply no other test has
    // (its order number is new each run), some 150 tokens, warmed while the visitor types: the
    // next turn finds it evaluated.
    const chatCtx = shopChat('shoes');
    chatCtx.addMessage({ role: 'user', content: 'How long does delivery take?' });
    chatCtx.addMessage({
      role: 'assistant',
      content: `Your order ${randomUUID()} would leave our warehouse within two working days. ${'Parcels travel by road to every address we deliver to, and the carrier sends a tracking link by email on the day they leave. '.repeat(3)}`,
    });
    await model.warm({ chatCtx, toolCtx: shopToolContext() });
    chatCtx.addMessage({ role: 'user', content: 'Which of them is the cheapest?' });
    const stream = model.chat({ chatCtx, toolCtx: shopToolContext() });
    await collect(stream);
    const stats = stream.stats;
    expect(stats).toBeDefined();
    // The visitor's words and the turn's framing are a few dozen tokens.
    expect((stats?.promptTokens ?? 0) - (stats?.cachedPromptTokens ?? 0)).toBeLessThan(60);

    // Stopped at once, a warm-up settles and leaves the next turn to evaluate what it must.
    const stop = new AbortController();
    stop.abort();
    await model.warm({ chatCtx, toolCtx: shopToolContext(), signal: stop.signal });
  });

  it('checks what a reply is grounded on without writing the question out after the words', async () => {
    // A reply in words is checked first: do the instructions or results hold what the visitor
    // asks? The question is the protocol's, in the cached instructions; after the visitor's words
    // goes a marker of a few tokens (written out, the question was some 50).
    const chatCtx = shopChat('shoes');
    await model.warm({ chatCtx, toolCtx: shopToolContext() });
    chatCtx.addMessage({ role: 'user', content: 'Thanks a lot, that is all I needed.' });
    const stream = model.chat({ chatCtx, toolCtx: shopToolContext() });
    const { text, calls } = await collect(stream);
    expect(calls).toEqual([]);
    expect(text.trim()).not.toBe('');
    const stats = stream.stats;
    expect(stats?.decision).toBe('reply');
    // The words, the turn's framing, the marker, and the reply's opening after the check.
    expect((stats?.promptTokens ?? 0) - (stats?.cachedPromptTokens ?? 0)).toBeLessThan(45);
  });

  it('saves a warmed prompt once and a new process starts from it, answering as before', async () => {
    const previous = process.env.SVC_CACHE_DIR;
    process.env.SVC_CACHE_DIR = mkdtempSync(join(tmpdir(), 'svc-llm-state-'));
    try {
      const stateDir = join(process.env.SVC_CACHE_DIR, 'llm-state');
      const states = () => readdirSync(stateDir).filter((name) => name.endsWith('.bin'));
      // A conversation's turns are no other conversation's: warming one saves nothing.
      await model.warm({ chatCtx: shopChat('shoes'), toolCtx: shopToolContext() });
      expect(existsSync(stateDir) ? states() : []).toHaveLength(0);
      await model.warm({ chatCtx: shopChat('fresh'), toolCtx: shopToolContext() });
      expect(states()).toHaveLength(1);

      // As a new job process would: nothing loaded, the same prompt warmed, then the turn.
      await LlamaLLM.unloadAll();
      await model.warm({ chatCtx: shopChat('fresh'), toolCtx: shopToolContext() });
      expect(readdirSync(stateDir)).toHaveLength(1);
      const stream = model.chat({
        chatCtx: shopChat('shoes', 'Add the trail runner shoes to my cart.'),
        toolCtx: shopToolContext(),
      });
      const result = await collect(stream);
      expect(result.calls.map((call) => call.name)).toEqual(['add_to_cart']);
      expect(JSON.parse(result.calls[0]?.args ?? '{}')).toMatchObject({ item_id: 'shoe-101' });
      // The restored prompt was not evaluated again.
      expect(stream.stats?.cachedPromptTokens).toBeGreaterThan(200);
    } finally {
      if (previous === undefined) delete process.env.SVC_CACHE_DIR;
      else process.env.SVC_CACHE_DIR = previous;
    }
  });

  it("saves a JSON question's instructions once, and a new process answers from them", async () => {
    const previous = process.env.SVC_CACHE_DIR;
    process.env.SVC_CACHE_DIR = mkdtempSync(join(tmpdir(), 'svc-llm-state-'));
    const stateDir = join(process.env.SVC_CACHE_DIR, 'llm-state');
    const states = () => readdirSync(stateDir).filter((name) => name.endsWith('.bin'));
    const question = (words: string) => ({
      instructions:
        'Choose the action for what the visitor says. search: find products. cart: show the cart. talk: anything else.',
      prompt: `Visitor: "${words}"`,
      schema: {
        type: 'object',
        properties: { action: { enum: ['search', 'cart', 'talk'] } },
        required: ['action'],
      },
    });
    try {
      expect(JSON.parse(await model.answerJson(question('Do you have any tents?')))).toEqual({
        action: 'search',
      });
      expect(states()).toHaveLength(1);
      // Asked again, the same instructions: the one file stays.
      await model.answerJson(question('Hello there'));
      expect(states()).toHaveLength(1);

      // As a new process would, with the other slot taken by a conversation: the instructions
      // come from the file, and the answer is as before.
      await LlamaLLM.unloadAll();
      await model.warm({ chatCtx: shopChat('shoes'), toolCtx: shopToolContext() });
      expect(JSON.parse(await model.answerJson(question("What's in my cart?")))).toEqual({
        action: 'cart',
      });
      expect(states()).toHaveLength(1);
    } finally {
      await LlamaLLM.unloadAll();
      if (previous === undefined) delete process.env.SVC_CACHE_DIR;
      else process.env.SVC_CACHE_DIR = previous;
    }
  });

  it('keeps a state per context shape, and replaces a state file it cannot load', async () => {
    const previous = process.env.SVC_CACHE_DIR;
    process.env.SVC_CACHE_DIR = mkdtempSync(join(tmpdir(), 'svc-llm-state-'));
    const stateDir = join(process.env.SVC_CACHE_DIR, 'llm-state');
    const states = () => readdirSync(stateDir).filter((name) => name.endsWith('.bin'));
    const four = new LlamaLLM({
      modelPath: model.options.modelPath,
      nodeLlamaCppModule: model.options.nodeLlamaCppModule,
      sequences: 4,
    });
    /** A first turn as a new process has it: nothing loaded, the prompt warmed, then the turn. */
    const firstTurn = async (engine: LlamaLLM) => {
      await LlamaLLM.unloadAll();
      await engine.warm({ chatCtx: shopChat('fresh'), toolCtx: shopToolContext() });
      const stream = engine.chat({
        chatCtx: shopChat('shoes', 'Add the trail runner shoes to my cart.'),
        toolCtx: shopToolContext(),
      });
      await collect(stream);
      return stream.stats?.cachedPromptTokens ?? 0;
    };
    try {
      // A context of two sequences and one of four each keep their own: a state of one does not
      // load into the other.
      await model.warm({ chatCtx: shopChat('fresh'), toolCtx: shopToolContext() });
      await four.warm({ chatCtx: shopChat('fresh'), toolCtx: shopToolContext() });
      expect(states()).toHaveLength(2);
      expect(await firstTurn(four)).toBeGreaterThan(200);

      // A file that does not load goes, and the warm-up writes a good one in its place.
      for (const name of states()) writeFileSync(join(stateDir, name), 'not a state');
      await LlamaLLM.unloadAll();
      await four.warm({ chatCtx: shopChat('fresh'), toolCtx: shopToolContext() });
      const sizes = states().map((name) => statSync(join(stateDir, name)).size);
      expect(Math.max(...sizes)).toBeGreaterThan(100_000);
      expect(await firstTurn(four)).toBeGreaterThan(200);
    } finally {
      await LlamaLLM.unloadAll();
      if (previous === undefined) delete process.env.SVC_CACHE_DIR;
      else process.env.SVC_CACHE_DIR = previous;
    }
  });
});
