// Starts the agent worker: it registers with the Transport under its agent name and runs one job
// process per conversation. Stops cleanly on SIGINT/SIGTERM: running conversations end with
// `agent_shutdown` (the visitor is told, messages are stored).
import { fileURLToPath } from 'node:url';
import { AgentServer, initializeLogger, ServerOptions } from '@livekit/agents';
import { readAgentEnv } from './env.js';

let env;
try {
  env = readAgentEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
initializeLogger({ pretty: false, level: env.logLevel });
const server = new AgentServer(
  new ServerOptions({
    agent: fileURLToPath(
      new URL(`./agent${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
    ),
    agentName: env.agentName,
    wsURL: env.livekitUrl,
    apiKey: env.livekitApiKey,
    apiSecret: env.livekitApiSecret,
    production: true,
    port: env.healthPort,
    host: '127.0.0.1',
    numIdleProcesses: env.idleProcesses,
    // A new job process loads the agent and, with the embedded stack, its LLM: on a loaded
    // machine that takes longer than the framework's 10 s.
    initializeProcessTimeout: 60_000,
    // Load is the share of the worker's conversation slots in use, so a browser or a build on the
    // same machine cannot make the worker refuse conversations; with SVC_AGENT_MAX_CONVERSATIONS=0
    // it is the framework's CPU measure, and the worker is full near saturation instead of at 70 %.
    ...(env.maxConversations > 0
      ? {
          loadFunc: (worker: AgentServer) =>
            Promise.resolve(worker.activeJobs.length / env.maxConversations),
          loadThreshold: 1,
        }
      : { loadThreshold: env.loadThreshold }),
    logLevel: env.logLevel,
  }),
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server
      .drain(10_000)
      .catch(() => undefined)
      .then(() => server.close())
      .finally(() => process.exit(0));
  });
}
await server.run();
