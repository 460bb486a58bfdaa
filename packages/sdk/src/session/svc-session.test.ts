import type { ConfigPayload, MessageRefusal, ToolHandlerContext } from '@svc/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, visitorToken } from '../client/test-server.js';
import { TestStorage } from '../client/test-storage.js';
import type { StorageAdapter } from '../client/types.js';
import { SvcError } from '../errors.js';
import { FakeTransport, fakeConfig } from '../testing/fake-transport.js';
import { SvcSession } from './svc-session.js';
import type { StartOptions, SvcSessionEvents } from './types.js';

/** An ISO time: the end time the client stamps when the agent sent none. */
const anyTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

// The session runs against a real local HTTP API and the FakeTransport's scripted agent.
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  api.reset();
  vi.useRealTimers();
});

const cartConfig = (): ConfigPayload =>
  fakeConfig({
    conversation_id: 'c-42',
    collections: [{ id: 7, name: 'Shoes', description: '', company_id: 1 }, { broken: true }],
    features: [
      {
        name: 'Cart',
        type: 'bucket:list:crud',
        settings: { currency: 'EUR' },
        tools: [
          {
            name: 'add_to_cart',
            type: 'frontend',
            frontend_method: 'cart_add',
            settings: { max: 3 },
          },
          { name: 'slow_tool', type: 'frontend', rpc_timeout_s: 0.05 },
        ],
      },
    ],
  });

function setup(storage: StorageAdapter | null = null) {
  const transport = new FakeTransport();
  const session = new SvcSession({ apiUrl: api.url, storage, transport });
  const seen: { [E in keyof SvcSessionEvents]?: SvcSessionEvents[E][] } = {};
  for (const event of [
    'status-change',
    'agent-state',
    'message',
    'config',
    'session-end',
    'error',
    'dictation',
  ] as const) {
    session.on(event, (...args: unknown[]) =>
      ((seen[event] ??= [] as never) as unknown[][]).push(args),
    );
  }
  const connect = async (options: Partial<StartOptions> = {}, config = cartConfig()) => {
    await session.start({ scenario: 'pub-1', ...options });
    transport.agentJoin('listening');
    transport.publish('config', config);
  };
  return { transport, session, seen, connect };
}

const errorsOf = (seen: ReturnType<typeof setup>['seen']) =>
  (seen.error ?? []).map(([error]) => error.code);

describe('SvcSession construction', () => {
  it('needs apiUrl or client', () => {
    expect(() => new SvcSession({})).toThrow(TypeError);
    expect(() => new SvcSession(undefined as never)).toThrow(TypeError);
  });
});

describe('status table', () => {
  it('idle -> connecting -> connected: identify, session start, connect, agent joins, config, ack, tools', async () => {
    const { transport, session, seen, connect } = setup();
    expect(session.status).toBe('idle');
    await connect({ tools: { cart_add: () => 'added' } });
    expect(api.requests.map((request) => request.path)).toEqual([
      '/v1/public/token',
      '/v1/public/session',
    ]);
    expect(transport.connectedWith).toEqual({ url: 'ws://127.0.0.1:7880', token: 'rt-token' });
    expect(session.status).toBe('connected');
    expect(seen['status-change']).toEqual([['connecting'], ['connected']]);
    expect(transport.sentOn('config_ack')).toEqual([
      { acknowledged: true, timestamp: expect.any(Number) },
    ]);
    expect(transport.registeredMethods.sort()).toEqual(['cart_add', 'svc__ui_activity_check']);
    expect(session.conversationId).toBe('c-42');
    expect(session.rawConfig).toEqual(cartConfig());
    expect(session.config).toEqual({
      features: [
        {
          name: 'Cart',
          type: 'bucket:list:crud',
          settings: { currency: 'EUR' },
          displayName: 'Cart',
        },
      ],
      collections: [{ id: 7, name: 'Shoes', description: '', company_id: 1 }],
      avatarEnabled: false,
      audioDictationEnabled: false,
      language: null,
    });
    expect(seen.config).toEqual([[session.config]]);
    expect(session.room).toBe(transport.engine);
  });

  it('reuses a cached identity: no identify request on the second start', async () => {
    const { session, transport, connect } = setup();
    await connect();
    await session.end();
    await session.start({ scenario: 'pub-1' });
    expect(api.requests.map((request) => request.path)).toEqual([
      '/v1/public/token',
      '/v1/public/session',
      '/v1/public/session',
    ]);
    expect(transport.connectedWith).not.toBeNull();
  });

  it('start() throws IDENTIFY_FAILED or SESSION_START_FAILED and goes back to idle', async () => {
    const { session, transport } = setup();
    api.answer('/v1/public/token', () => ({ status: 404, body: { error: 'unknown publication' } }));
    await expect(session.start({ scenario: 'pub-1' })).rejects.toMatchObject({
      code: 'IDENTIFY_FAILED',
    });
    expect(session.status).toBe('idle');
    api.reset();
    api.answer('/v1/public/session', () => ({
      status: 503,
      body: { error: 'Transport unreachable' },
    }));
    await expect(session.start({ scenario: 'pub-1' })).rejects.toMatchObject({
      code: 'SESSION_START_FAILED',
      status: 503,
    });
    api.reset();
    transport.connectError = new Error('ws refused');
    await expect(session.start({ scenario: 'pub-1' })).rejects.toMatchObject({
      code: 'SESSION_START_FAILED',
    });
    expect(session.status).toBe('idle');
    expect(SvcError.isInstance(session.error)).toBe(true);
  });

  it('a second start() while one is under way opens one room', async () => {
    const { session } = setup();
    const first = session.start({ scenario: 'pub-1' });
    const second = session.start({ scenario: 'pub-1' });
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await session.start({ scenario: 'pub-1' });
    expect(api.requests.filter((request) => request.path === '/v1/public/session')).toHaveLength(1);
  });

  it('start() aborted through its signal rejects with the reason and connects nothing', async () => {
    const { session, transport } = setup();
    const controller = new AbortController();
    const pending = session.start({ scenario: 'pub-1', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(transport.connectedWith).toBeNull();
    expect(session.status).toBe('idle');
  });

  it('destroy() while starting opens no room; an abort after connect leaves the Transport', async () => {
    const destroyed = setup();
    const pending = destroyed.session.start({ scenario: 'pub-1' });
    destroyed.session.destroy();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(destroyed.transport.connectedWith).toBeNull();

    const aborted = setup();
    const controller = new AbortController();
    const connect = aborted.transport.connect.bind(aborted.transport);
    aborted.transport.connect = async (url, token) => {
      await connect(url, token);
      controller.abort();
    };
    await expect(
      aborted.session.start({ scenario: 'pub-1', signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    await vi.waitFor(() => expect(aborted.transport.connectedWith).toBeNull());
    expect(aborted.session.status).toBe('idle');
  });

  it('a config that arrives while the Transport connects counts: no AGENT_UNAVAILABLE later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { session, transport, seen } = setup();
    const connect = transport.connect.bind(transport);
    transport.connect = async (url, token) => {
      await connect(url, token);
      transport.agentJoin();
      transport.publish('config', cartConfig());
    };
    await session.start({ scenario: 'pub-1' });
    expect(session.status).toBe('connected');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(session.status).toBe('connected');
    expect(seen.error).toBeUndefined();
  });

  it('reconnecting and back', async () => {
    const { session, transport, seen, connect } = setup();
    await connect();
    transport.setConnectionState('reconnecting');
    expect(session.status).toBe('reconnecting');
    transport.setConnectionState('connected');
    expect(session.status).toBe('connected');
    expect(seen['status-change']!.map(([status]) => status)).toEqual([
      'connecting',
      'connected',
      'reconnecting',
      'connected',
    ]);
  });

  it('agent leaves: ended with agent_disconnected after the 2 s grace, cancelled if it returns', async () => {
    const { session, transport, seen, connect } = setup();
    await connect();
    vi.useFakeTimers();
    transport.agentLeave();
    await vi.advanceTimersByTimeAsync(1500);
    transport.agentJoin();
    await vi.advanceTimersByTimeAsync(5000);
    expect(session.status).toBe('connected');
    transport.agentLeave();
    await vi.advanceTimersByTimeAsync(1999);
    expect(session.status).toBe('connected');
    expect(seen['session-end']).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(session.status).toBe('ended');
    expect(seen['session-end']).toEqual([[{ reason: 'agent_disconnected', endedAt: anyTime }]]);
  });

  it('an agent reported gone while the Transport reconnects gets its grace once it is back', async () => {
    const { session, transport, seen, connect } = setup();
    await connect();
    vi.useFakeTimers();
    // A full reconnect: the engine reports the agent gone, and announces it again once back.
    transport.setConnectionState('reconnecting');
    transport.agentLeave();
    await vi.advanceTimersByTimeAsync(5000);
    expect(session.status).toBe('reconnecting');
    transport.setConnectionState('connected');
    transport.agentJoin();
    await vi.advanceTimersByTimeAsync(5000);
    expect(session.status).toBe('connected');
    // Back without the agent: the grace runs from the reconnect, then the session ends.
    transport.setConnectionState('reconnecting');
    transport.agentLeave();
    await vi.advanceTimersByTimeAsync(5000);
    transport.setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(1999);
    expect(session.status).toBe('connected');
    await vi.advanceTimersByTimeAsync(1);
    expect(session.status).toBe('ended');
    expect(seen['session-end']).toEqual([[{ reason: 'agent_disconnected', endedAt: anyTime }]]);
  });

  it('session:end from the agent ends with its reason, or agent_ended', async () => {
    const first = setup();
    await first.connect();
    first.transport.publish('session:end', {
      reason: 'completed',
      ended_at: '2026-11-24T10:00:00.000Z',
    });
    await vi.waitFor(() => expect(first.session.status).toBe('ended'));
    // The agent's own end time, not the moment the page saw it.
    expect(first.seen['session-end']).toEqual([
      [{ reason: 'completed', endedAt: '2026-11-24T10:00:00.000Z' }],
    ]);

    const second = setup();
    await second.connect();
    second.transport.publish('session:end', {});
    await vi.waitFor(() =>
      expect(second.seen['session-end']).toEqual([[{ reason: 'agent_ended', endedAt: anyTime }]]),
    );
  });

  it('a Transport drop ends with transport_disconnected and CONNECTION_LOST', async () => {
    const { session, transport, seen, connect } = setup();
    await connect();
    transport.setConnectionState('disconnected', 'SIGNAL_CLOSE');
    await vi.waitFor(() => expect(session.status).toBe('ended'));
    expect(seen['session-end']).toEqual([[{ reason: 'transport_disconnected', endedAt: anyTime }]]);
    expect(errorsOf(seen)).toEqual(['CONNECTION_LOST']);
  });

  it('end(): shutdown, tools unregistered, Transport left; start() again after ended', async () => {
    const { session, transport, seen, connect } = setup();
    await connect({ tools: { cart_add: () => 'added' } });
    await session.end();
    expect(session.status).toBe('ended');
    expect(seen['session-end']).toEqual([[{ reason: 'shutdown', endedAt: anyTime }]]);
    expect(transport.registeredMethods).toEqual([]);
    expect(transport.connectedWith).toBeNull();
    await session.end(); // ending twice is harmless
    expect(seen['session-end']).toHaveLength(1);

    await connect({ tools: { cart_add: () => 'again' } });
    expect(session.status).toBe('connected');
    expect(await transport.callRpc('cart_add', { requestId: 'r9' })).toEqual({
      requestId: 'r9',
      code: 'OK',
      data: 'again',
    });
  });

  it('AGENT_UNAVAILABLE when no agent config arrives in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { session, seen } = setup();
    await session.start({ scenario: 'pub-1' });
    expect(session.status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(19_999);
    expect(session.status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(session.status).toBe('ended'));
    expect(errorsOf(seen)).toEqual(['AGENT_UNAVAILABLE']);
    expect(seen['session-end']).toEqual([[{ reason: 'agent_unavailable', endedAt: anyTime }]]);
  });
});

describe('handshake and messages', () => {
  it('answers config_request with a fresh ack, and acks a resent config without moving status', async () => {
    const { session, transport, seen, connect } = setup();
    transport.publish('config_request', { type: 'config_request', attempt: 1, timestamp: 1 });
    await connect({ resumeConversationId: 'c-41' });
    transport.publish('config_request', { type: 'config_request', attempt: 1, timestamp: 2 });
    transport.publish('config', cartConfig());
    expect(transport.sentOn('config_ack')).toHaveLength(3);
    expect(transport.sentOn('config_ack')[0]).toMatchObject({
      acknowledged: true,
      suppress_recap: true,
    });
    expect(seen['status-change']).toEqual([['connecting'], ['connected']]);
    expect(session.status).toBe('connected');
  });

  it('ignores payloads that do not parse', async () => {
    const { session, transport, connect } = setup();
    await session.start({ scenario: 'pub-1' });
    transport.publish('config', { type: 'config', features: 'none' });
    transport.publish('config', new Uint8Array([0xff]));
    expect(session.status).toBe('connecting');
    expect(transport.sentOn('config_ack')).toEqual([]);
    await connect();
    transport.publish('message:new', { id: 'x', role: 'system', content: '', timestamp: '' });
    expect(session.messages).toEqual([]);
  });

  it('accumulates message:new, a message with the same id replacing the first', async () => {
    const { session, transport, seen, connect } = setup();
    await connect();
    transport.sendMessage({ id: 'm1', content: 'Hello! Looking for shoes?' });
    transport.sendMessage({ id: 'm2', role: 'user', content: 'Yes, trail shoes' });
    transport.sendMessage({ id: 'm1', content: 'Hello! Looking', interrupted: true });
    expect(session.messages.map((message) => [message.id, message.content])).toEqual([
      ['m2', 'Yes, trail shoes'],
      ['m1', 'Hello! Looking'],
    ]);
    expect(seen.message).toHaveLength(3);
  });

  it('agent state from lk.agent.state; initializing reads as idle', async () => {
    const { session, transport, seen, connect } = setup();
    await connect();
    expect(session.agentState).toBe('listening');
    transport.setAgentState('thinking');
    transport.setAgentState('speaking');
    transport.setAgentState('initializing');
    expect(seen['agent-state']).toEqual([['listening'], ['thinking'], ['speaking'], ['idle']]);
  });

  it('sendText publishes on rt.chat', async () => {
    const { session, transport, connect } = setup();
    await connect();
    await session.sendText('Do you have size 42?');
    await session.sendText('   ');
    expect(transport.sentOn('rt.chat')).toEqual([{ message: 'Do you have size 42?' }]);
  });

  it('MIC_PERMISSION_DENIED with the browser reason; the conversation goes on in text', async () => {
    const { session, transport, seen, connect } = setup();
    transport.microphoneError = new DOMException('Permission denied', 'NotAllowedError');
    await connect();
    await vi.waitFor(() => expect(errorsOf(seen)).toEqual(['MIC_PERMISSION_DENIED']));
    expect(seen.error![0]![0].cause).toBe(transport.microphoneError);
    expect(session.status).toBe('connected');
    await session.sendText('typing instead');
    expect(transport.sentOn('rt.chat')).toHaveLength(1);
  });

  it('setMicrophoneEnabled toggles the microphone; a denial is MIC_PERMISSION_DENIED, never a throw', async () => {
    const { session, transport, seen, connect } = setup();
    await connect({ microphone: false });
    await session.setMicrophoneEnabled(true);
    expect(transport.microphoneEnabled).toBe(true);
    await session.setMicrophoneEnabled(false);
    expect(transport.microphoneEnabled).toBe(false);
    transport.microphoneError = new DOMException('Permission denied', 'NotAllowedError');
    await expect(session.setMicrophoneEnabled(true)).resolves.toBeUndefined();
    expect(errorsOf(seen)).toEqual(['MIC_PERMISSION_DENIED']);
  });

  it('a failed send is CONNECTION_LOST on error, never a throw; off() removes a listener', async () => {
    const { session, transport, seen, connect } = setup();
    await connect();
    const listener = vi.fn();
    session.on('message', listener);
    session.off('message', listener);
    transport.sendMessage({ content: 'not heard' });
    expect(listener).not.toHaveBeenCalled();
    transport.sendText = () => Promise.reject(new Error('data channel closed'));
    await expect(session.sendText('hello')).resolves.toBeUndefined();
    expect(errorsOf(seen)).toEqual(['CONNECTION_LOST']);
  });

  it('no microphone in text mode or with microphone: false', async () => {
    const text = setup();
    await text.connect({ inputMode: 'text' });
    expect(text.transport.microphoneEnabled).toBe(false);
    const muted = setup();
    await muted.connect({ microphone: false });
    expect(muted.transport.microphoneEnabled).toBe(false);
    const voice = setup();
    await voice.connect();
    expect(voice.transport.microphoneEnabled).toBe(true);
  });

  it('answers svc__ui_activity_check by itself', async () => {
    const { transport, connect } = setup();
    await connect();
    expect(await transport.callRpc('svc__ui_activity_check', {})).toEqual({
      active: false,
      visible: true,
      last_activity_at: null,
    });
  });

  it('composer dictation through the agent RPCs and dictation:transcript', async () => {
    const { session, transport, seen, connect } = setup();
    transport.answerAgentRpc('composer_start_dictation', () => ({ dictation_id: 'd1' }));
    transport.answerAgentRpc('composer_end_dictation', () => ({
      dictation_id: 'd1',
      text: 'two pairs',
    }));
    transport.answerAgentRpc('composer_cancel_dictation', () => ({
      dictation_id: 'd1',
      cancelled: true,
    }));
    expect(await session.startDictation()).toBeNull(); // not connected yet
    await connect();
    expect(await session.startDictation('fr-FR')).toBe('d1');
    transport.publish('dictation:transcript', {
      dictation_id: 'd1',
      text: 'two',
      is_final: false,
      timestamp: 1,
    });
    expect(seen.dictation).toEqual([
      [{ dictation_id: 'd1', text: 'two', is_final: false, timestamp: 1 }],
    ]);
    expect(await session.endDictation('d1')).toBe('two pairs');
    expect(await session.cancelDictation('d1')).toBe(true);
  });
});

describe('tools', () => {
  it('runs a session tool with its context and answers OK', async () => {
    const { transport, connect } = setup();
    const handler = vi.fn((args: Record<string, unknown>, _context: ToolHandlerContext) => ({
      added: args.id,
    }));
    await connect({ tools: { cart_add: handler } });
    const answer = await transport.callRpc('cart_add', {
      requestId: 'r1',
      tool: 'add_to_cart',
      args: { id: 3 },
    });
    expect(answer).toEqual({ requestId: 'r1', code: 'OK', data: { added: 3 } });
    const context = handler.mock.calls[0]![1];
    expect(context).toMatchObject({
      toolName: 'add_to_cart',
      settings: { max: 3 },
      collections: [{ id: 7, name: 'Shoes', description: '', company_id: 1 }],
    });
    expect(context.signal.aborted).toBe(false);
  });

  it('a throw answers ERROR with the message; an invalid request answers ERROR', async () => {
    const { transport, connect } = setup();
    await connect({
      tools: {
        cart_add: () => {
          throw new Error('out of stock');
        },
      },
    });
    expect(await transport.callRpc('cart_add', { requestId: 'r1' })).toEqual({
      requestId: 'r1',
      code: 'ERROR',
      data: 'out of stock',
    });
    expect(await transport.callRpc('cart_add', { args: {} })).toMatchObject({
      code: 'ERROR',
      data: expect.stringContaining('requestId'),
    });
  });

  it('past rpc_timeout_s: TIMEOUT, the signal aborted, TOOL_TIMEOUT emitted', async () => {
    const { transport, seen, connect } = setup();
    let signal: AbortSignal | undefined;
    await connect({
      tools: {
        slow_tool: (_, context) => {
          signal = context.signal;
          return new Promise(() => {});
        },
      },
    });
    const answer = await transport.callRpc('slow_tool', { requestId: 'r2' });
    expect(answer).toMatchObject({ requestId: 'r2', code: 'TIMEOUT' });
    expect(signal?.aborted).toBe(true);
    expect(errorsOf(seen)).toEqual(['TOOL_TIMEOUT']);
  });

  it('session end aborts handlers in flight: CANCELLED', async () => {
    const { session, transport, connect } = setup();
    let signal: AbortSignal | undefined;
    await connect({
      tools: {
        cart_add: (_, context) => {
          signal = context.signal;
          return new Promise(() => {});
        },
      },
    });
    const pending = transport.callRpc('cart_add', { requestId: 'r3' });
    await vi.waitFor(() => expect(signal).toBeDefined());
    await session.end();
    expect(await pending).toEqual({ requestId: 'r3', code: 'CANCELLED', data: null });
    expect(signal?.aborted).toBe(true);
  });

  it('an answer over the RPC payload limit becomes a clear ERROR', async () => {
    const { transport, connect } = setup();
    await connect({ tools: { cart_add: () => 'x'.repeat(20_000) } });
    const answer = await transport.callRpc('cart_add', { requestId: 'r4' });
    expect(answer).toEqual({
      requestId: 'r4',
      code: 'ERROR',
      data: expect.stringMatching(/over the 15360-byte RPC limit/),
    });
  });

  it('feature tools run through the registered runner; a method in both patterns is a TypeError', async () => {
    const { session, transport, connect } = setup();
    const run = vi.fn(async () => ({ code: 'SUCCESS', data: { count: 2 } }));
    session.registerFeatureTools({ toolNames: ['add_to_cart'], run });
    await expect(
      session.start({ scenario: 'pub-1', tools: { add_to_cart: () => 1 } }),
    ).rejects.toBeInstanceOf(TypeError);
    await connect();
    expect(await transport.callRpc('cart_add', { requestId: 'r5', args: { id: 1 } })).toEqual({
      requestId: 'r5',
      code: 'SUCCESS',
      data: { count: 2 },
    });
    expect(run).toHaveBeenCalledWith(
      'add_to_cart',
      'r5',
      { id: 1 },
      expect.objectContaining({ toolName: 'add_to_cart' }),
    );
  });
});

describe('feature tools registered after config', () => {
  it("a runtime built from the conversation's own config answers its tools from then on", async () => {
    const { session, transport, connect } = setup();
    await connect();
    // The page learns its features from this config, then registers their tools.
    const run = vi.fn(async () => ({ code: 'SUCCESS', data: { shown: true } }));
    session.registerFeatureTools({ toolNames: ['add_to_cart'], run });
    expect(await transport.callRpc('cart_add', { requestId: 'r6', args: { id: 3 } })).toEqual({
      requestId: 'r6',
      code: 'SUCCESS',
      data: { shown: true },
    });
    // A runtime registered again (a new registry) answers through the new runner.
    const again = vi.fn(async () => ({ code: 'SUCCESS', data: { again: true } }));
    session.registerFeatureTools({ toolNames: ['add_to_cart'], run: again });
    expect(await transport.callRpc('cart_add', { requestId: 'r7' })).toEqual({
      requestId: 'r7',
      code: 'SUCCESS',
      data: { again: true },
    });
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('state for UI bindings', () => {
  it('getSnapshot changes identity only on change; subscribe is told; destroy releases all', async () => {
    const { session, transport, connect } = setup();
    const calls: number[] = [];
    session.subscribe(() => calls.push(1));
    const before = session.getSnapshot();
    expect(session.getSnapshot()).toBe(before);
    await connect();
    expect(session.getSnapshot()).not.toBe(before);
    expect(Object.isFrozen(session.getSnapshot())).toBe(true);
    expect(calls.length).toBeGreaterThan(0);
    const count = calls.length;
    session.destroy();
    await vi.waitFor(() => expect(transport.connectedWith).toBeNull());
    transport.sendMessage({ content: 'after destroy' });
    expect(calls.length).toBe(count);
  });
});

describe('the curated config in the session’s language', () => {
  const localized = () =>
    fakeConfig({
      features: [
        {
          name: { en: 'Cart', fr: 'Panier', es: 'Carrito', de: 'Warenkorb' },
          type: 'bucket:list:crud',
          settings: {},
          tools: [],
        },
      ],
    });

  it('names the features in the language start() asked for when the room does not say, keeping the raw names', async () => {
    const { session, transport } = setup();
    await session.start({ scenario: 'pub-1', language: 'fr-CA' });
    expect(api.requests.at(-1)?.body).toMatchObject({ language: 'fr-CA' });
    transport.agentJoin('listening');
    transport.publish('config', localized());
    expect(session.config?.language).toBe('fr-CA');
    expect(session.config?.features[0]?.displayName).toBe('Panier');
    expect(session.config?.features[0]?.name).toEqual(localized().features[0]?.name);
    expect(session.rawConfig).toEqual(localized());
  });

  it('takes the language the API gave the session (the room’s metadata) first', async () => {
    const { session, transport } = setup();
    // A LiveKit Room carries the metadata the API wrote when it opened the room: the served tag.
    (transport as unknown as { engine: unknown }).engine = {
      metadata: JSON.stringify({ conversation_id: 'c-1', language: 'de-DE' }),
    };
    await session.start({ scenario: 'pub-1', language: 'de' });
    transport.agentJoin('listening');
    transport.publish('config', localized());
    expect(session.config?.language).toBe('de-DE');
    expect(session.config?.features[0]?.displayName).toBe('Warenkorb');
  });

  it('knowing no language, names the features in English', async () => {
    const { session, connect } = setup();
    await connect({}, localized());
    expect(session.config?.language).toBeNull();
    expect(session.config?.features[0]?.displayName).toBe('Cart');
  });
});

describe('the bounds of a public conversation', () => {
  it('start() with externalIdSignature sends signature and expires_at on identify, again on a re-identify, and never stores them', async () => {
    const storage = new TestStorage();
    const { session, connect } = setup(storage);
    // Tokens the client counts as expired at once (inside its 90 s margin): every use of the
    // cached identity identifies again, silently.
    api.answer('/v1/public/token', () => ({
      status: 200,
      body: {
        user_token: visitorToken({ userId: 20, lifetimeSeconds: 60 }),
        user_id: 20,
        application_id: 2,
        expires_in: 60,
      },
    }));
    const signed = { signature: 'c2lnbmVkLWJ5LXRoZS1iYWNrZW5k', expiresAt: 1_900_000_000 };
    await connect({ externalId: 'customer-7', externalIdSignature: signed });
    await session.end();
    // A later start of the same page names no visitor: the client reuses the stored one.
    await session.start({ scenario: 'pub-1' });

    const identifies = api.requests.filter((request) => request.path === '/v1/public/token');
    // Each start identifies, then its session start finds that token expired and identifies again.
    expect(identifies).toHaveLength(4);
    for (const request of identifies) {
      expect(request.body).toEqual({
        scenario_uuid: 'pub-1',
        external_id: 'customer-7',
        signature: signed.signature,
        expires_at: signed.expiresAt,
      });
    }
    expect(storage.items.size).toBeGreaterThan(0);
    for (const [key, value] of storage.items) {
      expect(`${key}=${value}`).not.toContain(signed.signature);
      expect(`${key}=${value}`).not.toContain(String(signed.expiresAt));
    }
  });

  it('an event:fire svc.message_refused from the agent is a MESSAGE_REFUSED error; the conversation goes on', async () => {
    const { session, transport, seen, connect } = setup();
    await connect();
    const refusal: MessageRefusal = {
      topic: 'rt.chat',
      reason: 'rate_limited',
      retry_after_ms: 2500,
    };
    transport.publish('event:fire', {
      name: 'svc.message_refused',
      data: refusal,
      timestamp: Date.now(),
    });
    // Another event on the same topic is not a refusal.
    transport.publish('event:fire', { name: 'svc.other', data: {}, timestamp: Date.now() });

    expect(seen.error).toHaveLength(1);
    const [error] = seen.error![0]!;
    expect(error).toBeInstanceOf(SvcError);
    expect(error.code).toBe('MESSAGE_REFUSED');
    expect(error.message).toContain('rt.chat');
    expect(error.message).toContain('rate_limited');
    expect(error.cause).toEqual(refusal);
    expect(session.error).toBe(error);
    expect(session.status).toBe('connected');
    expect(seen['session-end']).toBeUndefined();
    await session.sendText('Sent again, a moment later');
    expect(transport.sentOn('rt.chat')).toEqual([{ message: 'Sent again, a moment later' }]);
    transport.sendMessage({ content: 'Here it is.' });
    expect(session.messages.map((message) => message.content)).toEqual(['Here it is.']);
  });

  it.each(['max_duration', 'idle_timeout'])(
    'session:end with reason %s ends the session with that reason, though the agent then leaves',
    async (reason) => {
      const { session, transport, seen, connect } = setup();
      await connect();
      // At a limit the agent says its goodbye, sends its end, then leaves and closes the room.
      transport.publish('session:end', { reason, ended_at: '2026-11-28T10:30:00.000Z' });
      transport.agentLeave();
      transport.setConnectionState('disconnected', 'ROOM_DELETED');
      await vi.waitFor(() => expect(session.status).toBe('ended'));
      expect(seen['session-end']).toEqual([[{ reason, endedAt: '2026-11-28T10:30:00.000Z' }]]);
      expect(seen.error).toBeUndefined();
      expect(transport.connectedWith).toBeNull();
    },
  );
});
