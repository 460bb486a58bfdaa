// A job process's first reply is the first time it runs the framework's reply pipeline (the
// session's scheduling, a generation, a tool call and its output, the chat context): V8 compiles
// all of it then, and that first turn of a conversation took 250-420 ms against 60-85 ms for the
// ones after it. An idle process runs one scripted turn through the same pipeline before any
// conversation arrives: in process, with no room, no model and no network.
import { llm, voice } from '@livekit/agents';

/** The framework's scripted LLM: a tool call for the question, a sentence for the tool output. */
class WarmUpLLM extends voice.testing.FakeLLM {
  override lookup(input: string): voice.testing.FakeLLMResponse | undefined {
    const base = { input, type: 'llm' as const, ttft: 0, duration: 0 };
    if (input === 'do you have tents') {
      return { ...base, toolCalls: [{ name: 'search_products', args: { query: 'tents' } }] };
    }
    if (input.includes('"found"')) return { ...base, content: 'Here are our tents.' };
    return undefined;
  }
}

/**
 * Runs one typed turn with a tool call through an in-process `AgentSession`. Resolves with
 * whether the turn was answered after its tool ran; never rejects (a warm-up never stops the
 * process from serving).
 */
export async function warmUpReplyPipeline(): Promise<boolean> {
  let toolRan = false;
  const agent = new voice.Agent({
    instructions: 'You help visitors of a shop.',
    tools: [
      llm.tool({
        name: 'search_products',
        description: 'Searches the catalogue.',
        parameters: {
          type: 'object',
          properties: { query: { type: 'string' } },
          required: ['query'],
        } as never,
        execute: async (args: Record<string, unknown>) => {
          toolRan = true;
          return { found: [String(args.query)] };
        },
      }),
    ],
  });
  const session = new voice.AgentSession({ llm: new WarmUpLLM() });
  try {
    await session.start({ agent });
    await session.run({ userInput: 'do you have tents' }).wait();
    const answered = session.history.items.some(
      (item) => item.type === 'message' && item.role === 'assistant',
    );
    return toolRan && answered;
  } catch {
    // Nothing depends on it but the first turn's speed.
    return false;
  } finally {
    await session.close().catch(() => undefined);
  }
}
