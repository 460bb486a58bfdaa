import { randomUUID } from 'node:crypto';
import { TOPICS, type ConversationMessage } from '@svc/protocol';
import type { TurnMetrics } from '@svc/protocol/agent';
import type { ConversationApi } from './api-client.js';
import type { VisitorChannel } from './channel.js';

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
 * agent's API in small batches (the API skips ids it has, so a retried batch is harmless).
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

  constructor(
    private readonly channel: VisitorChannel,
    private readonly api: ConversationApi,
    private readonly options: { flushMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

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
    };
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
        content: output.output,
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

  private schedule(): void {
    if (this.timer) return;
    const delay = Math.min(10_000, (this.options.flushMs ?? 300) * 2 ** this.failures);
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
      let stored = 0;
      try {
        for (; stored < messages.length; stored += 100) {
          await this.api.appendMessages(messages.slice(stored, stored + 100));
        }
        if (metrics.length > 0) await this.api.recordMetrics(metrics);
        this.failures = 0;
      } catch (error) {
        this.options.onError?.(error);
        // Nothing is dropped: what was not stored goes back first in line (the API skips ids it
        // has), and the next attempt waits longer each time the API keeps failing.
        this.pending.unshift(...messages.slice(stored));
        this.pendingMetrics.unshift(...metrics);
        this.failures += 1;
        this.schedule();
      }
    });
    return this.flushing;
  }
}
