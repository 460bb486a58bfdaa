import type { ConversationMessage } from '@svc/protocol';
import { describe, expect, it } from 'vitest';
import type { TurnMetrics } from '@svc/protocol/agent';
import type { ConversationApi } from './api-client.js';
import { MessageLog } from './messages.js';
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
        output: { output: '{"count":2}', isError: false },
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
});
