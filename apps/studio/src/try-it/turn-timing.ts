// How long each typed turn of a try-it session took, measured in the browser: from the moment the
// admin sent the text to the first thing the agent answered (words or a tool call). The agent's
// own latency split reaches the API, not the page, so this is what the page itself can measure.
import type { ConversationMessage } from '@svc/protocol';

/** One turn as the browser saw it. */
export interface TurnTiming {
  /** The text sent. */
  text: string;
  sentAt: number;
  /** When the agent's first answer to it arrived; undefined while it has not. */
  answeredAt?: number;
  /** The tools the agent called in the turn, in order. */
  tools: string[];
}

/** Turns of a session: the admin's sends, and the agent's messages as they arrive. */
export class TurnTimer {
  #turns: TurnTiming[] = [];

  /** The turns so far, oldest first. */
  get turns(): readonly TurnTiming[] {
    return this.#turns;
  }

  /** The admin sent `text` at `now`. */
  sent(text: string, now: number): void {
    this.#turns = [...this.#turns, { text, sentAt: now, tools: [] }];
  }

  /** A message arrived at `now`; only the agent's count, and only after a send. */
  received(message: ConversationMessage, now: number): void {
    const last = this.#turns.at(-1);
    if (!last || message.role !== 'assistant') return;
    const tools = (message.tool_calls ?? []).map((call) => call.name);
    if (!message.content && tools.length === 0) return;
    const updated: TurnTiming = {
      ...last,
      answeredAt: last.answeredAt ?? now,
      tools: [...last.tools, ...tools],
    };
    this.#turns = [...this.#turns.slice(0, -1), updated];
  }
}
