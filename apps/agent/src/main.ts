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
    // The embedded stack keeps the CPU busy by design; the worker keeps taking jobs until it is
    // nearly saturated instead of the framework's 70 %.
    loadThreshold: env.loadThreshold,
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
