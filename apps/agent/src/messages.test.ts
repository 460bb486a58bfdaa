import type { ConversationMessage } from '@svc/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_BATCH_LIMITS, type TurnMetrics } from '@svc/protocol/agent';
import { AgentApiError, type ConversationApi } from './api-client.js';
import { MessageLog, MessageRefusedError } from './messages.js';
import { recordingChannel } from './test-support.js';

/** The agent API's message and metric calls (the seam MessageLog stores through). */
function storingApi(failures = 0) {
  const stored: ConversationMessage[] = [];
  const metrics: TurnMetrics[] = [];
  let failuresLeft = failures;
  const api = {
    async appendMessages(messages: ConversationMessage[]) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('the API is down');
      }
      // The API keeps one message per id.
      for (const message of messages)
        if (!stored.some((known) => known.id === message.id)) stored.push(message);
    },
    async recordMetrics(turns: TurnMetrics[]) {
      metrics.push(...turns);
    },
  } as unknown as ConversationApi;
  return { api, stored, metrics };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('MessageLog', () => {
  it('publishes every user, assistant and tool message on message:new as the contract shapes them', async () => {
    const visitor = recordingChannel();
    const { api, stored, metrics } = storingApi();
    const log = new MessageLog(visitor.channel, api, { flushMs: 10_000 });
    log.experienceState = { checkpoint: 'search', query: 'tents' };
    log.addChatItem({ id: 'u1', role: 'user', textContent: 'Any tents?', createdAt: 1_700_000 });
    log.addToolRuns([
      {
        call: { callId: 'c1', name: 'search_products', args: '{"query":"tents"}' },
        output: {
          output: '{"count":2,"reply_fields":["name"],"catalogue_items":true,"read_whole":true}',
          isError: false,
        },
      },
    ]);
    log.addChatItem({
      id: 'a1',
      role: 'assistant',
      textContent: 'Here are two tents.',
      interrupted: true,
      metrics: { llmNodeTtft: 0.25, ttsNodeTtfb: 0.05, e2eLatency: 0.9 },
    });
    // Not conversation: system items, empty items, and page events (stored, never published).
    log.addChatItem({ id: 's1', role: 'system', textContent: 'You are a shop.' });
    log.addChatItem({ id: 'e1', role: 'assistant', textContent: '' });
    log.addEvent('panel_opened', { panel: 'cart' });

    const published = visitor.on('message:new') as ConversationMessage[];
    expect(published.map((message) => [message.id, message.role])).toEqual([
      ['u1', 'user'],
      [expect.stringMatching(/^calls-c1-/), 'assistant'],
      [expect.stringMatching(/^result-c1-/), 'tool'],
      ['a1', 'assistant'],
    ]);
    for (const message of published) expect(message.timestamp).toMatch(ISO);
    expect(published[0]).toMatchObject({
      content: 'Any tents?',
      timestamp: new Date(1_700_000).toISOString(),
      experience_state: { checkpoint: 'search', query: 'tents' },
    });
    expect(published[1]).toMatchObject({
      content: '',
      tool_calls: [{ id: 'c1', name: 'search_products', arguments: { query: 'tents' } }],
    });
    expect(published[2]).toMatchObject({ content: '{"count":2}', tool_call_id: 'c1' });
    expect(published[3]).toMatchObject({ content: 'Here are two tents.', interrupted: true });
    expect(published[3]).not.toHaveProperty('experience_state');

    await log.flush();
    expect(stored.map((message) => message.id)).toEqual([
      'u1',
      expect.stringMatching(/^calls-c1-/),
      expect.stringMatching(/^result-c1-/),
      'a1',
      expect.stringMatching(/^event-/),
    ]);
    expect(JSON.parse(stored[4]?.content ?? '{}')).toEqual({
      name: 'panel_opened',
      data: { panel: 'cart' },
    });
    expect(metrics).toEqual([
      {
        turn: 1,
        end_of_turn_ms: null,
        stt_ms: null,
        llm_ttft_ms: 250,
        tts_ttfb_ms: 50,
        e2e_ms: 900,
      },
    ]);
  });

  it("marks each agent reply with who decided its turn: the router's rule, or the model", () => {
    const visitor = recordingChannel();
    const { api } = storingApi();
    const log = new MessageLog(visitor.channel, api, { flushMs: 10_000 });
    const say = (id: string, role: 'user' | 'assistant') =>
      log.addChatItem({ id, role, textContent: `${role} ${id}` });
    say('u1', 'user');
    // A routed call, then the template answering it: the reply is the rule's.
    log.noteDecision({ by: 'router', rule: 'cart.remove', tool: 'remove_from_cart', ms: 1 });
    log.noteDecision({ by: 'template', rule: 'cart.remove', ms: 1 });
    say('a1', 'assistant');
    say('u2', 'user');
    // The router handed the turn over: the model's reply.
    log.noteDecision({ by: 'llm', rule: 'question.model', ms: 1 });
    say('a2', 'assistant');
    // The first message, said before any turn was decided, carries none.
    say('a3', 'assistant');
    const published = visitor.on('message:new') as ConversationMessage[];
    expect(published.map((message) => [message.id, message.route])).toEqual([
      ['u1', undefined],
      ['a1', 'cart.remove'],
      ['u2', undefined],
      ['a2', 'model'],
      ['a3', undefined],
    ]);
  });

  it('loses nothing when the API fails: the batch is stored on a later attempt, once', async () => {
    const visitor = recordingChannel();
    const { api, stored } = storingApi(2);
    const errors: unknown[] = [];
    const log = new MessageLog(visitor.channel, api, {
      flushMs: 5,
      onError: (error) => errors.push(error),
    });
    log.addChatItem({ id: 'u1', role: 'user', textContent: 'Hello' });
    log.addChatItem({ id: 'a1', role: 'assistant', textContent: 'Hi!' });
    const deadline = Date.now() + 5000;
    while (stored.length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors).toHaveLength(2);
    expect(stored.map((message) => message.id)).toEqual(['u1', 'a1']);
    // A later flush with nothing new stores nothing twice.
    log.addChatItem({ id: 'u2', role: 'user', textContent: 'Bye' });
    await log.flush();
    expect(stored.map((message) => message.id)).toEqual(['u1', 'a1', 'u2']);
  });

  it('stores every tool run although LLMs repeat call ids (the API keeps one message per id)', async () => {
    const { api, stored } = storingApi();
    const log = new MessageLog(recordingChannel().channel, api);
    // The scripted LLM names the first call of every turn `fake_call_0`, in every conversation.
    for (const turn of [1, 2])
      log.addToolRuns([
        {
          call: { callId: 'fake_call_0', name: 'end_conversation', args: `{"turn":${turn}}` },
          output: { output: '{"ok":true}', isError: false },
        },
      ]);
    await log.flush();
    expect(stored).toHaveLength(4);
    expect(new Set(stored.map((message) => message.id)).size).toBe(4);
    expect(stored.filter((message) => message.tool_call_id === 'fake_call_0')).toHaveLength(2);
  });

  it('drain: stores what the API refused at first, trying again until it answers', async () => {
    const { api, stored } = storingApi(3);
    const log = new MessageLog(recordingChannel().channel, api, { onError: () => {} });
    log.addChatItem({ id: 'u1', role: 'user', textContent: 'Bye' });
    log.addChatItem({ id: 'a1', role: 'assistant', textContent: 'Goodbye!' });
    expect(await log.drain(10_000)).toBe(true);
    expect(stored.map((message) => message.id)).toEqual(['u1', 'a1']);
    // An API that never answers: false once the time is up.
    const down = storingApi(1_000);
    const stuck = new MessageLog(recordingChannel().channel, down.api, { onError: () => {} });
    stuck.addChatItem({ id: 'u2', role: 'user', textContent: 'Hello' });
    expect(await stuck.drain(600)).toBe(false);
    expect(down.stored).toEqual([]);
  });

  describe('a batch the API refuses', () => {
    /** What the fake API refuses: words a transcript must not carry into logs. */
    const REFUSED = 'my card is 4111 1111 1111 1111';

    afterEach(() => {
      vi.useRealTimers();
    });

    /**
     * An API that stores like the real one, refusing (400) any batch holding a message with a
     * {@link REFUSED} content, and (413) any body over its limit; it records each batch's ids.
     */
    function refusingApi() {
      const stored: string[] = [];
      const batches: string[][] = [];
      const api = {
        async appendMessages(messages: ConversationMessage[]) {
          batches.push(messages.map((message) => message.id));
          const bytes = Buffer.byteLength(JSON.stringify({ messages }));
          if (bytes > MESSAGE_BATCH_LIMITS.MAX_BODY_BYTES)
            throw new AgentApiError(413, 'Request body is too large');
          if (messages.some((message) => message.content === REFUSED))
            throw new AgentApiError(400, 'body/messages/0/content: invalid');
          for (const message of messages) if (!stored.includes(message.id)) stored.push(message.id);
        },
        async recordMetrics() {},
      } as unknown as ConversationApi;
      return { api, stored, batches };
    }

    it('is split until the refused message is alone: only it is dropped, reported without its content', async () => {
      const { api, stored } = refusingApi();
      const errors: unknown[] = [];
      const log = new MessageLog(recordingChannel().channel, api, {
        flushMs: 10_000,
        onError: (error) => errors.push(error),
      });
      const ids = Array.from({ length: 9 }, (_, index) => `m${index}`);
      for (const id of ids)
        log.addChatItem({
          id,
          role: 'user',
          textContent: id === 'm4' ? REFUSED : `said ${id}`,
        });
      await log.flush();
      expect(stored).toEqual(ids.filter((id) => id !== 'm4'));
      const dropped = errors.filter((error) => error instanceof MessageRefusedError);
      expect(dropped).toHaveLength(1);
      expect((dropped[0] as MessageRefusedError).status).toBe(400);
      const report = dropped[0] as MessageRefusedError;
      expect(report.message).toContain('m4');
      for (const text of [report.message, String(report), JSON.stringify(report)])
        expect(text).not.toContain('4111');
      // Nothing waits for another attempt: what comes next is stored at once.
      log.addChatItem({ id: 'm9', role: 'assistant', textContent: 'Next' });
      await log.flush();
      expect(stored.at(-1)).toBe('m9');
    });

    it('never comes up: batches are sized by bytes under the API body limit', async () => {
      const { api, stored, batches } = refusingApi();
      const errors: unknown[] = [];
      const log = new MessageLog(recordingChannel().channel, api, {
        flushMs: 10_000,
        onError: (error) => errors.push(error),
      });
      // Five long answers: a quarter of the limit each, well under the count bound.
      const long = 'x'.repeat(MESSAGE_BATCH_LIMITS.MAX_BODY_BYTES / 4);
      for (let index = 0; index < 5; index += 1)
        log.addChatItem({ id: `a${index}`, role: 'assistant', textContent: long });
      await log.flush();
      expect(stored).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
      expect(errors).toEqual([]);
      expect(batches).toEqual([
        ['a0', 'a1', 'a2'],
        ['a3', 'a4'],
      ]);
    });

    it('a message larger than the limit on its own is dropped, and the rest arrives', async () => {
      const { api, stored } = refusingApi();
      const errors: unknown[] = [];
      const log = new MessageLog(recordingChannel().channel, api, {
        flushMs: 10_000,
        onError: (error) => errors.push(error),
      });
      log.addChatItem({ id: 'u1', role: 'user', textContent: 'Tell me everything' });
      log.addToolRuns([
        {
          call: { callId: 'c1', name: 'search', args: '{}' },
          output: { output: 'y'.repeat(MESSAGE_BATCH_LIMITS.MAX_BODY_BYTES), isError: false },
        },
      ]);
      log.addChatItem({ id: 'a1', role: 'assistant', textContent: 'Here it is' });
      await log.flush();
      expect(stored).toEqual(['u1', expect.stringMatching(/^calls-c1-/), 'a1']);
      expect(errors.map((error) => (error as MessageRefusedError).status)).toEqual([413]);
    });

    it('a refusal of the request itself (404: the conversation is gone) drops the batch in one request', async () => {
      let requests = 0;
      const api = {
        async appendMessages() {
          requests += 1;
          throw new AgentApiError(404, 'unknown conversation');
        },
        async recordMetrics() {},
      } as unknown as ConversationApi;
      const errors: unknown[] = [];
      const log = new MessageLog(recordingChannel().channel, api, {
        flushMs: 10_000,
        onError: (error) => errors.push(error),
      });
      for (let index = 0; index < 8; index += 1)
        log.addChatItem({ id: `m${index}`, role: 'user', textContent: REFUSED });
      await log.flush();
      expect(requests).toBe(1);
      expect(errors).toHaveLength(1);
      const report = errors[0] as MessageRefusedError;
      expect(report).toBeInstanceOf(MessageRefusedError);
      expect(report.ids).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
      expect(report.message).not.toContain('4111');
    });

    it('a transient failure (5xx, 408, 429, network) is retried with a growing delay, a bounded number of times, dropping nothing', async () => {
      vi.useFakeTimers();
      const attempts: number[] = [];
      const stored: string[] = [];
      let failure: unknown = new AgentApiError(503, 'unavailable');
      const api = {
        async appendMessages(messages: ConversationMessage[]) {
          attempts.push(Date.now());
          if (failure) throw failure;
          stored.push(...messages.map((message) => message.id));
        },
        async recordMetrics() {},
      } as unknown as ConversationApi;
      for (const transient of [
        new AgentApiError(503, 'unavailable'),
        new AgentApiError(408, 'timeout'),
        new AgentApiError(429, 'slow down'),
        new TypeError('fetch failed'),
      ]) {
        failure = transient;
        attempts.length = 0;
        stored.length = 0;
        const log = new MessageLog(recordingChannel().channel, api, {
          flushMs: 100,
          maxAttempts: 4,
          onError: () => {},
        });
        log.addChatItem({ id: 'u1', role: 'user', textContent: 'Hello' });
        await vi.advanceTimersByTimeAsync(60_000);
        // The first attempt and three retries, each waiting twice as long; then no more.
        expect(attempts.map((at) => at - (attempts[0] ?? 0))).toEqual([0, 200, 600, 1400]);
        expect(stored).toEqual([]);
        // Kept, not dropped: the API back, the next message takes it along.
        failure = undefined;
        log.addChatItem({ id: 'a1', role: 'assistant', textContent: 'Hi' });
        await vi.advanceTimersByTimeAsync(60_000);
        expect(stored).toEqual(['u1', 'a1']);
      }
    });
  });
});
