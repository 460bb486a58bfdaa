import type { Collection, FeatureDefinition, RestoreState, ToolConfig } from '../config.js';
import type { SessionMode } from '../identity.js';
import type { ConversationMessage } from '../messages.js';
import type { ScenarioAnalysis } from './analysis.js';

/**
 * One engine choice of a scenario's voice settings (`{ provider: 'openai', model: 'gpt-4o-mini' }`).
 * Keys never live here and a scenario never names an environment variable: a hosted provider uses
 * the operator's key at its own host, unless the setting names an operator `endpoint` or a
 * company `credential` (see `providerSettingProblems`). Providers take options of their own, so
 * fields beyond these are kept.
 */
export interface ProviderSettings {
  /** `embedded`, `openai`, `deepgram`, ...: which engine runs this role. */
  provider: string;
  model?: string;
  /** The speaking voice (text-to-speech only). */
  voice?: string;
  /**
   * The tenant's own OpenAI-compatible server (`https`, a public host), when the provider is
   * `openai-compatible` and no endpoint or credential is named. No key is sent to it.
   */
  base_url?: string;
  /** An endpoint the operator configured on the agent workers, by name (address and key are the operator's). */
  endpoint?: string;
  /** A credential of the scenario's company, by name: its key, and for `openai-compatible` its address. */
  credential?: string;
  [option: string]: unknown;
}

/**
 * A company's provider credential as the agent receives it in the {@link RuntimeConfig}: the key
 * goes only to the provider's own host, or to `base_url` for `openai-compatible`.
 */
export interface ProviderCredential {
  provider: string;
  api_key: string;
  /** The company's own server (`openai-compatible` only). */
  base_url?: string;
}

/** A scenario's voice settings: one engine per role; a role left out gets the embedded engine. */
export interface VoiceSettings {
  /** Speech to text. */
  stt?: ProviderSettings;
  /** The language model. */
  llm?: ProviderSettings;
  /** Text to speech. */
  tts?: ProviderSettings;
}

/**
 * A tool as authored: the contract's {@link ToolConfig} plus what only the model needs. The agent
 * strips `description` and `parameters` before it sends the tool to the page on `config`.
 */
export interface ToolSnapshot extends ToolConfig {
  /** `frontend` (the page runs it over RPC, after the API part) or `server` (the agent only). */
  type: string;
  /** What the model is told the tool does; the feature type gives a default. */
  description?: string;
  /** JSON Schema of the tool's arguments; the feature type gives a default. */
  parameters?: Record<string, unknown>;
}

/** A feature as authored: the contract's {@link FeatureDefinition} with its tools as authored. */
export interface FeatureSnapshot extends FeatureDefinition {
  tools: ToolSnapshot[];
}

/**
 * The scenario as a publication froze it. Every field is optional: a snapshot is stored once and
 * read for as long as the publication lives, so readers apply the defaults the authoring API uses.
 */
export interface ScenarioSnapshot {
  name?: string;
  /** BCP-47 tag; the conversation's own language wins. */
  language?: string;
  /** The model's instructions. */
  prompt?: string;
  /** What the agent says first in a new conversation; empty: it waits for the visitor. */
  first_message?: string;
  /** Passed to the page on `config` (default `embedded`). */
  voice_stack?: string;
  voice?: VoiceSettings;
  avatar_enabled?: boolean;
  audio_dictation?: boolean;
  /** Most results a collection search returns (default 5, at most 50). */
  limit?: number;
  features?: FeatureSnapshot[];
  /** Collections attached at publish time; their items are read live. */
  collection_ids?: number[];
  /**
   * The other languages the scenario serves, by BCP-47 tag, with its prompt and first message in
   * each (a field left out: the scenario's own). The agent's runtime config carries the snapshot
   * with the conversation's language already applied.
   */
  translations?: Record<string, ScenarioTranslation>;
  /** Fields read out of each ended conversation and criteria it is judged on; none: no analysis. */
  analysis?: ScenarioAnalysis;
}

/** A scenario's prompt and first message in one more language. */
export interface ScenarioTranslation {
  prompt?: string;
  first_message?: string;
}

/** The conversation part of the {@link RuntimeConfig}. */
export interface ConversationRecord {
  id: string;
  /** BCP-47 tag the conversation runs in. */
  language: string;
  /** The modes the conversation started with; the room metadata carries this session's. */
  input_mode: SessionMode;
  output_mode: SessionMode;
  /** The custom metadata the frontend sent when the conversation started. */
  metadata: Record<string, unknown>;
  /** ISO timestamp. */
  started_at: string;
  /** ISO timestamp; null while the conversation runs. */
  ended_at: string | null;
}

/** The visitor part of the {@link RuntimeConfig}. */
export interface VisitorRecord {
  id: number;
  /** The frontend's stable visitor identifier. */
  external_id: string;
}

/** What `GET /v1/agent/conversations/:conversationId/config` answers: all a conversation needs. */
export interface RuntimeConfig {
  conversation: ConversationRecord;
  visitor: VisitorRecord;
  company_id: number;
  publication_uuid: string;
  scenario: ScenarioSnapshot;
  /** The collections the publication attached, as the page gets them on `config`. */
  collections: Collection[];
  /** Item names of the attached collections, for the speech recognizer's vocabulary. */
  item_names: string[];
  /** The latest checkpoint; `{}` when none was saved. */
  restore_state: RestoreState;
  /** The last messages, oldest first, for a resumed conversation. */
  history: ConversationMessage[];
  /**
   * The company credentials the scenario's voice settings name, by name, decrypted for the agent.
   * Only ever sent to the agent (with its key); never forwarded to the page.
   */
  credentials?: Record<string, ProviderCredential>;
}

/** A live publication as a worker prepares for it (see `AGENT_PUBLICATIONS_PATH`). */
export interface AgentPublication {
  uuid: string;
  /** When it was last published (ISO timestamp). */
  published_at: string;
  /** The languages it serves: the scenario's own first, then its translations'. */
  languages: string[];
  /** The snapshot its conversations run (untranslated: `localizeScenario` gives a language's). */
  scenario: ScenarioSnapshot;
  /** The collections it attached, as a conversation's runtime config carries them. */
  collections: Collection[];
}

/** A page of live publications, oldest first when read `after` a cursor. */
export interface AgentPublicationPage {
  publications: AgentPublication[];
  /** The cursor to read the publications published after this page's (unchanged when empty). */
  next: string;
}
