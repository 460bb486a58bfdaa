/** Restore state: an experience checkpoint used to restore context across navigation or resume. */
export interface RestoreState {
  checkpoint?: string;
  data?: Record<string, unknown>;
  /** Increases with every saved checkpoint; an older version never overwrites a newer one. */
  version?: number;
  /** ISO timestamp. */
  updated_at?: string;
}

/** A tool of a feature, as configured in the scenario. */
export interface ToolConfig {
  name: string;
  type: string;
  settings?: Record<string, unknown>;
  /** Overrides the RPC method name (see {@link rpcMethodName}). */
  frontend_method?: string;
  /** Handler budget in seconds; see `toolTimeouts`. */
  rpc_timeout_s?: number;
}

/** A feature of the scenario as sent on `config`. */
export interface FeatureDefinition {
  /** Display name, plain or localized (`{ en: '...', fr: '...' }`). */
  name: string | Record<string, string>;
  /** Feature id, for example `collection:items:search`. */
  type: string;
  settings: Record<string, unknown>;
  tools: ToolConfig[];
}

/** One option of an enum filter field. */
export interface FilterEnumOption {
  value: string;
  label: string;
}

/** A collection attached to a scenario, delivered on `config`. */
export interface Collection {
  id: number;
  name: string;
  description: string;
  company_id: number;
  default_view_id?: number;
  view?: {
    template: string;
    /** Values are template expressions. */
    mapping: Record<string, string>;
  };
  search_fields?: { name: string; index_type: string }[];
  filter_fields?: FilterField[];
}

/** The meanings a filter field may declare (`role`). */
export const FIELD_ROLES = [
  'price',
  'weight',
  'rating',
  'stock',
  'colour',
  'size',
  'category',
  'brand',
] as const;

/** One of {@link FIELD_ROLES}. */
export type FieldRole = (typeof FIELD_ROLES)[number];

/**
 * A field a collection's search filters on. A type alias, not an interface: readers check it
 * against open object schemas, which an interface (no implicit index signature) does not fit.
 */
export type FilterField = {
  name: string;
  filter_key: string;
  /** `enum`, `number`, `boolean` or `text`. */
  field_type: string;
  enum_options?: FilterEnumOption[];
  /**
   * What the field means (`price`, `weight`, ...; see `FIELD_ROLES`), declared by the author: the
   * agent ranks and reads amounts by roles, never by field names. An extension of the contract.
   */
  role?: FieldRole;
  /** A `weight` field's unit (`g`, `kg`, `oz`, `lb`) or a `price` field's ISO 4217 currency. */
  unit?: string;
};

/** Payload of topic `config`, sent by the agent on join. */
export interface ConfigPayload {
  /** `config` in the contract's handshake example; a payload may leave it out. */
  type?: 'config';
  features: FeatureDefinition[];
  /** `unknown[]` on the wire; the SDK parses each into a {@link Collection}. */
  collections: unknown[];
  company_id: string | number;
  restore_state: RestoreState;
  voice_stack: string;
  audio_dictation: boolean;
  conversation_id: string;
  avatar_enabled: boolean;
}

/** Payload of topic `config_ack`, sent by the frontend. */
export interface ConfigAckPayload {
  acknowledged: boolean;
  /** Unix milliseconds. */
  timestamp: number;
  /** Resumed conversation: the agent must not recap it. */
  suppress_recap?: boolean;
}

/**
 * Payload of topic `config_request`: the agent has not seen a `config_ack` and resends `config`
 * right after this. A frontend that already holds the config answers with a fresh `config_ack`.
 */
export interface ConfigRequestPayload {
  type: 'config_request';
  /** 1 for the first resend. */
  attempt: number;
  /** Unix milliseconds. */
  timestamp: number;
}

/** A feature in the curated {@link SessionConfig}. */
export interface SessionFeature {
  name: string | Record<string, string>;
  type: string;
  settings: Record<string, unknown>;
}

/** The curated, camelCase config the SDK exposes; backend plumbing stays in `rawConfig`. */
export interface SessionConfig {
  features: SessionFeature[];
  collections: Collection[];
  avatarEnabled: boolean;
  audioDictationEnabled: boolean;
}
