import {
  log as agentsLog,
  type JobContext,
  voice,
  type llm,
  type stt,
  type tts,
  type VAD,
} from '@livekit/agents';
import {
  DisconnectReason,
  ParticipantKind,
  RoomEvent,
  type RemoteParticipant,
} from '@livekit/rtc-node';
import { SentenceTTS } from '@svc/agents-plugin-embedded';
import { SESSION_END_REASONS, TOPICS } from '@svc/protocol';
import {
  AGENT_END_REASONS,
  parseRoomMetadata,
  type RoomMetadata,
  type RuntimeConfig,
} from '@svc/protocol/agent';
import {
  parseAssistantInterruptPayload,
  parseChatPayload,
  parseEventFirePayload,
  parseSessionControlPayload,
  parseStateUpdatePayload,
} from '@svc/protocol/parse';
import { conversationApi, type ConversationApi } from './api-client.js';
import { roomChannel, type VisitorChannel } from './channel.js';
import {
  limitedChannel,
  limitGoodbye,
  limitsOf,
  startConversationClock,
  type LimitReason,
} from './conversation-limits.js';
import { startDictation } from './dictation.js';
import { runHandshake } from './handshake.js';
import { MessageLog } from './messages.js';
import { withRouter } from './router/index.js';
import { configPayloadFor, scenarioAgent } from './scenario-agent.js';
import {
  BackchannelFilterSTT,
  heardSoFarFor,
  turnDetectorFor,
  UNFINISHED_TURN_DELAY_MS,
} from './turn/index.js';

/**
 * How long a voice call stays open after the agent's goodbye was spoken, for a visitor who goes
 * on (see where it is used).
 */
export const GOODBYE_GRACE_MS = 4000;

/** Longest the goodbye at a conversation's limit may take before the conversation ends anyway. */
export const LIMIT_GOODBYE_MS = 10_000;

/**
 * How long an ended conversation's job waits for the API to store its last messages and its end
 * (an API restarting meanwhile), trying again, before the job process exits without them.
 */
export const END_STORE_TIMEOUT_MS = 30_000;

/** Each job's conversation end under way, for the framework's session-end hook to wait on. */
const endings = new WeakMap<JobContext, () => Promise<void> | undefined>();

/**
 * Settles once the job's conversation has ended: the visitor told, messages and end stored. The
 * framework leaves the room right after the session closes; awaited from `onSessionEnd` (which it
 * runs between the two), this keeps the room until the visitor has heard the end. Resolves at once
 * when no conversation ran or none is ending.
 */
export function conversationEnded(ctx: JobContext): Promise<void> {
  return endings.get(ctx)?.() ?? Promise.resolve();
}

/** The speech and language engines of one conversation. */
export interface Engines {
  llm: llm.LLM;
  stt?: stt.STT | undefined;
  tts?: tts.TTS | undefined;
  vad?: VAD | undefined;
  /** How long after the end of speech a turn is committed, ms (the STT's final must be in by then). */
  endpointingMinDelayMs?: number | undefined;
  /**
   * The transcript confidence under which a spoken turn the router cannot read is asked again
   * (see `RouterOptions.askAgainBelow`); only for a recognizer whose confidence means that.
   */
  askAgainBelow?: number | undefined;
}

/** How the worker runs conversations. */
export interface ConversationOptions {
  apiUrl: string;
  agentKey: string;
  /** Picks the engines for a conversation from its scenario's voice settings and modes. */
  engines(runtime: RuntimeConfig, modes: { audioIn: boolean; audioOut: boolean }): Promise<Engines>;
  /** How long to wait for the visitor to join before giving up (default 60 s). */
  visitorTimeoutMs?: number;
}

function waitForVisitor(
  ctx: JobContext,
  timeoutMs: number,
): Promise<RemoteParticipant | undefined> {
  const present = [...ctx.room.remoteParticipants.values()].find(
    (p) => p.info.kind !== ParticipantKind.AGENT,
  );
  if (present) return Promise.resolve(present);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ctx.room.off(RoomEvent.ParticipantConnected, onJoin);
      resolve(undefined);
    }, timeoutMs);
    const onJoin = (participant: RemoteParticipant) => {
      if (participant.info.kind === ParticipantKind.AGENT) return;
      clearTimeout(timer);
      ctx.room.off(RoomEvent.ParticipantConnected, onJoin);
      resolve(participant);
    };
    ctx.room.on(RoomEvent.ParticipantConnected, onJoin);
  });
}

/**
 * One conversation, from the job's start to its end: the handshake, the agent session, every
 * topic and RPC of the contract, and a clean end (messages stored, the end recorded, the visitor
 * told) whichever way it ends.
 */
export async function runConversation(
  ctx: JobContext,
  options: ConversationOptions,
): Promise<void> {
  const log = agentsLog();
  const metadata = parseRoomMetadata(ctx.job.metadata || ctx.job.room?.metadata);
  const api: ConversationApi = conversationApi({
    apiUrl: options.apiUrl,
    agentKey: options.agentKey,
    conversationId: metadata.conversation_id,
  });
  const startedAt = performance.now();
  const marks: Record<string, number> = {};
  const mark = (step: string) => (marks[step] = Math.round(performance.now() - startedAt));
  // The room connection and the runtime config do not depend on each other.
  const connecting = ctx.connect().finally(() => mark('connect'));
  let visitor: RemoteParticipant | undefined;
  try {
    const [runtime] = await Promise.all([api.config().finally(() => mark('config')), connecting]);
    visitor = await waitForVisitor(ctx, options.visitorTimeoutMs ?? 60_000);
    mark('visitor');
    if (!visitor) {
      log.warn(
        { conversation: metadata.conversation_id },
        'no visitor joined; closing the conversation',
      );
      await api.end(AGENT_END_REASONS.VISITOR_LEFT).catch(() => undefined);
      ctx.shutdown('no visitor');
      return;
    }
    await serveConversation({
      ctx,
      api,
      runtime,
      channel: roomChannel(ctx.room, visitor.identity),
      visitor: visitor.identity,
      metadata,
      options,
      started: (step) => {
        mark(step);
        if (step === 'config sent')
          log.debug({ marks }, 'conversation start, ms since the job began');
      },
    });
  } catch (error) {
    // The engines could not be built (a language the recognizer does not speak, a provider's
    // key missing), the runtime config did not come, the session did not start: the visitor
    // hears why at once instead of waiting for the SDK's timeout, and the record says it.
    log.error({ err: error, conversation: metadata.conversation_id }, 'the conversation failed');
    await endOnFailure(ctx, api, connecting, visitor, failureDetail(error));
  }
}

/** What went wrong, in words for the conversation record. */
export function failureDetail(error: unknown): string {
  // The framework's error events wrap the cause (`{ type: 'llm_error', error, ... }`).
  const cause =
    error && typeof error === 'object' && !(error instanceof Error) && 'error' in error
      ? error.error
      : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.trim() || 'the agent failed';
}

/**
 * Ends a conversation that failed before it was served: `session:end` with `agent_error` to the
 * visitor (who joins within 10 s, when not in the room yet), the end recorded with its cause,
 * the job shut down. Never throws.
 */
async function endOnFailure(
  ctx: JobContext,
  api: ConversationApi,
  connecting: Promise<void>,
  known: RemoteParticipant | undefined,
  detail: string,
): Promise<void> {
  const connected = await connecting.then(
    () => true,
    () => false,
  );
  const visitor = known ?? (connected ? await waitForVisitor(ctx, 10_000) : undefined);
  if (visitor) {
    await roomChannel(ctx.room, visitor.identity)
      .publish(TOPICS.SESSION_END, {
        reason: AGENT_END_REASONS.AGENT_ERROR,
        ended_at: new Date().toISOString(),
      })
      .catch(() => undefined);
  }
  await api.end(AGENT_END_REASONS.AGENT_ERROR, detail).catch(() => undefined);
  ctx.shutdown(AGENT_END_REASONS.AGENT_ERROR);
}

async function serveConversation(run: {
  ctx: JobContext;
  api: ConversationApi;
  runtime: RuntimeConfig;
  channel: VisitorChannel;
  visitor: string;
  metadata: RoomMetadata;
  options: ConversationOptions;
  /** Marks a step of the start, for the log. */
  started: (step: string) => void;
}): Promise<void> {
  const { ctx, api, runtime } = run;
  const log = agentsLog();
  // The application's limits: everything the visitor sends is bounded, and counts as activity.
  const limits = limitsOf(run.metadata);
  // Timed from here; what ends the conversation at a limit is set up once the session runs.
  const clock = startConversationClock(limits, (reason) => void endAtLimit(reason));
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
  // Restore states the page sent and the API has not stored yet: the end waits for them, so a
  // checkpoint sent just before the end is kept (the API takes none once the end is recorded).
  const savingStates = new Set<Promise<void>>();
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
  let ending: Promise<void> | undefined;
  endings.set(ctx, () => ending);
  let endAfterSpeech: string | undefined;
  let goodbyeGrace: NodeJS.Timeout | undefined;
  const abort = new AbortController();

  // Whether the visitor's current speech is over the agent's: it started while the agent spoke.
  let visitorOverAgent = false;
  // With SVC_TURN_AUDIO_MODEL=v1-mini, the turn detector hears the words before each pause.
  const heard = heardSoFarFor(process.env);
  const session: voice.AgentSession = new voice.AgentSession({
    llm: model,
    ...(modes.audioIn && engines.stt
      ? {
          stt: new BackchannelFilterSTT(engines.stt, {
            language: runtime.conversation.language,
            overAgent: () => session.agentState === 'speaking' || visitorOverAgent,
          }),
        }
      : {}),
    ...(modes.audioOut && engines.tts ? { tts: engines.tts } : {}),
    ...(modes.audioIn && engines.vad ? { vad: engines.vad } : {}),
    // Turns end on the VAD after the endpointing delay, which waits for the recognizer's last
    // words (the embedded one closes an utterance after 0.3 s of silence). In a language whose
    // unfinished endings are known, the early transcript decides the delay: a request cut at a
    // pause ("a tent that...") waits the longer one (see turn/README.md for the figures).
    // The framework ignores speech over the first 3 s of agent audio, against echo on phones:
    // a visitor who answers the greeting early would be lost. The page's browser cancels the
    // echo (the SDK asks for it), so the agent listens from its first word.
    aecWarmupDuration: 0,
    turnHandling: {
      ...(modes.audioIn && engines.vad
        ? {
            turnDetection:
              turnDetectorFor(runtime.conversation.language, heard) ?? ('vad' as const),
          }
        : {}),
      endpointing: {
        minDelay: engines.endpointingMinDelayMs ?? 500,
        maxDelay: UNFINISHED_TURN_DELAY_MS,
      },
      // Speech over the agent interrupts it by voice activity: the adaptive detector would need
      // the framework's audio model process, which the worker does not start (see main.ts). It
      // takes a word, and the recognizer drops feedback over the agent ("mm-hmm", a cough), so a
      // listener following along does not stop it; the framework's default resume continues a
      // sentence paused by speech that turned out to be no turn.
      interruption: { mode: 'vad' as const, minWords: 1 },
    },
  });
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
        endAfterSpeech = AGENT_END_REASONS.COMPLETED;
        log.info({ reason }, 'the model ended the conversation');
      },
    },
    modes.audioOut,
  );

  /** Ends once, whichever way: tells the visitor, stores everything, records the end, leaves. */
  const finish = (reason: string, tellVisitor: boolean, detail?: string): Promise<void> => {
    ending ??= (async () => {
      clock.stop();
      clearTimeout(goodbyeGrace);
      abort.abort();
      if (tellVisitor) {
        await channel
          .publish(TOPICS.SESSION_END, { reason, ended_at: new Date().toISOString() })
          .catch(() => undefined);
      }
      const deadline = Date.now() + END_STORE_TIMEOUT_MS;
      if (!(await messages.drain(END_STORE_TIMEOUT_MS)))
        log.warn('the API did not store the last messages in time');
      await Promise.race([
        Promise.allSettled(savingStates),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref()),
      ]);
      await recordEnd(api, reason, detail, deadline).catch((error: unknown) =>
        log.warn({ err: error }, 'recording the end failed'),
      );
      await session.close().catch(() => undefined);
      ctx.shutdown(reason);
    })();
    return ending;
  };

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
  // A spoken goodbye is heard by a recognizer, which takes "hi there" for "bye there" now and
  // then: a voice call ends once the goodbye is spoken and the visitor then stays quiet for
  // GOODBYE_GRACE_MS. Speaking in that time (a misheard goodbye, "oh wait, one more thing")
  // goes on with the conversation. Typed goodbyes end at once.
  heard?.follow(session);
  // The embedded voices' echo guard follows the audio as it plays, later than it was handed out.
  const echoGuard = engines.tts instanceof SentenceTTS ? engines.tts.echoGuard : undefined;
  session.on(voice.AgentSessionEventTypes.AgentStateChanged, (event) =>
    echoGuard?.playing(event.newState === 'speaking'),
  );
  session.on(voice.AgentSessionEventTypes.AgentStateChanged, (event) => {
    if (!endAfterSpeech || event.newState !== 'listening') return;
    const reason = endAfterSpeech;
    if (!modes.audioIn) {
      void finish(reason, true);
      return;
    }
    clearTimeout(goodbyeGrace);
    goodbyeGrace = setTimeout(() => void finish(reason, true), GOODBYE_GRACE_MS);
  });
  session.on(voice.AgentSessionEventTypes.UserStateChanged, (event) => {
    if (event.newState === 'speaking') {
      visitorOverAgent = session.agentState === 'speaking';
      clock.activity();
    }
    if (event.newState !== 'speaking' || !endAfterSpeech || ending) return;
    clearTimeout(goodbyeGrace);
    endAfterSpeech = undefined;
    log.info('the visitor went on after the goodbye');
  });
  session.on(voice.AgentSessionEventTypes.Error, (event) =>
    log.warn({ err: event.error }, 'agent session error'),
  );
  // An error the framework could not recover from closes the session: the conversation ends with
  // `agent_error` and its cause, as a failure before the handshake does.
  session.on(voice.AgentSessionEventTypes.Close, (event) => {
    if (event.reason === voice.CloseReason.ERROR || event.error) {
      log.error({ err: event.error }, 'the agent session closed on an error');
      void finish(AGENT_END_REASONS.AGENT_ERROR, true, failureDetail(event.error ?? event.reason));
      return;
    }
    // The worker stopping (SIGTERM: it drains, then shuts its jobs down): the framework closes
    // the session, leaves the room, and only then runs the shutdown callbacks, too late to tell
    // the visitor. A close that is not ours (ours set `ending` first) is that shutdown: the
    // visitor hears `agent_shutdown`, and the agent's `onSessionEnd` holds the room until then.
    if (!ending && event.reason !== voice.CloseReason.PARTICIPANT_DISCONNECTED)
      void finish(AGENT_END_REASONS.AGENT_SHUTDOWN, true);
  });

  // The Transport lost (livekit-server gone, the network cut): the room reports every participant
  // gone when it gives up, which is not the visitor leaving. The record says what the visitor's
  // session said too: `transport_disconnected`.
  let transportLost = false;
  ctx.room.on(RoomEvent.Reconnecting, () => (transportLost = true));
  ctx.room.on(RoomEvent.Reconnected, () => (transportLost = false));
  ctx.room.on(RoomEvent.Disconnected, (reason: DisconnectReason) => {
    // The job's own leaving (the framework leaves the room before the shutdown callbacks run,
    // which then tell the visitor) is not a lost Transport.
    if (reason === DisconnectReason.CLIENT_INITIATED && !transportLost) return;
    void finish(SESSION_END_REASONS.TRANSPORT_DISCONNECTED, false);
  });
  ctx.room.on(RoomEvent.ParticipantDisconnected, (participant: RemoteParticipant) => {
    if (participant.identity !== run.visitor) return;
    void finish(
      transportLost ? SESSION_END_REASONS.TRANSPORT_DISCONNECTED : AGENT_END_REASONS.VISITOR_LEFT,
      false,
    );
  });
  ctx.addShutdownCallback(() => finish(AGENT_END_REASONS.AGENT_SHUTDOWN, true));

  await session.start({
    agent,
    room: ctx.room,
    inputOptions: {
      audioEnabled: modes.audioIn,
      // Typed input arrives on rt.chat (below), not on the framework's own chat topic.
      textEnabled: false,
      participantIdentity: run.visitor,
      closeOnDisconnect: false,
    },
    outputOptions: { audioEnabled: modes.audioOut, transcriptionEnabled: false },
  });

  run.started('session');
  // At a limit the agent says a short goodbye in the conversation's language, then ends with the
  // limit as the reason the visitor's page shows.
  const endAtLimit = async (reason: LimitReason) => {
    if (ending) return;
    log.info({ reason }, 'the conversation reached a limit');
    session.interrupt();
    const goodbye = session.say(limitGoodbye(reason, runtime.conversation.language));
    await Promise.race([
      goodbye.waitForPlayout(),
      new Promise((resolve) => setTimeout(resolve, LIMIT_GOODBYE_MS)),
    ]).catch(() => undefined);
    await finish(reason, true);
  };
  await closeRemoteSessionHost(session);
  warmModel(engines.llm, agent);

  // The page's topics.
  channel.subscribe(TOPICS.CHAT, (payload) => {
    const parsed = parseChatPayload(payload);
    if (!parsed.ok || ending) return;
    session.interrupt();
    session.generateReply({ userInput: parsed.value.message });
  });
  channel.subscribe(TOPICS.ASSISTANT_INTERRUPT, (payload) => {
    if (parseAssistantInterruptPayload(payload).ok) void session.interrupt();
  });
  channel.subscribe(TOPICS.STATE_UPDATE, (payload) => {
    const parsed = parseStateUpdatePayload(payload);
    if (!parsed.ok) return;
    messages.experienceState = parsed.value.data ?? { checkpoint: parsed.value.checkpoint };
    const saving = api
      .saveRestoreState(parsed.value)
      .catch((error: unknown) => log.warn({ err: error }, 'saving the restore state failed'))
      .finally(() => savingStates.delete(saving));
    savingStates.add(saving);
  });
  channel.subscribe(TOPICS.UI_ACTIVITY, () => {
    lastUiActivity = Date.now();
  });
  channel.subscribe(TOPICS.EVENT_FIRE, (payload) => {
    const parsed = parseEventFirePayload(payload);
    if (parsed.ok) messages.addEvent(parsed.value.name, parsed.value.data);
  });
  channel.subscribe(TOPICS.SESSION_CONTROL, (payload) => {
    const parsed = parseSessionControlPayload(payload);
    if (!parsed.ok) return;
    const control = parsed.value;
    if (control.action === 'end') void finish(AGENT_END_REASONS.USER_REQUESTED, true);
    else if (control.action === 'pause') {
      session.interrupt();
      session.input.setAudioEnabled(false);
    } else if (control.action === 'resume') session.input.setAudioEnabled(modes.audioIn);
    else if (control.action === 'set_modes') {
      if (control.input_mode)
        session.input.setAudioEnabled(control.input_mode === 'audio' && Boolean(engines.stt));
      if (control.output_mode)
        session.output.setAudioEnabled(control.output_mode === 'audio' && Boolean(engines.tts));
    }
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

  // The handshake, then the greeting. `config` goes out only now: a page that has it may type at
  // once, and the session and the page's topics must be ready for that.
  run.started('config sent');
  const handshake = await runHandshake(channel, configPayloadFor(runtime), {
    signal: abort.signal,
  });
  if (!handshake.acknowledged) {
    if (handshake.reason === 'timeout') {
      log.warn(
        { attempts: handshake.attempts },
        'no config_ack from the visitor; ending the conversation',
      );
      await finish(AGENT_END_REASONS.CONFIG_TIMEOUT, true);
    }
    return;
  }
  const resumed = Boolean(run.metadata.resumed) || runtime.history.length > 0;
  if (resumed && handshake.ack.suppress_recap) {
    session.generateReply({
      instructions:
        'The visitor is back. Welcome them back in one short sentence. Do not recap the conversation.',
    });
  } else if (resumed) {
    session.generateReply({
      instructions:
        'The visitor is back. In one or two short sentences, recap where you left off and ask how to continue.',
    });
  } else if (runtime.scenario.first_message) {
    session.say(runtime.scenario.first_message);
  } else {
    session.generateReply({
      instructions: 'Greet the visitor in one short sentence and offer your help.',
    });
  }
}

/**
 * Records the end, trying again every second while the API fails (not for a 4xx: that will not
 * change) until `deadline`; throws the last failure then.
 */
async function recordEnd(
  api: ConversationApi,
  reason: string,
  detail: string | undefined,
  deadline: number,
): Promise<void> {
  for (;;) {
    try {
      await api.end(reason, detail);
      return;
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if ((typeof status === 'number' && status < 500) || Date.now() + 1000 > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * Closes the framework's remote-session host. Started with every room session, it streams each
 * session event to the visitor on `lk.agent.session` and answers requests from the visitor for
 * the agent's instructions and chat history and for running input: a page script could read the
 * scenario's prompt that way, and encoding every event costs the turn CPU. Our page speaks the
 * contract's topics only.
 */
export async function closeRemoteSessionHost(session: voice.AgentSession): Promise<void> {
  // Not in the framework's public types (a private field in 1.9): reached by name, and a no-op
  // if a later version renames it (the worker test then sees the stream and fails).
  const host = (session as unknown as { sessionHost?: { close(): Promise<void> } }).sessionHost;
  await host?.close().catch(() => undefined);
}

/** An LLM that can evaluate a prompt ahead of the first turn (the embedded one). */
interface WarmableLLM {
  warm(options: { chatCtx: llm.ChatContext; toolCtx?: llm.ToolContext }): Promise<void>;
}

/**
 * Has the embedded LLM evaluate the instructions and tool descriptions while the greeting plays:
 * on two cores they take seconds, which the first turn would otherwise wait for. The warm-up
 * prompt is the agent's context as the framework will send it, so the prefixes match.
 */
function warmModel(model: llm.LLM, agent: voice.Agent): void {
  const warmable = model as unknown as Partial<WarmableLLM>;
  if (typeof warmable.warm !== 'function') return;
  // Once the session started, the agent's context holds the instructions (the framework adds
  // them on start).
  void warmable
    .warm({ chatCtx: agent.chatCtx.copy(), toolCtx: agent.toolCtx })
    .catch((error: unknown) => agentsLog().warn({ err: error }, 'warming the LLM failed'));
}
