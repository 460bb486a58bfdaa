import { randomUUID } from 'node:crypto';
import { withoutModelHints } from '@svc/agents-plugin-embedded';
import { TOPICS, type ConversationMessage } from '@svc/protocol';
import { MESSAGE_BATCH_LIMITS, type TurnMetrics } from '@svc/protocol/agent';
import { AgentApiError, type ConversationApi } from './api-client.js';
import type { VisitorChannel } from './channel.js';
import type { RouterDecision } from './router/index.js';

/** A chat item as the agents framework reports it (the fields we read). */
export interface ChatItemLike {
  id: string;
  role: string;
  textContent?: string | undefined;
  interrupted?: boolean;
  createdAt?: number;
  metrics?: {
    transcriptionDelay?: number;
    endOfTurnDelay?: number;
    llmNodeTtft?: number;
    ttsNodeTtfb?: number;
    e2eLatency?: number;
  };
}

/** A function call and its output as the framework reports them. */
export interface ToolRunLike {
  call: { callId: string; name: string; args: string };
  output?: { output: string; isError: boolean } | undefined;
}

const seconds = (value: number | undefined) =>
  value === undefined ? null : Math.round(value * 1000);

/**
 * The conversation's messages: each is published on `message:new` at once and stored through the
 * agent's API in batches under the API's bounds (the API skips ids it has, so a retried batch is
 * harmless). A batch the API refuses is split until the message it refuses is alone, and only
 * that one is dropped; failures that may pass are retried with a growing delay, a bounded number
 * of times.
 */
export class MessageLog {
  private pending: ConversationMessage[] = [];
  private pendingMetrics: TurnMetrics[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private turn = 0;
  /** Store attempts failed in a row (they space out the retries). */
  private failures = 0;
  private lastUser: ChatItemLike['metrics'] | undefined;
  /** Every message of this run, in order (for tests and the end-of-call summary). */
  readonly messages: ConversationMessage[] = [];
  /** The page state to attach to the visitor's next message (`experience_state`). */
  experienceState: Record<string, unknown> | undefined;
  /** Who decided the turn being answered, for the agent's next reply (`route`). */
  private route: string | undefined;

  constructor(
    private readonly channel: VisitorChannel,
    private readonly api: ConversationApi,
    private readonly options: {
      /** The first retry's delay, doubling with each failure in a row (up to 10 s). */
      flushMs?: number;
      /** Failures in a row after which retries wait for the next message or the drain. */
      maxAttempts?: number;
      /** Bytes of one request body (default: the API's limit). */
      maxBatchBytes?: number;
      /** Every failure, and every message dropped as a {@link MessageRefusedError}. */
      onError?: (error: unknown) => void;
    } = {},
  ) {}

  /**
   * Notes who decided the turn: the rule of the router that routed it (a templated reply answers
   * the rule's own call), or `model`. The agent's next reply carries it as `route`.
   */
  noteDecision(decision: RouterDecision): void {
    this.route = decision.by === 'llm' ? 'model' : (decision.rule ?? this.route);
  }

  /** Records a user or assistant chat item; other roles (system) are not conversation. */
  addChatItem(item: ChatItemLike): void {
    if (item.role !== 'user' && item.role !== 'assistant') return;
    const content = item.textContent ?? '';
    if (!content && !item.interrupted) return;
    const message: ConversationMessage = {
      id: item.id,
      role: item.role,
      content,
      timestamp: new Date(item.createdAt ?? Date.now()).toISOString(),
      ...(item.interrupted ? { interrupted: true } : {}),
      ...(item.role === 'user' && this.experienceState
        ? { experience_state: this.experienceState }
        : {}),
      ...(item.role === 'assistant' && this.route ? { route: this.route } : {}),
    };
    if (item.role === 'assistant') this.route = undefined;
    this.add(message);
    if (item.role === 'user') this.lastUser = item.metrics;
    else this.recordTurn(item.metrics);
  }

  /** Records the model's tool calls (one assistant message) and their results (tool messages). */
  addToolRuns(runs: ToolRunLike[]): void {
    if (runs.length === 0) return;
    const parse = (args: string): Record<string, unknown> => {
      try {
        const value = JSON.parse(args) as unknown;
        return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      } catch {
        return {};
      }
    };
    // Message ids are unique in the whole store (the API keys messages by id and skips ids it has):
    // a call id alone is not (the scripted LLM numbers its calls from 0 in every turn, and
    // self-hosted servers may too), so each id gets a random part.
    const unique = () => randomUUID().slice(0, 8);
    this.add({
      id: `calls-${runs[0]?.call.callId ?? 'call'}-${unique()}`,
      role: 'assistant',
      content: '',
      timestamp: new Date().toISOString(),
      tool_calls: runs.map(({ call }) => ({
        id: call.callId,
        name: call.name,
        arguments: parse(call.args),
      })),
    });
    for (const { call, output } of runs) {
      if (!output) continue;
      this.add({
        id: `result-${call.callId}-${unique()}`,
        role: 'tool',
        // What the tool answered; the keys only the model reads are not the conversation's.
        content: withoutModelHints(output.output),
        timestamp: new Date().toISOString(),
        tool_call_id: call.callId,
      });
    }
  }

  /** Stores a custom event from the page as an `event` message (never spoken or echoed). */
  addEvent(name: string, data: unknown): void {
    this.store({
      id: `event-${randomUUID()}`,
      role: 'event',
      content: JSON.stringify({ name, ...(data === undefined ? {} : { data }) }),
      timestamp: new Date().toISOString(),
    });
  }

  private add(message: ConversationMessage): void {
    void this.channel
      .publish(TOPICS.MESSAGE_NEW, message)
      .catch((error: unknown) => this.options.onError?.(error));
    this.store(message);
  }

  private store(message: ConversationMessage): void {
    this.messages.push(message);
    this.pending.push(message);
    this.schedule();
  }

  private recordTurn(assistant: ChatItemLike['metrics'] | undefined): void {
    this.turn += 1;
    const user = this.lastUser;
    this.lastUser = undefined;
    if (!assistant && !user) return;
    this.pendingMetrics.push({
      turn: this.turn,
      end_of_turn_ms: seconds(user?.endOfTurnDelay),
      stt_ms: seconds(user?.transcriptionDelay),
      llm_ttft_ms: seconds(assistant?.llmNodeTtft),
      tts_ttfb_ms: seconds(assistant?.ttsNodeTtfb),
      e2e_ms: seconds(assistant?.e2eLatency),
    });
    this.schedule();
  }

  /** Plans the next attempt; `retry` when it follows a failure (those count to the bound). */
  private schedule(retry = false): void {
    if (this.timer) return;
    // Past the bound the log stops trying by itself: what waits goes with the next message or the
    // drain at the end, so an API down for long is not asked every few seconds for the whole call.
    if (retry && this.failures >= (this.options.maxAttempts ?? MAX_ATTEMPTS)) return;
    const delay = Math.min(MAX_RETRY_DELAY_MS, (this.options.flushMs ?? 300) * 2 ** this.failures);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
    // A pending retry never keeps a finished job process alive.
    this.timer.unref?.();
  }

  /**
   * Stores everything recorded, trying again every half second while the API fails, for at most
   * `timeoutMs`: a conversation that ends while the API is down (restarting) keeps its messages.
   * Resolves true once all is stored, false when the time ran out first.
   */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.flush();
      if (this.pending.length === 0 && this.pendingMetrics.length === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, left)));
    }
  }

  /** Stores what is pending; resolves when everything recorded so far is stored (or failed). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const messages = this.pending.splice(0);
    const metrics = this.pendingMetrics.splice(0);
    this.flushing = this.flushing.then(async () => {
      const batches = batchesOf(messages, this.options.maxBatchBytes);
      try {
        while (batches.length > 0) await this.storeFirst(batches);
        if (metrics.length > 0) await this.storeMetrics(metrics);
        this.failures = 0;
      } catch (error) {
        this.options.onError?.(error);
        // A failure that may pass (the API down or busy) drops nothing: what was not stored goes
        // back first in line (the API skips ids it has), and the next attempt waits longer.
        this.pending.unshift(...batches.flat());
        this.pendingMetrics.unshift(...metrics);
        this.failures += 1;
        this.schedule(true);
      }
    });
    return this.flushing;
  }

  /**
   * Stores the first batch of `batches` and takes it off. A batch the API refuses is split in two
   * that take its place, so one message the API will never take (too large, malformed) holds up
   * nothing else; that message alone is dropped, reported without its content. A refusal of the
   * request itself (the conversation unknown, the key refused) drops the batch whole: each half
   * would be refused alike.
   */
  private async storeFirst(batches: ConversationMessage[][]): Promise<void> {
    const batch = batches[0] ?? [];
    try {
      await this.api.appendMessages(batch);
      batches.shift();
    } catch (error) {
      if (!isRefusal(error)) throw error;
      batches.shift();
      if (batch.length === 1 || WHOLE_REQUEST_REFUSALS.has(error.status)) {
        this.options.onError?.(new MessageRefusedError(batch, error));
        return;
      }
      const half = Math.ceil(batch.length / 2);
      batches.unshift(batch.slice(0, half), batch.slice(half));
    }
  }

  private async storeMetrics(metrics: TurnMetrics[]): Promise<void> {
    try {
      await this.api.recordMetrics(metrics);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      // Figures the API will never take are not worth holding the transcript's retries for.
      this.options.onError?.(error);
    }
  }
}

/** Attempts in a row after which the log stops retrying on its own timer. */
const MAX_ATTEMPTS = 10;
/** Statuses that refuse a request whatever its body holds. */
const WHOLE_REQUEST_REFUSALS = new Set([401, 403, 404]);
/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = 10_000;
/** `{"messages":[]}`: the bytes of a request body around its messages. */
const BODY_BYTES = Buffer.byteLength(JSON.stringify({ messages: [] }));

/**
 * Whether the API answered that it will never take this request: a 4xx other than 408 (timeout)
 * and 429 (rate limited), which are transient even though they are 4xx. Network failures and 5xx
 * may pass.
 */
function isRefusal(error: unknown): error is AgentApiError {
  return (
    error instanceof AgentApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * `messages` in order, cut into request bodies under the API's bounds: at most
 * {@link MESSAGE_BATCH_LIMITS}.MAX_MESSAGES each, and `maxBytes` of JSON. A message larger than
 * that alone goes on its own, for the API to judge.
 */
export function batchesOf(
  messages: ConversationMessage[],
  maxBytes: number = MESSAGE_BATCH_LIMITS.MAX_BODY_BYTES,
): ConversationMessage[][] {
  const batches: ConversationMessage[][] = [];
  let batch: ConversationMessage[] = [];
  let bytes = BODY_BYTES;
  for (const message of messages) {
    const size = Buffer.byteLength(JSON.stringify(message));
    // One byte more for the comma before every message but a batch's first.
    if (
      batch.length > 0 &&
      (batch.length >= MESSAGE_BATCH_LIMITS.MAX_MESSAGES || bytes + 1 + size > maxBytes)
    ) {
      batches.push(batch);
      batch = [];
      bytes = BODY_BYTES;
    }
    bytes += (batch.length > 0 ? 1 : 0) + size;
    batch.push(message);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Messages the API refused (one on its own, or a whole batch when it refused the request itself),
 * dropped so the rest of the transcript is stored. They are named by id, role and size, never by
 * their content (which is the visitor's words).
 */
export class MessageRefusedError extends Error {
  /** The API's status. */
  readonly status: number;
  /** The ids of the messages dropped. */
  readonly ids: string[];
  constructor(messages: ConversationMessage[], cause: AgentApiError) {
    const bytes = Buffer.byteLength(JSON.stringify(messages));
    const [first] = messages;
    const which =
      messages.length === 1 && first
        ? `message ${first.id} (${first.role}, ${bytes} bytes)`
        : `${messages.length} messages (${bytes} bytes)`;
    super(`the API refused ${which} with ${cause.status}: ${cause.message}; dropped`, { cause });
    this.name = new.target.name;
    this.status = cause.status;
    this.ids = messages.map((message) => message.id);
  }
}
