import type { llm, stt, tts, VAD } from '@livekit/agents';
import type { RuntimeConfig } from '@svc/protocol/agent';
import type { HeardSureness, OverAgentHearing } from '../turn/index.js';

/** Which ways the visitor speaks and hears in a conversation. */
export interface ConversationModes {
  audioIn: boolean;
  audioOut: boolean;
}

/** The speech and language engines of one conversation. */
export interface Engines {
  llm: llm.LLM;
  stt?: stt.STT | undefined;
  tts?: tts.TTS | undefined;
  vad?: VAD | undefined;
  /** How long after the end of speech a turn is committed, ms (the STT's final must be in by then). */
  endpointingMinDelayMs?: number | undefined;
  /**
   * The transcript confidence under which a spoken turn the router cannot read is asked again
   * (see `RouterOptions.askAgainBelow`); only for a recognizer whose confidence means that.
   */
  askAgainBelow?: number | undefined;
  /** How sure the recognizer was of what it heard, for the turn detector (the embedded Whisper). */
  sureness?: HeardSureness | undefined;
  /** How the embedded Whisper hears speech over the agent (again bare, and before it ends); the session decides. */
  overAgentHearing?: OverAgentHearing | undefined;
}

/** How the worker runs conversations. */
export interface ConversationOptions {
  apiUrl: string;
  agentKey: string;
  /** Picks the engines for a conversation from its scenario's voice settings and modes. */
  engines(runtime: RuntimeConfig, modes: ConversationModes): Promise<Engines>;
  /** How long to wait for the visitor to join before giving up (default 60 s). */
  visitorTimeoutMs?: number;
}
