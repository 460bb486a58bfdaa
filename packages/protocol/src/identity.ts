/** Response of identify (`POST /v1/public/token`). */
export interface Identity {
  /** The visitor's JWT. */
  user_token: string;
  user_id: number;
  application_id: number;
  /** Lifetime of `user_token` in seconds from issue. */
  expires_in: number;
}

/** Response of session start (`POST /v1/public/session`). Ephemeral: never stored. */
export interface SessionCredentials {
  /** Transport participant token. */
  rt_token: string;
  /** Transport connection URL. */
  rt_url: string;
  /** Lifetime of `rt_token` in seconds; the Transport must be joined within it. */
  expires_in: number;
}

/** The identity blob the client stores under `svc_session:app:{applicationId}`. */
export interface StoredIdentity {
  user_token: string;
  user_id: number;
  application_id: number;
  external_id: string;
}

/** Body of `POST /v1/public/token`. */
export interface IdentifyRequest {
  /** Publication UUID. */
  scenario_uuid: string;
  /** Stable visitor identifier. */
  external_id: string;
  /**
   * The business's backend's signature of `external_id` (see `signExternalId`): required by an
   * application that turned signed identify on, so a guessed `external_id` is refused.
   */
  signature?: string;
  /** Unix seconds after which `signature` is refused; signed with it. */
  expires_at?: number;
}

/** Input or output mode of a session. */
export type SessionMode = 'audio' | 'text';

/** Body of `POST /v1/public/session`. */
export interface SessionRequest {
  scenario_uuid: string;
  input_mode?: SessionMode;
  output_mode?: SessionMode;
  /** BCP-47 tag; when omitted the scenario's configured language applies. */
  language?: string;
  resume_conversation_id?: string;
  metadata?: Record<string, unknown>;
}

/** Every error response of the HTTP API. */
export interface ErrorBody {
  error: string;
}

/**
 * Claims of the visitor JWT. `company_id` is the claim the SDK reads for the company id;
 * `sub` is the visitor's user id as a string.
 */
export interface VisitorTokenClaims {
  sub: string;
  company_id: number;
  application_id: number;
  /** Publication UUID the visitor identified with. */
  scenario_uuid: string;
  /** Expiry, Unix seconds. */
  exp: number;
  /** Issue time, Unix seconds. */
  iat: number;
}
