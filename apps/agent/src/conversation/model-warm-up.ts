import { log as agentsLog, voice, type llm } from '@livekit/agents';
import type { WarmableLLM } from '../model-host/host.js';

/** The LLM's warm-up, when it has one (the embedded model, in process or in the model host). */
function warmerOf(model: llm.LLM): WarmableLLM['warm'] {
  const warm = (model as WarmableLLM).warm;
  return typeof warm === 'function' ? warm.bind(model) : undefined;
}

/**
 * Has the embedded LLM evaluate the instructions and tool descriptions while the greeting plays:
 * on two cores they take seconds, which the first turn would otherwise wait for. The warm-up
 * prompt is the agent's context as the framework will send it, so the prefixes match.
 */
export function warmModel(model: llm.LLM, agent: voice.Agent, then?: () => Promise<void>): void {
  const warm = warmerOf(model);
  if (!warm) return;
  // Once the session started, the agent's context holds the instructions (the framework adds
  // them on start). What comes `then` (the router's choice of a request) waits for them: two
  // evaluations at once would share the two cores, and the first turn needs the prompt first.
  void warm({ chatCtx: agent.chatCtx.copy(), toolCtx: agent.toolCtx })
    .then(then)
    .catch((error: unknown) => agentsLog().warn({ err: error }, 'warming the LLM failed'));
}

/**
 * Keeps a conversation evaluated between its turns. Most turns are the router's, which the model
 * never sees, so without this the next turn the model answers first evaluates everything since its
 * last one (hundreds of tokens, 80-90 a second on two cores) before the visitor's new words. A new
 * turn waits for a warm-up still running (it evaluates what that turn needs).
 *
 * When the visitor types, the context is evaluated once the agent has answered, while they read
 * and type: their words, the tool calls and results, the reply. When they speak, the recognizer
 * needs the cores from their first word: a warm-up after the answer shared them with it and
 * delayed the final transcript by 0.12 s at p50 (the spoken evaluation's English held-out voices).
 * So it runs when the agent starts speaking, while the visitor listens, and stops as soon as the
 * visitor speaks; it then holds everything but the reply being spoken.
 *
 * Either way, once the framework adds the reply to the context (after the words were sent, or
 * spoken to the end), the warm-up runs again unless the visitor is speaking already: without it,
 * each turn the model answered evaluated the last reply (some 25 tokens, half a second) with the
 * visitor's new words; a visitor who types with the microphone on has no other warm-up after the
 * reply. Evaluating a reply takes about half a second, and stops when the visitor speaks.
 */
export function warmBetweenTurns(
  model: llm.LLM,
  agent: voice.Agent,
  session: voice.AgentSession,
): void {
  const warm = warmerOf(model);
  if (!warm) return;
  let running: AbortController | undefined;
  const stop = () => running?.abort();
  const start = () => {
    stop();
    const controller = new AbortController();
    running = controller;
    void warm({ chatCtx: agent.chatCtx.copy(), toolCtx: agent.toolCtx, signal: controller.signal })
      .catch((error: unknown) => agentsLog().warn({ err: error }, 'warming the LLM failed'))
      .finally(() => {
        if (running === controller) running = undefined;
      });
  };
  session.on(voice.AgentSessionEventTypes.AgentStateChanged, (event) => {
    if (event.oldState === 'initializing') return;
    // Read at each turn: the page can switch the microphone on or off (session:control).
    const spoken = session.input.audioEnabled;
    if (event.newState === (spoken ? 'speaking' : 'listening')) start();
  });
  session.on(voice.AgentSessionEventTypes.ConversationItemAdded, (event) => {
    const item = event.item;
    if (item.type !== 'message' || item.role !== 'assistant') return;
    if (session.userState !== 'speaking') start();
  });
  session.on(voice.AgentSessionEventTypes.UserStateChanged, (event) => {
    if (event.newState === 'speaking') stop();
  });
  session.on(voice.AgentSessionEventTypes.Close, stop);
}
