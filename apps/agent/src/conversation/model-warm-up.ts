import { log as agentsLog, type llm, type voice } from '@livekit/agents';

/** An LLM that can evaluate a prompt ahead of the first turn (the embedded one). */
interface WarmableLLM {
  warm(options: { chatCtx: llm.ChatContext; toolCtx?: llm.ToolContext }): Promise<void>;
}

/**
 * Has the embedded LLM evaluate the instructions and tool descriptions while the greeting plays:
 * on two cores they take seconds, which the first turn would otherwise wait for. The warm-up
 * prompt is the agent's context as the framework will send it, so the prefixes match.
 */
export function warmModel(model: llm.LLM, agent: voice.Agent, then?: () => Promise<void>): void {
  const warmable = model as unknown as Partial<WarmableLLM>;
  if (typeof warmable.warm !== 'function') return;
  // Once the session started, the agent's context holds the instructions (the framework adds
  // them on start). What comes `then` (the router's choice of a request) waits for them: two
  // evaluations at once would share the two cores, and the first turn needs the prompt first.
  void warmable
    .warm({ chatCtx: agent.chatCtx.copy(), toolCtx: agent.toolCtx })
    .then(then)
    .catch((error: unknown) => agentsLog().warn({ err: error }, 'warming the LLM failed'));
}
