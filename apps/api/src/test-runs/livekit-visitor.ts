import {
  RPC_METHODS,
  rpcMethodName,
  TOPICS,
  type ConversationMessage,
  type RpcToolResponse,
  type ToolConfig,
  type UiActivityCheckResponse,
} from '@svc/protocol';
import {
  decodePayload,
  encodePayload,
  parseConfigPayload,
  parseConversationMessage,
  parseSessionEndPayload,
} from '@svc/protocol/parse';
import type { DriverConversation, TestRunDriver } from './driver.js';
import { withTimeout } from './driver.js';
import type { ObservedToolCall, TurnObservation } from './verdict.js';

/** How the visitor decides the agent is done with a turn; tests shorten them. */
export interface VisitorTimings {
  /** Quiet after the agent's last message (and not thinking or speaking) that ends a turn, ms. */
  settleMs?: number;
  /** How long to wait for the greeting before the first turn, ms. */
  greetingMs?: number;
  /** How long to wait for `session:end` after asking to end, ms. */
  endMs?: number;
}

const POLL_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real visitor: a LiveKit participant that does what a page does over the contract's topics
 * and RPC: acknowledges `config`, types on `rt.chat`, reads `message:new` and `session:end`, and
 * answers every frontend tool's RPC with SUCCESS (as a page that shows what it is given) and the
 * activity check with "active".
 */
export function livekitVisitor(timings: VisitorTimings = {}): TestRunDriver {
  const settleMs = timings.settleMs ?? 800;
  return {
    async join(session, { timeoutMs, signal }) {
      // Loaded on the first run, not at API start: the native Transport client is large, and an
      // API that never runs a test never needs it.
      const { Room, RoomEvent } = await import('@livekit/rtc-node');
      const room = new Room();
      const messages: { at: number; message: ConversationMessage }[] = [];
      const pageCalls: { requestId: string; method: string }[] = [];
      const methods = new Set<string>();
      let lastEventAt = Date.now();
      let configured = false;
      let ended: string | undefined;
      const local = () => {
        if (!room.localParticipant) throw new Error('the visitor is not in the room');
        return room.localParticipant;
      };
      const publish = (topic: string, payload: unknown) =>
        local().publishData(encodePayload(payload), { reliable: true, topic });
      const answerTools = (config: unknown) => {
        const parsed = parseConfigPayload(config);
        // A config this parser finds fault with is still acknowledged, as a lenient page would:
        // the run is about the agent's answers, and the tools it names are still answered.
        const features = parsed.ok
          ? parsed.value.features
          : ((config as { features?: { tools?: { name?: unknown }[] }[] } | null)?.features ?? []);
        const names = (Array.isArray(features) ? features : [])
          .flatMap((feature) => (Array.isArray(feature?.tools) ? feature.tools : []))
          .filter((tool): tool is ToolConfig => typeof tool?.name === 'string')
          .map((tool) => rpcMethodName(tool));
        for (const method of names) {
          if (methods.has(method)) continue;
          methods.add(method);
          local().registerRpcMethod(method, async (data) => {
            const decoded = decodePayload(data.payload);
            const request = (decoded.ok && decoded.value ? decoded.value : {}) as {
              requestId?: string;
            };
            pageCalls.push({ requestId: String(request.requestId ?? ''), method });
            const answer: RpcToolResponse = {
              requestId: request.requestId ?? data.requestId,
              code: 'SUCCESS',
              data: { shown: true },
            };
            return JSON.stringify(answer);
          });
        }
        configured = true;
        void publish(TOPICS.CONFIG_ACK, { acknowledged: true, timestamp: Date.now() }).catch(
          () => undefined,
        );
      };
      const deliver = (topic: string | undefined, data: Uint8Array | string) => {
        const decoded = decodePayload(data);
        if (!decoded.ok) return;
        lastEventAt = Date.now();
        if (topic === TOPICS.CONFIG) answerTools(decoded.value);
        else if (topic === TOPICS.MESSAGE_NEW) {
          const parsed = parseConversationMessage(decoded.value);
          if (parsed.ok) messages.push({ at: Date.now(), message: parsed.value });
        } else if (topic === TOPICS.SESSION_END) {
          const parsed = parseSessionEndPayload(decoded.value);
          ended = (parsed.ok && parsed.value.reason) || 'ended';
        }
      };
      room.on(RoomEvent.DataReceived, (payload, _participant, _kind, topic) =>
        deliver(topic, payload),
      );
      // Payloads too big for one packet arrive as text streams on the same topic.
      for (const topic of [TOPICS.CONFIG, TOPICS.MESSAGE_NEW, TOPICS.SESSION_END])
        room.registerTextStreamHandler(topic, (reader) => {
          void reader
            .readAll()
            .then((text) => deliver(topic, text))
            .catch(() => undefined);
        });
      room.on(RoomEvent.Disconnected, () => {
        ended ??= 'disconnected';
      });
      const agentState = () =>
        [...room.remoteParticipants.values()]
          .map((p) => p.attributes['lk.agent.state'])
          .find(Boolean);
      const busy = () => ['thinking', 'speaking'].includes(agentState() ?? '');

      const leave = () => withTimeout(room.disconnect(), 5000, 'leaving').catch(() => undefined);
      const deadline = Date.now() + timeoutMs;
      try {
        await withTimeout(
          room.connect(session.url, session.token, { autoSubscribe: false, dynacast: false }),
          timeoutMs,
          'joining the Transport',
        );
        local().registerRpcMethod(RPC_METHODS.UI_ACTIVITY_CHECK.method, async () => {
          const answer: UiActivityCheckResponse = {
            active: true,
            visible: true,
            last_activity_at: Date.now(),
          };
          return JSON.stringify(answer);
        });
        while (!configured) {
          if (signal.aborted) throw new Error('the run was stopped');
          if (ended) throw new Error(`the conversation ended (${ended}) before the agent joined`);
          if (Date.now() > deadline)
            throw new Error(`no agent joined within ${Math.round(timeoutMs / 1000)} s`);
          await sleep(POLL_MS);
        }
        // The greeting, if the scenario has one: a first turn typed over it would interrupt it,
        // and its message would be taken for the turn's reply.
        const greetingBy = Date.now() + (timings.greetingMs ?? 15_000);
        while (Date.now() < greetingBy && !ended && !signal.aborted) {
          const spoke = messages.some((m) => m.message.role === 'assistant');
          if (spoke && !busy() && Date.now() - lastEventAt >= settleMs) break;
          await sleep(POLL_MS);
        }
      } catch (error) {
        await leave();
        throw error;
      }

      const conversation: DriverConversation = {
        endedReason: () => ended,
        async turn(text, turnTimeoutMs): Promise<TurnObservation> {
          const from = messages.length;
          const callsFrom = pageCalls.length;
          const sentAt = Date.now();
          let problem: string | undefined;
          try {
            await publish(TOPICS.CHAT, { message: text });
          } catch (error) {
            problem = `sending the turn failed: ${(error as Error).message}`;
          }
          const answers = () => messages.slice(from).filter((m) => m.message.role === 'assistant');
          const by = sentAt + turnTimeoutMs;
          while (!problem) {
            if (signal.aborted) {
              problem = 'the run was stopped';
              break;
            }
            if (ended) {
              problem = `the conversation ended (${ended})`;
              break;
            }
            // Words end a turn once the agent is quiet; a tool call alone (its reply may be
            // empty) waits longer, since the agent goes on to answer its result.
            const quiet = answers().some((m) => m.message.content) ? settleMs : settleMs * 3;
            const done = answers().length > 0 && !busy() && Date.now() - lastEventAt >= quiet;
            if (done) break;
            if (Date.now() > by) {
              problem = `no complete answer within ${Math.round(turnTimeoutMs / 1000)} s`;
              break;
            }
            await sleep(POLL_MS);
          }
          const answered = answers();
          const paged = new Set(pageCalls.slice(callsFrom).map((call) => call.requestId));
          const toolCalls: ObservedToolCall[] = answered.flatMap((m) =>
            (m.message.tool_calls ?? []).map((call) => ({
              name: call.name,
              arguments: call.arguments,
              page: paged.has(call.id),
            })),
          );
          const first = answered[0];
          return {
            replies: answered.map((m) => m.message.content).filter(Boolean),
            toolCalls,
            latencyMs: first ? first.at - sentAt : null,
            problem,
          };
        },
        async end() {
          if (!ended) {
            await publish(TOPICS.SESSION_CONTROL, { action: 'end' }).catch(() => undefined);
            const by = Date.now() + (timings.endMs ?? 5000);
            while (!ended && Date.now() < by) await sleep(POLL_MS);
          }
          const reason = ended ?? 'no session:end from the agent';
          await leave();
          return reason;
        },
      };
      return conversation;
    },
  };
}
