import type { RestoreState } from './config.js';
import type { SessionMode } from './identity.js';

/** A conversation message role. */
export type MessageRole = 'user' | 'assistant' | 'tool' | 'event';

/** One tool invocation in an assistant message (shape settled in `docs/decisions.md`). */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments the model produced. */
  arguments: Record<string, unknown>;
}

/**
 * Payload of topic `message:new`. Fields other than `id`, `role`, `content` and `timestamp` appear
 * when they apply: `tool_calls` on assistant messages that call tools, `tool_call_id` on tool
 * results, `interrupted` when speech was cut, `experience_state` when the UI state is attached,
 * `route` on the agent's replies when it says who decided the turn.
 */
export interface ConversationMessage {
  id: string;
  role: MessageRole;
  content: string;
  /** ISO timestamp. */
  timestamp: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  interrupted?: boolean;
  experience_state?: Record<string, unknown>;
  /**
   * Who decided the turn this agent reply answers (an extension of the contract's shape): the id
   * of the intent router's rule (`cart.remove`), or `model` when the LLM answered.
   */
  route?: string;
}

/** Payload of topic `session:end`. */
export interface SessionEndPayload {
  reason?: string;
  /** ISO timestamp. */
  ended_at?: string;
}

/** Payload of `state:update` (frontend to agent): a restore checkpoint. */
export type StateUpdatePayload = RestoreState;

/** Payload of `ui:activity` (frontend to agent): a heartbeat of visitor activity in the page. */
export interface UiActivityPayload {
  /** What happened, for example `click`, `scroll`, `input`, `panel_open`. */
  action: string;
  /** Feature type of the panel involved, if any. */
  feature?: string;
  /** Unix milliseconds. */
  timestamp: number;
}

/** Payload of `assistant:interrupt` (frontend to agent): stop the current speech. */
export interface AssistantInterruptPayload {
  /** Unix milliseconds. */
  timestamp: number;
  reason?: string;
}

/** An action of `session:control`. */
export type SessionControlAction = 'end' | 'pause' | 'resume' | 'set_modes';

/**
 * Payload of `session:control` (both ways). `end`: the sender ends the conversation; `pause` and
 * `resume`: the agent stops and restarts listening and speaking; `set_modes`: switch modes.
 */
export interface SessionControlPayload {
  action: SessionControlAction;
  input_mode?: SessionMode;
  output_mode?: SessionMode;
  reason?: string;
}

/** Payload of `event:fire` (both ways): a custom event, for example analytics. */
export interface EventFirePayload {
  name: string;
  data?: Record<string, unknown>;
  /** Unix milliseconds. */
  timestamp: number;
}

/** Payload of `dictation:transcript` (agent to frontend): live speech-to-text of the composer. */
export interface DictationTranscriptPayload {
  dictation_id: string;
  text: string;
  /** True once the text of this segment will not change. */
  is_final: boolean;
  /** Unix milliseconds. */
  timestamp: number;
}

/** Payload of topic `rt.chat` (frontend to agent) as the Transport's chat sends it. */
export interface ChatPayload {
  message: string;
}
