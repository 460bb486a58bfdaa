// The job entry the worker runs in each job process: one conversation per room.
import { writeFileSync } from 'node:fs';
import { defineAgent, type JobContext, type JobProcess, type VAD } from '@livekit/agents';
import { conversationEnded, runConversation } from './conversation.js';
import { quietFrameworkLog } from './framework-log.js';
import { warmUpReplyPipeline } from './warm-up.js';
import { acknowledging } from './model-host/acknowledgement.js';
import { enginesFor, sharedEmbeddedLlm, type ProviderEnv } from './providers.js';
import { loadVad } from './turn/index.js';

/** The voice activity detector, loaded when a conversation first listens (see `loadVad`). */
let vadLoading: Promise<VAD> | undefined;
function vad(): Promise<VAD> {
  vadLoading ??= loadVad();
  return vadLoading;
}

/** Creates the worker's ready file (`SVC_AGENT_READY_FILE`), if it has one; never throws. */
function announceReady(file: string | undefined): void {
  if (!file) return;
  try {
    writeFileSync(file, `${process.pid}\n`);
  } catch (error) {
    console.error(`the agent could not write its ready file: ${(error as Error).message}`);
  }
}

export default defineAgent({
  // Without a model host, idle job processes load the embedded LLM before a conversation needs
  // it; with one (the worker's default) the model is already loaded and warm there.
  prewarm: async (_proc: JobProcess) => {
    quietFrameworkLog();
    if (process.env.SVC_AGENT_PREWARM_LLM !== '0' && !process.env.SVC_LLM_HOST_SOCKET) {
      await sharedEmbeddedLlm()
        .load()
        .catch(() => undefined);
    }
    // A conversation dispatched to the worker from here on finds this process loaded: a
    // supervisor's readiness probe (and a test) waits for the file rather than for the worker's
    // registration, which comes first, seconds earlier on a loaded machine.
    announceReady(process.env.SVC_AGENT_READY_FILE);
    // After the process is counted ready: it is idle until a visitor comes, and a visitor who
    // comes at once is served beside it.
    void warmUpReplyPipeline();
  },
  entry: async (ctx: JobContext) => {
    // The job's own logger (the framework made it for this job) drops the same noise.
    quietFrameworkLog();
    const apiUrl = process.env.SVC_API_URL;
    const agentKey = process.env.SVC_AGENT_KEY;
    if (!apiUrl || !agentKey) throw new Error('the agent needs SVC_API_URL and SVC_AGENT_KEY');
    await runConversation(ctx, {
      apiUrl,
      agentKey,
      engines: async (runtime, modes) => {
        const engines = enginesFor(
          runtime,
          modes,
          process.env as ProviderEnv,
          modes.audioIn ? await vad() : undefined,
        );
        // Spoken, the embedded model's slow turns start with a short acknowledgement.
        return modes.audioOut && engines.llm === sharedEmbeddedLlm()
          ? { ...engines, llm: acknowledging(engines.llm, runtime.conversation.language) }
          : engines;
      },
    });
  },
  // The framework closes the session, runs this, then leaves the room. A worker stopping closes
  // the session without us; the agent then ends the conversation (`agent_shutdown`), and waiting
  // here keeps the room until the visitor has been told and everything is stored, on every Node
  // version rather than whenever the publish happens to get out first.
  onSessionEnd: (ctx: JobContext) => conversationEnded(ctx),
});
