import type { RestoreState } from '../config.js';
import type { ConversationMessage } from '../messages.js';
import { define, nullable, number, object, type ReaderOutput } from '../parse/reader.js';

/** Body of `POST .../messages`: messages to store; an id seen before is skipped. */
export interface AppendMessagesRequest {
  messages: ConversationMessage[];
}

/** What `POST .../messages` and `POST .../metrics` answer: how many were new. */
export interface StoredCount {
  stored: number;
}

/** What `PUT .../restore-state` answers: whether the checkpoint was newer, and the latest one. */
export interface SaveRestoreStateResponse {
  saved: boolean;
  restore_state: RestoreState;
}

/** Body of `POST .../end`. */
export interface EndConversationRequest {
  /** One of `AGENT_END_REASONS`, or another short reason. */
  reason: string;
  /** ISO timestamp; default: when the API receives it. */
  ended_at?: string;
  /** A readable account of the end for the conversation record, as why an `agent_error` happened. */
  detail?: string;
}

/** What `POST .../end` answers: the end that counts (the first one recorded). */
export interface EndConversationResponse {
  ended_at: string | null;
  end_reason: string | null;
}

const milliseconds = nullable(number);

/** Reads a {@link TurnMetrics}. */
const turnMetrics = object(
  // The turn's number in the conversation, counting up from 1.
  { turn: number },
  {
    // From the end of the visitor's speech to the turn being committed.
    end_of_turn_ms: milliseconds,
    // Speech to text: how long the final transcript took after the end of speech.
    stt_ms: milliseconds,
    // The language model's time to its first token.
    llm_ttft_ms: milliseconds,
    // Text to speech: time to the first audio byte.
    tts_ttfb_ms: milliseconds,
    // From the end of the visitor's speech to the agent's first audio.
    e2e_ms: milliseconds,
  },
);

/**
 * One turn's latencies, milliseconds; a part the agent could not measure is null or absent:
 * `end_of_turn_ms` (end of speech to the turn committed), `stt_ms` (the final transcript after
 * the end of speech), `llm_ttft_ms` (the model's first token), `tts_ttfb_ms` (the first audio
 * byte), `e2e_ms` (end of speech to the agent's first audio).
 */
export type TurnMetrics = ReaderOutput<typeof turnMetrics>;

/** Parses a {@link TurnMetrics}. */
export const parseTurnMetrics = define(turnMetrics);

/** Body of `POST .../metrics`; a turn sent twice keeps its first figures. */
export interface RecordMetricsRequest {
  turns: TurnMetrics[];
}
