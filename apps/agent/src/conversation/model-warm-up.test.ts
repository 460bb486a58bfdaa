// A conversation's context is evaluated between turns, one warm-up at a time, stopped when the
// session closes: typed, after each answer; spoken, while the agent speaks, until the visitor
// speaks.
import { EventEmitter } from 'node:events';
import { llm, voice } from '@livekit/agents';
import { describe, expect, it } from 'vitest';
import type { WarmRequest } from '@svc/agents-plugin-embedded';
import { warmBetweenTurns } from './model-warm-up.js';

/** An LLM whose warm-ups are recorded and run until stopped. */
class RecordingLLM extends llm.LLM {
  readonly warmed: WarmRequest[] = [];
  override label(): string {
    return 'recording';
  }
  chat(): llm.LLMStream {
    throw new Error('not asked for a turn here');
  }
  warm(request: WarmRequest): Promise<void> {
    this.warmed.push(request);
    return new Promise((resolve) => request.signal?.addEventListener('abort', () => resolve()));
  }
}

function conversation({ spoken = false } = {}) {
  const model = new RecordingLLM();
  const input = { audioEnabled: spoken };
  const session = Object.assign(new EventEmitter(), {
    input,
    userState: 'listening',
  }) as unknown as voice.AgentSession;
  const chatCtx = llm.ChatContext.empty();
  chatCtx.addMessage({ role: 'system', content: 'You sell tents.' });
  const agent = { chatCtx, toolCtx: {} } as unknown as voice.Agent;
  warmBetweenTurns(model, agent, session);
  const emit = (event: string, payload: object) =>
    (session as unknown as EventEmitter).emit(event, payload);
  const agentState = (oldState: string, newState: string) =>
    emit(voice.AgentSessionEventTypes.AgentStateChanged, { oldState, newState });
  const userState = (newState: string) =>
    emit(voice.AgentSessionEventTypes.UserStateChanged, { oldState: 'listening', newState });
  return {
    model,
    chatCtx,
    input,
    emit,
    agentState,
    userState,
    session: session as { userState: string },
  };
}

describe('warmBetweenTurns', () => {
  it('warms the context as it is after each answer, one warm-up at a time', () => {
    const { model, chatCtx, agentState } = conversation();
    agentState('initializing', 'listening');
    expect(model.warmed).toHaveLength(0);
    agentState('thinking', 'speaking');
    expect(model.warmed).toHaveLength(0);

    chatCtx.addMessage({ role: 'user', content: 'Do you have tents?' });
    chatCtx.addMessage({ role: 'assistant', content: 'Here are five tents.' });
    agentState('speaking', 'listening');
    expect(model.warmed).toHaveLength(1);
    const first = model.warmed[0];
    expect(first?.chatCtx.items.map((item) => item.type === 'message' && item.textContent)).toEqual(
      ['You sell tents.', 'Do you have tents?', 'Here are five tents.'],
    );
    // The next answer's warm-up replaces one still running.
    agentState('speaking', 'listening');
    expect(first?.signal?.aborted).toBe(true);
    expect(model.warmed[1]?.signal?.aborted).toBe(false);
  });

  it('typed, warms again once the reply is added after the agent went back to listening', () => {
    const { model, chatCtx, agentState, emit } = conversation();
    chatCtx.addMessage({ role: 'user', content: 'Do you have tents?' });
    // The framework marks the agent listening, then adds the reply to the context.
    agentState('speaking', 'listening');
    const reply = chatCtx.addMessage({ role: 'assistant', content: 'Here are five tents.' });
    emit(voice.AgentSessionEventTypes.ConversationItemAdded, { item: reply });
    expect(model.warmed).toHaveLength(2);
    expect(model.warmed[0]?.signal?.aborted).toBe(true);
    const last = model.warmed[1];
    expect(last?.chatCtx.items.map((item) => item.type === 'message' && item.textContent)).toEqual([
      'You sell tents.',
      'Do you have tents?',
      'Here are five tents.',
    ]);
    // The visitor's own words added are no reason to warm.
    const words = chatCtx.addMessage({ role: 'user', content: 'And stoves?' });
    emit(voice.AgentSessionEventTypes.ConversationItemAdded, { item: words });
    expect(model.warmed).toHaveLength(2);
  });

  it('spoken, warms with the reply once it is added, unless the visitor is speaking', () => {
    const { model, chatCtx, agentState, userState, emit, session } = conversation({ spoken: true });
    chatCtx.addMessage({ role: 'user', content: 'Do you have tents?' });
    agentState('thinking', 'speaking');
    const reply = chatCtx.addMessage({ role: 'assistant', content: 'Here are five tents.' });
    emit(voice.AgentSessionEventTypes.ConversationItemAdded, { item: reply });
    expect(model.warmed).toHaveLength(2);
    expect(model.warmed[1]?.chatCtx.items).toHaveLength(3);
    // The visitor spoke: the warm-up stops, and a reply added now starts none.
    userState('speaking');
    session.userState = 'speaking';
    expect(model.warmed[1]?.signal?.aborted).toBe(true);
    const next = chatCtx.addMessage({ role: 'assistant', content: 'Anything else?' });
    emit(voice.AgentSessionEventTypes.ConversationItemAdded, { item: next });
    expect(model.warmed).toHaveLength(2);
  });

  it('stops a warm-up when the session closes', () => {
    const typed = conversation();
    typed.agentState('speaking', 'listening');
    expect(typed.model.warmed[0]?.signal?.aborted).toBe(false);
    typed.emit(voice.AgentSessionEventTypes.Close, { reason: 'user_initiated' });
    expect(typed.model.warmed[0]?.signal?.aborted).toBe(true);
  });

  it('spoken, warms when the agent starts speaking and stops when the visitor speaks', () => {
    const { model, chatCtx, agentState, userState } = conversation({ spoken: true });
    chatCtx.addMessage({ role: 'user', content: 'Do you have tents?' });
    // Back to listening is when the visitor may speak: no warm-up then.
    agentState('speaking', 'listening');
    expect(model.warmed).toHaveLength(0);
    agentState('thinking', 'speaking');
    expect(model.warmed).toHaveLength(1);
    const first = model.warmed[0];
    expect(first?.chatCtx.items.map((item) => item.type === 'message' && item.textContent)).toEqual(
      ['You sell tents.', 'Do you have tents?'],
    );
    // Still running once the agent listens again, until the visitor speaks.
    agentState('speaking', 'listening');
    expect(first?.signal?.aborted).toBe(false);
    userState('speaking');
    expect(first?.signal?.aborted).toBe(true);
  });

  it('follows the microphone when the page switches it during the conversation', () => {
    const { model, input, agentState } = conversation({ spoken: true });
    input.audioEnabled = false;
    agentState('thinking', 'speaking');
    expect(model.warmed).toHaveLength(0);
    agentState('speaking', 'listening');
    expect(model.warmed).toHaveLength(1);
    input.audioEnabled = true;
    agentState('thinking', 'speaking');
    expect(model.warmed).toHaveLength(2);
    expect(model.warmed[0]?.signal?.aborted).toBe(true);
  });
});
