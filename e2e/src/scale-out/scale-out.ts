// The scale-out smoke: typed conversations spread over two livekit-server nodes, two API
// replicas and two agent workers (the topology of deploy/), while one node, one replica and one
// worker are stopped. Each visitor goes through the public API (identify, session start) behind
// the balancer and joins the room with the credentials it got; a conversation that a stop ends is
// counted as such and the visitor starts a new one, as a page would. Shared by the e2e test (a
// small run) and `npm run scale-out -w @svc/bench` (the full one, with its figures).
import { randomUUID } from 'node:crypto';
import { RoomEvent } from '@livekit/rtc-node';
import { joinAsVisitor, type Visitor, type WorkerStop } from '@svc/agent/testing';
import { DEMO_ADMIN } from '@svc/api/testing';
import { startTopology, type Topology } from './topology.js';

/** What {@link runScaleOut} does. */
export interface ScaleOutOptions {
  /** Visitors, each holding one conversation at a time. */
  conversations: number;
  /** Typed turns each conversation has at least, before its goodbye. */
  turns?: number;
  /** Pause between a reply and the next typed turn, ms. */
  pauseMs?: number;
  /** Conversations a visitor may start before it gives up. */
  attempts?: number;
  /** Ms between two visitors' first arrivals (default 100). */
  arrivalMs?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** One conversation a visitor held, whatever ended it. */
export interface ConversationRecord {
  visitor: number;
  conversationId: string | undefined;
  /** `completed` (the goodbye ended it) or what ended it early. */
  outcome: string;
  /** Typed messages sent. */
  typed: string[];
  /** Ids of `message:new` received. */
  received: string[];
  /** Ms from the session call to its answer. */
  sessionMs?: number;
  /** Ms from the session call to the agent's `config`. */
  configMs?: number;
  /** Signal reconnections the visitor's Transport client made (resumed, not ended). */
  reconnects: number;
  /** Seconds after the run began that it ended. */
  endedAtS: number;
  /** Messages it received (or typed, if it completed) that the store does not have. */
  unstored?: number;
}

/** The figures of a run. */
export interface ScaleOutFigures {
  conversations: number;
  /** Visitors whose conversation completed (on the first try or after a restart). */
  completed: number;
  /** Of those, completed only after a stop ended an earlier conversation. */
  completedAfterRestart: number;
  /** Conversations a stop ended, by what the visitor saw. */
  endedByFault: Record<string, number>;
  /** Messages the visitor saw or typed (in a completed conversation) with no stored copy. */
  lostMessages: number;
  /** Messages checked against the store. */
  checkedMessages: number;
  /** Responses 5xx the visitors got, and 5xx in either replica's log (agent calls too). */
  serverErrors: { visitors: number; apiLogs: number };
  /** Calls that reached a replica while it stopped and were tried again (no HTTP answer). */
  networkRetries: number;
  /** Visitor reconnections of the Transport client (resumed on the other node). */
  reconnects: number;
  sessionStartMs: { p50: number; p95: number };
  configMs: { p50: number; p95: number };
  /** Seconds from the first visitor to the last conversation's end. */
  durationS: number;
  /** The time the stops happened, seconds after the first session call. */
  stops: { node: number; api: number; worker: number };
  /** Whether the stopped worker exited by itself or was killed at the end of its grace. */
  workerStop: WorkerStop;
  records: ConversationRecord[];
  /** The replicas' log lines at warning level and above. */
  apiWarnings: string[];
  /** Each 5xx a visitor got: the call, the status and the body. */
  serverErrorBodies: string[];
}

const percentile = (values: number[], share: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
};

class Fault extends Error {}

/** Counts what the visitors' HTTP calls met. */
interface Counters {
  serverErrors: number;
  networkRetries: number;
  /** Conversations whose agent sent its config so far. */
  configured: number;
  /** Each 5xx a visitor got: the call, the status and the body. */
  serverErrorBodies: string[];
}

/** A JSON call to the API through the balancer; a dropped connection is tried again. */
async function call(
  counters: Counters,
  url: string,
  init: { body: unknown; token?: string; forwardedFor: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // The balancer stands where Caddy would, which sets this header.
          'x-forwarded-for': init.forwardedFor,
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: JSON.stringify(init.body),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      // A keep-alive connection to the replica being stopped was closed under the call.
      counters.networkRetries += 1;
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status >= 500) {
      counters.serverErrors += 1;
      counters.serverErrorBodies.push(`${url} ${response.status} ${JSON.stringify(body)}`);
    }
    return { status: response.status, body };
  }
}

/** Waits until `done()` holds, throwing a {@link Fault} once the conversation ended otherwise. */
async function until(
  visitor: Visitor,
  state: { fault: string | undefined },
  done: () => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (done()) return;
    const ended = visitor.received.find((entry) => entry.topic === 'session:end');
    if (ended) throw new Fault(`session:end ${String(ended.payload.reason)}`);
    if (state.fault) throw new Fault(state.fault);
    if (Date.now() > deadline) throw new Fault('timeout');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One conversation, start to goodbye; resolves with its record whatever ended it. */
async function converse(
  topology: Topology,
  counters: Counters,
  index: number,
  options: Required<Pick<ScaleOutOptions, 'turns' | 'pauseMs'>> & { keepTalking: () => boolean },
): Promise<ConversationRecord> {
  const record: ConversationRecord = {
    visitor: index,
    conversationId: undefined,
    outcome: 'started',
    typed: [],
    received: [],
    reconnects: 0,
    endedAtS: 0,
  };
  const scenario = topology.seed.publications.production;
  // A visitor address of its own per visitor: the per-address limit counts visitors apart.
  const forwardedFor = `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const identify = await call(counters, `${topology.apiUrl}/v1/public/token`, {
    body: { scenario_uuid: scenario, external_id: `scale-out-${index}-${randomUUID()}` },
    forwardedFor,
  });
  if (identify.status !== 200) {
    record.outcome = `identify ${identify.status}`;
    return record;
  }
  const started = Date.now();
  const session = await call(counters, `${topology.apiUrl}/v1/public/session`, {
    body: { scenario_uuid: scenario, input_mode: 'text', output_mode: 'text' },
    token: String(identify.body.user_token),
    forwardedFor,
  });
  record.sessionMs = Date.now() - started;
  if (session.status !== 200) {
    record.outcome = `session ${session.status}`;
    return record;
  }
  const state: { fault: string | undefined } = { fault: undefined };
  let visitor: Visitor | undefined;
  try {
    visitor = await joinAsVisitor(
      { url: String(session.body.rt_url), token: String(session.body.rt_token) },
      'text',
    ).catch((error: unknown) => {
      throw new Fault(`join failed: ${(error as Error).message}`);
    });
    const joined = visitor;
    joined.room.on(RoomEvent.Disconnected, () => (state.fault ??= 'transport_disconnected'));
    joined.room.on(RoomEvent.Reconnected, () => (record.reconnects += 1));
    // The session ends 2 s after the agent left without a word, as the SDK's grace has it.
    joined.room.on(RoomEvent.ParticipantDisconnected, (participant) => {
      if (!participant.identity.startsWith('agent')) return;
      setTimeout(() => {
        const agentBack = [...joined.room.remoteParticipants.values()].some((p) =>
          p.identity.startsWith('agent'),
        );
        if (!agentBack) state.fault ??= 'agent_disconnected';
      }, 2000);
    });
    // A publish under way when the Transport drops rejects (aborted): the conversation ended.
    const send = (topic: string, payload: unknown) =>
      joined.publish(topic, payload).catch((error: unknown) => {
        throw new Fault(state.fault ?? `publish failed: ${(error as Error).message}`);
      });
    const messages = () =>
      joined.received
        .filter((entry) => entry.topic === 'message:new')
        .map((entry) => entry.payload);
    const replies = () => messages().filter((message) => message.role === 'assistant').length;

    // A job process starts per conversation: on a loaded machine that takes a while.
    await until(joined, state, () => joined.received.some((e) => e.topic === 'config'), 240_000);
    record.configMs = Date.now() - started;
    counters.configured += 1;
    const config = joined.received.find((entry) => entry.topic === 'config')?.payload;
    record.conversationId = String(config?.conversation_id);
    await send('config_ack', { acknowledged: true, timestamp: Date.now() });
    // The greeting.
    await until(joined, state, () => replies() >= 1, 60_000);
    for (let turn = 1; turn <= options.turns || options.keepTalking(); turn += 1) {
      const before = replies();
      const text = `hello ${turn}`;
      await send('rt.chat', { message: text });
      record.typed.push(text);
      await until(joined, state, () => replies() > before, 60_000);
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
    await send('rt.chat', { message: 'goodbye' });
    record.typed.push('goodbye');
    await until(
      joined,
      state,
      () => messages().some((m) => m.role === 'assistant' && m.content === 'Goodbye!'),
      60_000,
    );
    // The goodbye's end_conversation ends it: `session:end` with `completed`.
    const ended = () => joined.received.find((entry) => entry.topic === 'session:end');
    const deadline = Date.now() + 60_000;
    while (!ended() && !state.fault && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const reason = ended()?.payload.reason;
    record.outcome =
      reason === 'completed' ? 'completed' : `after goodbye: ${String(reason ?? state.fault)}`;
  } catch (error) {
    if (!(error instanceof Fault)) throw error;
    record.outcome = error.message;
  } finally {
    if (visitor) {
      record.received = visitor.received
        .filter((entry) => entry.topic === 'message:new')
        .map((entry) => String(entry.payload.id));
      await visitor.room.disconnect().catch(() => undefined);
    }
  }
  return record;
}

/** The admin's view of a conversation's stored messages, through the API. */
async function storedMessages(
  apiUrl: string,
  adminToken: string,
  conversationId: string,
): Promise<{ id: string; role: string; content: string }[]> {
  const response = await fetch(`${apiUrl}/v1/admin/conversations/${conversationId}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (!response.ok) return [];
  const detail = (await response.json()) as {
    messages: { id: string; role: string; content: string }[];
  };
  return detail.messages;
}

/** Unstored messages of one conversation: those received, and typed ones if it completed. */
function missing(
  record: ConversationRecord,
  stored: { id: string; role: string; content: string }[],
): number {
  const ids = new Set(stored.map((message) => message.id));
  const storedTyped = stored
    .filter((message) => message.role === 'user')
    .map((message) => message.content);
  const typedMissing =
    record.outcome === 'completed'
      ? record.typed.filter((text) => !storedTyped.includes(text)).length
      : 0;
  return record.received.filter((id) => !ids.has(id)).length + typedMissing;
}

/**
 * Starts the topology, runs the conversations and the stops, checks every message against the
 * store and stops everything; resolves with the figures.
 */
export async function runScaleOut(options: ScaleOutOptions): Promise<ScaleOutFigures> {
  const log = options.log ?? (() => undefined);
  const turns = options.turns ?? 3;
  const pauseMs = options.pauseMs ?? 1500;
  const attempts = options.attempts ?? 3;
  const arrivalMs = options.arrivalMs ?? 100;
  const topology = await startTopology({ capacity: options.conversations });
  log(`topology up: api ${topology.apiUrl}, livekit ${topology.livekitUrl}`);
  const counters: Counters = {
    serverErrors: 0,
    networkRetries: 0,
    configured: 0,
    serverErrorBodies: [],
  };
  const records: ConversationRecord[] = [];
  const begun = Date.now();
  let stopsDone = false;
  const stops = { node: 0, api: 0, worker: 0 };
  let workerStop: WorkerStop = 'gone';
  const at = () => Math.round((Date.now() - begun) / 100) / 10;
  try {
    const visitors = Array.from({ length: options.conversations }, async (_, index) => {
      // Visitors arrive over a few seconds, not in one instant.
      await new Promise((resolve) => setTimeout(resolve, index * arrivalMs));
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const record = await converse(topology, counters, index, {
          turns,
          pauseMs,
          // Every conversation goes on until the three stops are behind it.
          keepTalking: () => !stopsDone,
        });
        record.endedAtS = at();
        records.push(record);
        log(`visitor ${index}: ${record.outcome} (${record.conversationId ?? 'no conversation'})`);
        if (record.outcome === 'completed') return;
      }
    });
    const faults = (async () => {
      // Once most conversations run, one of each part is stopped, one after another.
      const deadline = Date.now() + 300_000;
      while (counters.configured < Math.ceil(options.conversations * 0.9) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      log('stopping livekit node 2');
      await topology.stopNode(1);
      stops.node = at();
      log('stopping API replica 2');
      await topology.stopApi(1);
      stops.api = at();
      log('stopping agent worker 2');
      workerStop = await topology.stopWorker(1);
      stops.worker = at();
      stopsDone = true;
    })();
    await Promise.all([faults, ...visitors]);
    const durationS = Math.round((Date.now() - begun) / 100) / 10;

    // Every message against the store, through the surviving replica; the agent stores in
    // batches and an interrupted conversation's last batch may be retried, so allow it time.
    const login = await fetch(`${topology.apiUrl}/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const adminToken = String(((await login.json()) as { token?: string }).token);
    const checked = records.filter((record) => record.conversationId !== undefined);
    const expected = (record: ConversationRecord) =>
      record.received.length + (record.outcome === 'completed' ? record.typed.length : 0);
    const checkedMessages = checked.reduce((sum, record) => sum + expected(record), 0);
    const deadline = Date.now() + 30_000;
    const unstored = await Promise.all(
      checked.map(async (record) => {
        for (;;) {
          const count = missing(
            record,
            await storedMessages(topology.apiUrl, adminToken, String(record.conversationId)),
          );
          if (count === 0 || Date.now() > deadline) {
            record.unstored = count;
            return count;
          }
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }),
    );
    const lostMessages = unstored.reduce((sum, count) => sum + count, 0);

    const apiLines = topology.apis.flatMap((api) => api.log.join('').split('\n'));
    const apiLogs = apiLines.filter((line) => /"statusCode":5\d\d/.test(line)).length;
    // Warnings and errors of the replicas (pino levels 40 and up), to explain a 5xx.
    const apiWarnings = apiLines.filter((line) => /"level":(4|5|6)0/.test(line));
    const endedByFault: Record<string, number> = {};
    for (const record of records.filter((r) => r.outcome !== 'completed'))
      endedByFault[record.outcome] = (endedByFault[record.outcome] ?? 0) + 1;
    const completedVisitors = new Map<number, number>();
    for (const record of records)
      completedVisitors.set(
        record.visitor,
        (completedVisitors.get(record.visitor) ?? 0) + (record.outcome === 'completed' ? 1 : 0),
      );
    const completed = [...completedVisitors.values()].filter((count) => count > 0).length;
    const firstTry = records.filter(
      (record) =>
        record.outcome === 'completed' &&
        records.find((r) => r.visitor === record.visitor) === record,
    ).length;
    const sessions = records.flatMap((r) => (r.sessionMs === undefined ? [] : [r.sessionMs]));
    const configsMs = records.flatMap((r) => (r.configMs === undefined ? [] : [r.configMs]));
    return {
      conversations: options.conversations,
      completed,
      completedAfterRestart: completed - firstTry,
      endedByFault,
      lostMessages,
      checkedMessages,
      serverErrors: { visitors: counters.serverErrors, apiLogs },
      networkRetries: counters.networkRetries,
      reconnects: records.reduce((sum, r) => sum + r.reconnects, 0),
      sessionStartMs: { p50: percentile(sessions, 0.5), p95: percentile(sessions, 0.95) },
      configMs: { p50: percentile(configsMs, 0.5), p95: percentile(configsMs, 0.95) },
      durationS,
      stops,
      workerStop,
      records,
      apiWarnings,
      serverErrorBodies: counters.serverErrorBodies,
    };
  } finally {
    await topology.stop();
  }
}

/** The figures as lines for a terminal or a document. */
export function formatFigures(figures: ScaleOutFigures): string {
  const faults = Object.entries(figures.endedByFault)
    .map(([reason, count]) => `${count} ${reason}`)
    .join(', ');
  return [
    `conversations: ${figures.completed}/${figures.conversations} completed (${figures.completedAfterRestart} after a restart)`,
    `ended by a stop and restarted: ${faults || 'none'}`,
    `messages lost: ${figures.lostMessages} of ${figures.checkedMessages} checked`,
    `5xx: ${figures.serverErrors.visitors} to visitors, ${figures.serverErrors.apiLogs} in the replicas' logs`,
    ...figures.serverErrorBodies.map((line) => `  5xx: ${line}`),
    `calls retried after a dropped connection: ${figures.networkRetries}; Transport reconnections: ${figures.reconnects}`,
    `session start (public session call): p50 ${figures.sessionStartMs.p50} ms, p95 ${figures.sessionStartMs.p95} ms`,
    `session call to agent config: p50 ${figures.configMs.p50} ms, p95 ${figures.configMs.p95} ms`,
    ...figures.records
      .filter((record) => (record.unstored ?? 0) > 0)
      .map(
        (record) =>
          `  unstored: ${record.unstored} of conversation ${record.conversationId} (${record.outcome})`,
      ),
    `stops at ${figures.stops.node} s (node), ${figures.stops.api} s (API), ${figures.stops.worker} s (worker, ${figures.workerStop}); run ${figures.durationS} s`,
  ].join('\n');
}
