// What the fault tests share: a database prepared for an API process (the demo seeded, its
// scenario scripted), a typed visitor that goes through the real public routes and the Transport
// as the SDK does (identify, session, config_ack, `rt.chat`), and the count of what the visitor
// was sent against what the API stored.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Room, RoomEvent, type RemoteParticipant } from '@livekit/rtc-node';
import {
  DEMO_SCRIPT,
  scriptPublication,
  startAgentWorker,
  type ScriptLine,
} from '@svc/agent/testing';
import {
  startApiProcess,
  startTestApi,
  type ApiProcess,
  type OpenDatabase,
} from '@svc/api/testing';
import type { LivekitServer } from '@svc/livekit-dev';
import type { ConversationMessage } from '@svc/protocol';

/**
 * The scripted LLM of the fault tests: the demo's lines (goodbye ends the conversation), and
 * every other typed turn answered with a short line, so each turn is two known messages.
 */
export const FAULT_SCRIPT: ScriptLine[] = [
  // A tool's result gets no more words; goodbye says so and ends the conversation.
  ...DEMO_SCRIPT.filter((line) => line.when === '"ok":true' || line.when === 'goodbye'),
  { when: '^[^{]', reply: 'Noted.' },
];

/** A migrated, seeded database the API process is started on, and a handle to read it. */
export interface FaultDatabase {
  database: OpenDatabase;
  /** The demo's production publication, scripted with {@link FAULT_SCRIPT}. */
  publication: string;
  close(): Promise<void>;
}

/**
 * Migrates and seeds `databaseUrl` (a SQLite path or a PostgreSQL URL) with the demo and scripts
 * its publication; the handle stays open for the test to read what was stored.
 */
export async function prepareDatabase(databaseUrl: string): Promise<FaultDatabase> {
  const api = await startTestApi({ databaseUrl });
  await scriptPublication(api.database, api.seeded.publicationUuid, FAULT_SCRIPT);
  // Only the database is needed from here on; the API under test is its own process.
  await api.app.close();
  return {
    database: api.database,
    publication: api.seeded.publicationUuid,
    close: () => api.database.close(),
  };
}

/** A SQLite database file in a fresh temporary folder, named after the fault for its logs. */
export function sqliteFile(fault: string): string {
  return join(mkdtempSync(join(tmpdir(), `svc-fault-${fault}-`)), 'svc.db');
}

/** The API as its own process (so it can be killed) with one agent worker, on a prepared database. */
export interface ProcessStand {
  data: FaultDatabase;
  api: ApiProcess;
  /** The worker's and the API's output, for a visitor's failure message. */
  log(): string;
  /** Stops the worker, the API and the database handle (whatever of them started). */
  stop(): Promise<void>;
}

/**
 * Prepares `databaseUrl` ({@link prepareDatabase}), starts the API process on it and an agent
 * worker beside it. A start that fails part-way stops what it had started before it throws.
 */
export async function startProcessStand(options: {
  livekit: LivekitServer;
  databaseUrl: string;
  redisUrl?: string;
}): Promise<ProcessStand> {
  const stops: (() => Promise<unknown>)[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const step of stops.reverse()) await step().catch(() => undefined);
    })());
  try {
    const data = await prepareDatabase(options.databaseUrl);
    stops.push(() => data.close());
    const api = await startApiProcess({
      databaseUrl: options.databaseUrl,
      livekit: options.livekit,
      ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    });
    stops.push(() => api.stop());
    const worker = await startAgentWorker({ livekit: options.livekit, apiUrl: api.url });
    stops.push(() => worker.stop());
    return { data, api, log: () => worker.log.join('') + api.log.join(''), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The ids of a conversation's stored messages. */
export async function storedMessageIds(
  database: OpenDatabase,
  conversationId: string,
): Promise<string[]> {
  const rows = await database.db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .execute();
  return rows.map((row) => row.id);
}

/** Messages the visitor was sent on `message:new`, against those stored: the fault's figures. */
export interface MessageCount {
  sent: number;
  stored: number;
  /** Ids sent and never stored. */
  lost: string[];
}

/** Counts what `visitor` was sent against what is stored for its conversation. */
export async function countMessages(
  database: OpenDatabase,
  visitor: { conversationId: string; received: readonly { id: string }[] },
): Promise<MessageCount> {
  const sent = new Set(visitor.received.map((message) => message.id));
  const stored = new Set(await storedMessageIds(database, visitor.conversationId));
  return {
    sent: sent.size,
    stored: [...sent].filter((id) => stored.has(id)).length,
    lost: [...sent].filter((id) => !stored.has(id)),
  };
}

/**
 * Resolves once the conversation's end is recorded. The visitor hears `session:end` before the
 * agent stores the last turn (the end tool's call and result) and records the end after it: a
 * count of the stored messages is final only from then on.
 */
export async function endRecorded(
  database: OpenDatabase,
  conversationId: string,
  timeoutMs = 60_000,
): Promise<void> {
  const endedAt = async () =>
    (
      await database.db
        .selectFrom('conversations')
        .select('ended_at')
        .where('id', '=', conversationId)
        .executeTakeFirstOrThrow()
    ).ended_at;
  await until(async () => (await endedAt()) !== null, 'the end recorded', timeoutMs);
}

/** Polls `check` every 100 ms until it is true; throws naming `what` after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A typed visitor in one conversation, on rtc-node. */
export interface TypedVisitor {
  conversationId: string;
  /** Every `message:new` the agent sent, in order. */
  received: ConversationMessage[];
  /** `session:end` when the agent sent one. */
  ended: { reason?: string } | null;
  /** Types `text` and resolves with the agent's reply to it. */
  say(text: string, timeoutMs?: number): Promise<ConversationMessage>;
  leave(): Promise<void>;
}

async function post(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Starts a typed conversation through the API's public routes and joins it as the page does:
 * resolves once the agent's config is acknowledged and its greeting has arrived.
 */
export async function typedVisitor(
  apiUrl: string,
  publication: string,
  options: {
    timeoutMs?: number;
    /** Shown when the greeting never comes. */ log?: () => string;
  } = {},
): Promise<TypedVisitor> {
  const identity = await post(`${apiUrl}/v1/public/token`, {
    scenario_uuid: publication,
    external_id: `fault-${Math.random().toString(36).slice(2)}`,
  });
  const credentials = await post(
    `${apiUrl}/v1/public/session`,
    { scenario_uuid: publication, input_mode: 'text', output_mode: 'text' },
    String(identity.user_token),
  );
  const room = new Room();
  const received: ConversationMessage[] = [];
  let ended: TypedVisitor['ended'] = null;
  let conversationId = '';
  const onPayload = (topic: string, text: string) => {
    const payload = JSON.parse(text) as Record<string, unknown>;
    if (topic === 'config') {
      conversationId = String(payload.conversation_id);
      void room.localParticipant?.publishData(
        new TextEncoder().encode(JSON.stringify({ acknowledged: true, timestamp: Date.now() })),
        { reliable: true, topic: 'config_ack' },
      );
    } else if (topic === 'message:new') {
      const message = payload as unknown as ConversationMessage;
      // A message sent again (marked interrupted) replaces the first, as the SDK keeps it.
      const index = received.findIndex((existing) => existing.id === message.id);
      if (index >= 0) received[index] = message;
      else received.push(message);
    } else if (topic === 'session:end') ended = payload;
  };
  room.on(
    RoomEvent.DataReceived,
    (payload: Uint8Array, _from?: RemoteParticipant, _kind?: unknown, topic?: string) =>
      onPayload(topic ?? '', new TextDecoder().decode(payload)),
  );
  // Payloads too big for one packet come as text streams on the same topic.
  for (const topic of ['config', 'message:new'])
    room.registerTextStreamHandler(topic, (reader) => {
      void reader.readAll().then((text) => onPayload(topic, text));
    });
  await room.connect(String(credentials.rt_url), String(credentials.rt_token), {
    autoSubscribe: false,
    dynacast: false,
  });
  const timeoutMs = options.timeoutMs ?? 60_000;
  await until(
    () => received.some((message) => message.role === 'assistant'),
    `the greeting (conversation ${conversationId || 'with no config yet'})`,
    timeoutMs,
  ).catch((error: unknown) => {
    void room.disconnect();
    throw new Error(`${(error as Error).message}\n${options.log?.().slice(-3000) ?? ''}`, {
      cause: error,
    });
  });
  return {
    get conversationId() {
      return conversationId;
    },
    received,
    get ended() {
      return ended;
    },
    async say(text, replyTimeoutMs = 30_000) {
      const before = received.length;
      await room.localParticipant?.publishData(
        new TextEncoder().encode(JSON.stringify({ message: text })),
        { reliable: true, topic: 'rt.chat' },
      );
      const reply = () =>
        received
          .slice(before)
          .find((message) => message.role === 'assistant' && message.content !== '');
      await until(() => reply() !== undefined, `a reply to "${text}"`, replyTimeoutMs);
      return reply() as ConversationMessage;
    },
    leave: () => room.disconnect(),
  };
}

/** `pid` and every process under it (its job processes, their helpers). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    // `ps` exits 1 when the process has no children.
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * Kills a process and everything under it with SIGKILL, all at once, as a service manager kills
 * a service's whole control group (or the machine under it dies): a worker's job processes go
 * with it. Answers how many processes were killed.
 */
export function killProcessTree(pid: number): number {
  const tree = processTree(pid);
  for (const member of tree) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  return tree.length;
}
