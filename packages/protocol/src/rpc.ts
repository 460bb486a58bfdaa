import type { Collection, ToolConfig } from './config.js';
import { LIMITS, TIMINGS } from './limits.js';

/** RPC methods with fixed names, and the timeout each caller applies. */
export const RPC_METHODS = {
  /** Agent to frontend: is the visitor interacting with the page? Answered by the SDK. */
  UI_ACTIVITY_CHECK: { method: 'svc__ui_activity_check', timeoutMs: LIMITS.UI_ACTIVITY_MS },
  /** Frontend to agent: start dictating into the composer. */
  COMPOSER_START_DICTATION: {
    method: 'composer_start_dictation',
    timeoutMs: LIMITS.COMPOSER_START_MS,
  },
  /** Frontend to agent: stop dictating and get the final text. */
  COMPOSER_END_DICTATION: { method: 'composer_end_dictation', timeoutMs: LIMITS.COMPOSER_END_MS },
  /** Frontend to agent: stop dictating and drop the text. */
  COMPOSER_CANCEL_DICTATION: {
    method: 'composer_cancel_dictation',
    timeoutMs: LIMITS.COMPOSER_CANCEL_MS,
  },
} as const;

/** A tool RPC, agent to frontend. */
export interface RpcToolRequest {
  requestId: string;
  tool?: string;
  args?: Record<string, unknown>;
  /** Unix milliseconds when the agent sent it. */
  sentAt?: number;
}

/** A tool RPC answer, frontend to agent. `code` is one of the response codes or another string. */
export interface RpcToolResponse {
  requestId?: string;
  code: string;
  data?: unknown;
}

/** What a feature tool handler returns. */
export interface FeatureToolResult {
  requestId: string;
  response: {
    code: 'SUCCESS' | 'ERROR' | 'TIMEOUT' | 'CANCELLED';
    /** Sent to the agent. */
    data: unknown;
  };
  /** Updates the feature's UI only; never sent to the agent. */
  componentData?: Record<string, unknown>;
}

/** Context passed to a session tool handler. */
export interface ToolHandlerContext {
  toolName: string;
  /** The tool's settings from the scenario config. */
  settings: Record<string, unknown>;
  collections: Collection[];
  /** Aborted on timeout or session end. */
  signal: AbortSignal;
}

/** Answer of `svc__ui_activity_check`. */
export interface UiActivityCheckResponse {
  /** The visitor interacted with the page within the last 30 seconds and the page is visible. */
  active: boolean;
  /** The page is visible (not in a background tab). */
  visible: boolean;
  /** Unix milliseconds of the last interaction, or null when none was seen. */
  last_activity_at: number | null;
}

/** Request of `composer_start_dictation`. */
export interface ComposerStartRequest {
  /** BCP-47 tag; the session's language when omitted. */
  language?: string;
}
/** Answer of `composer_start_dictation`. */
export interface ComposerStartResponse {
  dictation_id: string;
}
/** Request of `composer_end_dictation` and `composer_cancel_dictation`. */
export interface ComposerDictationRequest {
  dictation_id: string;
}
/** Answer of `composer_end_dictation`: the final text. */
export interface ComposerEndResponse {
  dictation_id: string;
  text: string;
}
/** Answer of `composer_cancel_dictation`. */
export interface ComposerCancelResponse {
  dictation_id: string;
  cancelled: true;
}

/** The RPC method name of a tool: `frontend_method` when present, else `name`. */
export function rpcMethodName(tool: Pick<ToolConfig, 'name' | 'frontend_method'>): string {
  return tool.frontend_method || tool.name;
}

/**
 * How long each side waits for a tool RPC. The frontend handler gets `rpc_timeout_s` seconds, else
 * `FRONTEND_TOOL_MS`; the agent waits that budget plus a transit margin, and never less than
 * `AGENT_DEFAULT_MS`, so the frontend's own `TIMEOUT` answer reaches it as data.
 */
export function toolTimeouts(tool: Pick<ToolConfig, 'rpc_timeout_s'>): {
  handlerMs: number;
  agentMs: number;
} {
  const seconds = tool.rpc_timeout_s;
  const handlerMs =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
      ? Math.round(seconds * 1000)
      : LIMITS.FRONTEND_TOOL_MS;
  const agentMs = Math.max(LIMITS.AGENT_DEFAULT_MS, handlerMs + TIMINGS.RPC_RESPONSE_MARGIN_MS);
  return { handlerMs, agentMs };
}
