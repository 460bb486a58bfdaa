// Starts the agent worker: it registers with the Transport under its agent name and runs one job
// process per conversation. Stops cleanly on SIGINT/SIGTERM: running conversations end with
// `agent_shutdown` (the visitor is told, messages are stored).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AgentServer, InferenceRunner, initializeLogger, ServerOptions } from '@livekit/agents';
import { acceptedJobs } from './accepted-jobs.js';
import { cpuMeter, reportedLoad, TRANSPORT_TARGET_LOAD } from './capacity.js';
import { reportCapabilities, workerCapabilities } from './capabilities.js';
import { readAgentEnv } from './env.js';
import { startModelHost, type ModelHost } from './model-host/start-host.js';

let env;
try {
  env = readAgentEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
initializeLogger({ pretty: false, level: env.logLevel });
// A ready file left by an earlier run would say this one is ready before any job process is.
if (env.readyFile) rmSync(env.readyFile, { force: true });
const cpu = cpuMeter();
// The framework watches every job process's event loop from a second thread, ticking every 20 ms:
// with dozens of conversations on two cores those wake-ups are a share of the machine. Off unless
// the operator sets a threshold (the job processes inherit this environment).
process.env.LIVEKIT_AGENTS_LOOP_BLOCK_WARN_MS ??= '0';
// One copy of the embedded LLM for the whole worker, loaded and warmed before the first
// conversation: job processes reach it through the socket named in their environment.
let modelHost: ModelHost | undefined;
if (process.env.SVC_LLM_HOST !== 'off' && !process.env.SVC_LLM_HOST_SOCKET) {
  try {
    modelHost = await startModelHost();
    process.env.SVC_LLM_HOST_SOCKET = modelHost.socketPath;
    console.error(`model host ready (${modelHost.model})`);
  } catch (error) {
    // Scenarios on hosted LLMs still work; an embedded one will load in its job process.
    console.error(`the embedded LLM's model host did not start: ${(error as Error).message}`);
  }
}
process.on('exit', () => modelHost?.stop());
// The framework starts an inference process for its audio end-of-turn model on every worker
// (about 350 MiB and a second of CPU at start); turns here end on the VAD and the recognizer.
// The method is marked as taken, without an enumerable runner, so the framework neither
// registers nor starts it.
Object.defineProperty(InferenceRunner.registeredRunners, 'lk_eot_audio', {
  value: 'not used: turns end on the VAD',
  enumerable: false,
});
// Defined before the server it watches: its functions run only once the server exists.
const jobs = acceptedJobs(() => server.activeJobs.map((running) => running.job.id));
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
    // How long a stop waits for a job process to acknowledge it and, once its conversation has
    // ended (onSessionEnd, bounded by the framework's own 5-minute limit), to leave: then it is
    // killed. A process still loading when the stop comes never hears the request (it is sent
    // before the process listens for anything but its set-up), so this wait is what a stop costs
    // whenever a fresh idle process is starting, as one is after every conversation begins. The
    // framework's 60 s made the worker outlast a service manager's stop timeout; 10 s is the
    // Python framework's default and ample for a process that did hear it.
    shutdownProcessTimeout: 10_000,
    // Load is the share of the worker's conversation slots in use, so a browser or a build on the
    // same machine cannot make the worker refuse conversations; with SVC_AGENT_MAX_CONVERSATIONS=0
    // it is the machine's CPU over SVC_AGENT_LOAD_THRESHOLD. Either way it is reported on the
    // Transport's scale: livekit-server stops dispatching at its target load (0.7), so a share
    // reported as is would leave 30 % of the slots unused.
    loadFunc: (worker: AgentServer) =>
      Promise.resolve(
        reportedLoad(
          env.maxConversations > 0
            ? worker.activeJobs.length / env.maxConversations
            : cpu() / env.loadThreshold,
        ),
      ),
    loadThreshold: TRANSPORT_TARGET_LOAD,
    requestFunc: (job) => jobs.request(job),
    logLevel: env.logLevel,
  }),
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    jobs.stop();
    // A job accepted just before the stop runs first, so that it hears the stop; the drain alone
    // would leave without it (src/accepted-jobs.ts).
    void jobs
      .started(15_000)
      .then(() => server.drain(10_000))
      .catch(() => undefined)
      .then(() => server.close())
      .finally(() => process.exit(0));
  });
}
// What this worker can serve goes to the API, which then refuses to publish a scenario that no
// worker could serve; the worker runs whether or not the API is up yet.
void reportCapabilities({
  apiUrl: env.apiUrl,
  agentKey: env.agentKey,
  capabilities: workerCapabilities(process.env, env.agentName),
  onFailure: (reason) =>
    console.error(`the agent could not report its capabilities to the API: ${reason}`),
});
// A new publication's first conversation would evaluate the scenario's prompt on its first turn
// (seconds): the model host evaluates it, while no conversation runs, and keeps it on disk.
// Loaded only then: the router and the tools it builds prompts with weigh on every worker's start.
if (modelHost && process.env.SVC_AGENT_PREPARE_PUBLICATIONS !== 'off') {
  const [{ RemoteLLM }, { startPublicationWarmer }, { watchLoad, OTHERS_BUSY_CORES }] =
    await Promise.all([
      import('./model-host/remote-llm.js'),
      import('./publication-warmer.js'),
      import('./machine-load.js'),
    ]);
  const host = new RemoteLLM(modelHost.socketPath);
  // The machine may hold more than this worker (another worker, the API, a build): preparing
  // waits for its cores too, not only for this worker's conversations.
  const hostPid = modelHost.process.pid;
  const load = watchLoad(() => (hostPid === undefined ? [] : [hostPid]));
  const warmer = startPublicationWarmer({
    apiUrl: env.apiUrl,
    agentKey: env.agentKey,
    model: () => host,
    busy: () => server.activeJobs.length > 0 || load.othersCores() > OTHERS_BUSY_CORES,
  });
  process.on('exit', () => {
    warmer.stop();
    load.stop();
  });
}
await server.run();
