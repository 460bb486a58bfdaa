import { log as agentsLog, type JobContext } from '@livekit/agents';
import { ParticipantKind, RoomEvent, type RemoteParticipant } from '@livekit/rtc-node';
import { TOPICS } from '@svc/protocol';
import { AGENT_END_REASONS, parseRoomMetadata } from '@svc/protocol/agent';
import { conversationApi, type ConversationApi } from './api-client.js';
import { roomChannel } from './channel.js';
import { failureDetail } from './conversation/ending.js';
import type { ConversationOptions } from './conversation/options.js';
import { serveConversation } from './conversation/serve.js';

// The parts of a conversation live in conversation/: the options and engines, the framework's
// session, serving it (serve.ts wires the rest), the page's topics, the greeting and the end.
export { conversationEnded } from './conversation/ending.js';

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
