// The job entry the worker runs in each job process: one conversation per room.
import { defineAgent, type JobContext, type JobProcess, type VAD } from '@livekit/agents';
import * as silero from '@livekit/agents-plugin-silero';
import { runConversation } from './conversation.js';
import { enginesFor, sharedEmbeddedLlm, type ProviderEnv } from './providers.js';

export default defineAgent({
  // Idle job processes load the models before a conversation needs them.
  prewarm: async (proc: JobProcess) => {
    // 0.35 s of silence ends speech (default 0.55 s): the endpointing delay adds the rest.
    proc.userData.vad = await silero.VAD.load({ minSilenceDuration: 350 });
    if (process.env.SVC_AGENT_PREWARM_LLM !== '0') {
      await sharedEmbeddedLlm()
        .load()
        .catch(() => undefined);
    }
  },
  entry: async (ctx: JobContext) => {
    const apiUrl = process.env.SVC_API_URL;
    const agentKey = process.env.SVC_AGENT_KEY;
    if (!apiUrl || !agentKey) throw new Error('the agent needs SVC_API_URL and SVC_AGENT_KEY');
    const vad = ctx.proc.userData.vad as VAD | undefined;
    await runConversation(ctx, {
      apiUrl,
      agentKey,
      engines: async (runtime, modes) =>
        enginesFor(runtime, modes, process.env as ProviderEnv, vad),
    });
  },
});
