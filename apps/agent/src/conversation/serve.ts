import { log as agentsLog, voice, type JobContext } from '@livekit/agents';
import { AGENT_END_REASONS, type RoomMetadata, type RuntimeConfig } from '@svc/protocol/agent';
import type { ConversationApi } from '../api-client.js';
import type { VisitorChannel } from '../channel.js';
import { limitedChannel, limitsOf, startConversationClock } from '../conversation-limits.js';
import { startDictation } from '../dictation.js';
import { MessageLog } from '../messages.js';
import { analyseConversation, transcriptOf } from '../post-call-analysis.js';
import { warmChooser, withRouter } from '../router/index.js';
import { scenarioAgent } from '../scenario-agent.js';
import { closeRemoteSessionHost, createAgentSession } from './agent-session.js';
import { conversationEnding } from './ending.js';
import { greetVisitor } from './greeting.js';
import { warmBetweenTurns, warmModel } from './model-warm-up.js';
import type { ConversationOptions } from './options.js';
import { answerPageTopics } from './page-topics.js';

/** A conversation whose visitor has joined, with what it runs on. */
export interface ServedConversation {
  ctx: JobContext;
  api: ConversationApi;
  runtime: RuntimeConfig;
  channel: VisitorChannel;
  visitor: string;
  metadata: RoomMetadata;
  options: ConversationOptions;
  /** Marks a step of the start, for the log. */
  started: (step: string) => void;
}

/**
 * Serves a conversation whose visitor has joined: wires the session (engines, router, agent and
 * its tools, the transcript, the end), starts it, answers the page's topics, then shakes hands
 * and greets. Returns once the greeting is under way; the conversation runs on its events.
 */
export async function serveConversation(run: ServedConversation): Promise<void> {
  const { ctx, api, runtime } = run;
  const log = agentsLog();
  // The application's limits: everything the visitor sends is bounded, and counts as activity.
  const limits = limitsOf(run.metadata);
  // Timed from here; what ends the conversation at a limit is set up once the session runs.
  const clock = startConversationClock(limits, (reason) => void ending.atLimit(reason));
  const channel = limitedChannel(run.channel, limits, { onMessage: () => clock.activity() });
  const modes = {
    audioIn: (run.metadata.input_mode ?? runtime.conversation.input_mode) !== 'text',
    audioOut: (run.metadata.output_mode ?? runtime.conversation.output_mode) !== 'text',
  };
  const engines = await run.options.engines(runtime, modes);
  run.started('engines');
  const messages = new MessageLog(channel, api, {
    onError: (error) => log.warn({ err: error }, 'storing messages failed'),
  });
  let lastUiActivity = 0;
  // The common turns are decided by the scenario's intent router and answered from templates; the
  // LLM gets the rest.
  const model = withRouter(engines.llm, runtime, api, {
    spoken: modes.audioOut,
    limit: runtime.scenario.limit ?? 5,
    askAgainBelow: engines.askAgainBelow,
    onDecision: (decision) => {
      log.debug({ decision }, 'turn decided');
      messages.noteDecision(decision);
    },
  });
  const abort = new AbortController();
  const session = createAgentSession(runtime, engines, modes, model);
  const ending = conversationEnding({
    ctx,
    api,
    channel,
    messages,
    session,
    visitor: run.visitor,
    audioIn: modes.audioIn,
    language: runtime.conversation.language,
    stop: () => {
      clock.stop();
      abort.abort();
    },
    // The scenario's declared analysis, read by its own model out of what was said.
    afterEnd: () =>
      analyseConversation({
        model: engines.llm,
        declared: runtime.scenario.analysis,
        transcript: transcriptOf(session.history),
        api,
      }),
  });
  // The tools the model may call are the scenario's features' (scenario-agent.ts builds them, and
  // tools.ts runs them through the API or the page); a new kind of tool is added there.
  const agent = scenarioAgent(
    runtime,
    {
      api,
      channel,
      collections: runtime.collections,
      limit: runtime.scenario.limit ?? 5,
      lastUiActivity: () => lastUiActivity,
      signal: abort.signal,
      onEnd: (reason) => {
        // The model says goodbye in the same turn; the call ends once that is spoken.
        ending.afterSpeech(AGENT_END_REASONS.COMPLETED);
        log.info({ reason }, 'the model ended the conversation');
      },
    },
    modes.audioOut,
  );

  // The transcript: every message and tool run is stored, and what it says is sent to the page.
  session.on(voice.AgentSessionEventTypes.ConversationItemAdded, (event) => {
    const item = event.item;
    if (item.type === 'message')
      messages.addChatItem({
        id: item.id,
        role: item.role,
        textContent: item.textContent,
        interrupted: item.interrupted,
        createdAt: item.createdAt,
        metrics: item.metrics,
      });
  });
  session.on(voice.AgentSessionEventTypes.FunctionToolsExecuted, (event) => {
    messages.addToolRuns(
      event.functionCalls.map((call, index) => ({
        call,
        output: event.functionCallOutputs[index],
      })),
    );
  });
  session.on(voice.AgentSessionEventTypes.UserStateChanged, (event) => {
    if (event.newState === 'speaking') clock.activity();
  });
  session.on(voice.AgentSessionEventTypes.AgentStateChanged, (event) => {
    clock.agentBusy(event.newState === 'thinking' || event.newState === 'speaking');
  });

  await session.start({
    agent,
    room: ctx.room,
    inputOptions: {
      audioEnabled: modes.audioIn,
      // Typed input arrives on rt.chat (page-topics.ts), not on the framework's own chat topic.
      textEnabled: false,
      participantIdentity: run.visitor,
      closeOnDisconnect: false,
    },
    outputOptions: { audioEnabled: modes.audioOut, transcriptionEnabled: false },
  });
  run.started('session');
  await closeRemoteSessionHost(session);
  // Through the router: the model is warmed on the conversation as its turns read it.
  warmModel(model, agent, () => warmChooser(model));
  warmBetweenTurns(model, agent, session);

  answerPageTopics({
    channel,
    session,
    api,
    messages,
    ending,
    engines,
    modes,
    onUiActivity: () => {
      lastUiActivity = Date.now();
    },
  });
  if (runtime.scenario.audio_dictation && engines.stt) {
    startDictation({
      ctx,
      channel,
      stt: engines.stt,
      visitor: run.visitor,
      session,
      signal: abort.signal,
      language: runtime.conversation.language,
    });
  }

  // `config` goes out only now: a page that has it may type at once, and the session and the
  // page's topics must be ready for that.
  run.started('config sent');
  await greetVisitor({
    channel,
    session,
    runtime,
    metadata: run.metadata,
    ending,
    signal: abort.signal,
  });
}
