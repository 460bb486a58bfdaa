import { log as agentsLog, voice, type JobContext } from '@livekit/agents';
import { DisconnectReason, RoomEvent, type RemoteParticipant } from '@livekit/rtc-node';
import { SESSION_END_REASONS, TOPICS } from '@svc/protocol';
import { AGENT_END_REASONS } from '@svc/protocol/agent';
import type { ConversationApi } from '../api-client.js';
import type { VisitorChannel } from '../channel.js';
import { limitGoodbye, type LimitReason } from '../conversation-limits.js';
import type { MessageLog } from '../messages.js';

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

/** What a served conversation's end reaches: everything it tells, stores, stops and leaves. */
export interface EndingParts {
  ctx: JobContext;
  api: ConversationApi;
  channel: VisitorChannel;
  messages: MessageLog;
  session: voice.AgentSession;
  /** The visitor's identity in the room. */
  visitor: string;
  /** Whether the visitor speaks: a spoken goodbye waits for the visitor to stay quiet. */
  audioIn: boolean;
  /** The conversation's language, for the goodbye at a limit. */
  language: string;
  /** Stops what runs until the end (the limits' clock, the tools' calls, the dictation). */
  stop: () => void;
  /**
   * What runs once the end is recorded, the visitor gone (the post-call analysis): started
   * before the session closes, awaited by the job's shutdown so its process stays until it settles.
   */
  afterEnd?: () => Promise<void>;
}

/** The end of a served conversation, and the ways to it. */
export interface ConversationEnding {
  /** Whether the end has begun. */
  readonly begun: boolean;
  /** Ends once, whichever way: tells the visitor, stores everything, records the end, leaves. */
  finish(reason: string, tellVisitor: boolean, detail?: string): Promise<void>;
  /** Ends with `reason` once the agent's goodbye of this turn is spoken (see `GOODBYE_GRACE_MS`). */
  afterSpeech(reason: string): void;
  /** Says a short goodbye in the conversation's language, then ends with the limit as reason. */
  atLimit(reason: LimitReason): Promise<void>;
  /** A restore state the page sent, being stored: the end waits for it before it is recorded. */
  keep(saving: Promise<void>): void;
}

/**
 * The end of a served conversation: registered for the job's session-end hook, and listening to
 * the session and the room for every way a conversation ends (an error, the worker stopping, the
 * Transport lost, the visitor leaving).
 */
export function conversationEnding(parts: EndingParts): ConversationEnding {
  const { ctx, api, channel, messages, session } = parts;
  const log = agentsLog();
  let ending: Promise<void> | undefined;
  let afterEnd: Promise<void> | undefined;
  endings.set(ctx, () => ending);
  let endAfterSpeech: string | undefined;
  let goodbyeGrace: NodeJS.Timeout | undefined;
  // Restore states the page sent and the API has not stored yet: the end waits for them, so a
  // checkpoint sent just before the end is kept (the API takes none once the end is recorded).
  const savingStates = new Set<Promise<void>>();

  const finish = (reason: string, tellVisitor: boolean, detail?: string): Promise<void> => {
    ending ??= (async () => {
      parts.stop();
      clearTimeout(goodbyeGrace);
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
      // What runs once a conversation's messages are all stored goes here, before the end is
      // recorded: the API acts on the recorded end (its post-call work reads the stored messages).
      await recordEnd(api, reason, detail, deadline).catch((error: unknown) =>
        log.warn({ err: error }, 'recording the end failed'),
      );
      afterEnd = parts
        .afterEnd?.()
        .catch((error: unknown) => log.warn({ err: error }, 'the work after the end failed'));
      await session.close().catch(() => undefined);
      ctx.shutdown(reason);
    })();
    return ending;
  };

  // A spoken goodbye is heard by a recognizer, which takes "hi there" for "bye there" now and
  // then: a voice call ends once the goodbye is spoken and the visitor then stays quiet for
  // GOODBYE_GRACE_MS. Speaking in that time (a misheard goodbye, "oh wait, one more thing")
  // goes on with the conversation. Typed goodbyes end at once.
  session.on(voice.AgentSessionEventTypes.AgentStateChanged, (event) => {
    if (!endAfterSpeech || event.newState !== 'listening') return;
    const reason = endAfterSpeech;
    if (!parts.audioIn) {
      void finish(reason, true);
      return;
    }
    clearTimeout(goodbyeGrace);
    goodbyeGrace = setTimeout(() => void finish(reason, true), GOODBYE_GRACE_MS);
  });
  session.on(voice.AgentSessionEventTypes.UserStateChanged, (event) => {
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
    if (participant.identity !== parts.visitor) return;
    void finish(
      transportLost ? SESSION_END_REASONS.TRANSPORT_DISCONNECTED : AGENT_END_REASONS.VISITOR_LEFT,
      false,
    );
  });
  // The framework runs this after leaving the room: the work after the end holds the process only.
  ctx.addShutdownCallback(async () => {
    await finish(AGENT_END_REASONS.AGENT_SHUTDOWN, true);
    await afterEnd;
  });

  return {
    get begun() {
      return ending !== undefined;
    },
    finish,
    afterSpeech: (reason) => {
      endAfterSpeech = reason;
    },
    atLimit: async (reason) => {
      if (ending) return;
      log.info({ reason }, 'the conversation reached a limit');
      session.interrupt();
      const goodbye = session.say(limitGoodbye(reason, parts.language));
      await Promise.race([
        goodbye.waitForPlayout(),
        new Promise((resolve) => setTimeout(resolve, LIMIT_GOODBYE_MS)),
      ]).catch(() => undefined);
      await finish(reason, true);
    },
    keep: (saving) => {
      const kept: Promise<void> = saving
        .catch(() => undefined)
        .finally(() => savingStates.delete(kept));
      savingStates.add(kept);
    },
  };
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
