import type { Identity, SessionCredentials, SessionMode } from '@svc/protocol';

/** Where the client keeps the visitor identity. `localStorage` satisfies it. */
export interface StorageAdapter {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Options of {@link createSvcClient}. */
export interface SvcClientConfig {
  /** Base address of the API, without a trailing slash. */
  apiUrl: string;
  /** Path prefix; `/v1` by default. Use `''` when `apiUrl` already ends with `/v1`. */
  apiPathPrefix?: string;
  /** Joined to every storage key with an underscore. Empty by default. */
  storagePrefix?: string;
  /** Where the identity is stored: browser local storage by default, none (memory) when null. */
  storage?: StorageAdapter | null;
  /** Called when storage fails (corrupt JSON, private mode, quota) and the client uses memory. */
  onWarning?: (message: string, cause?: unknown) => void;
  /** `fetch` to use; the global one by default. */
  fetch?: typeof fetch;
}

/**
 * An external id with the signature the business's backend made for it (`signExternalId` of
 * `@svc/protocol/identify`, with the application's identify secret): an application that turned
 * signed identify on accepts no other.
 */
export interface SignedExternalId {
  externalId: string;
  /** The signature, as `signExternalId` answered it. */
  signature: string;
  /** Unix seconds after which the signature is refused, as signed. */
  expiresAt: number;
}

/** Options of {@link SvcClient.startSession}. */
export interface StartSessionOptions {
  inputMode?: SessionMode;
  outputMode?: SessionMode;
  /** BCP-47 tag; sent only when given (the scenario's language applies otherwise). */
  language?: string;
  sessionOptions?: {
    resumeConversationId?: string;
    metadata?: Record<string, unknown>;
  };
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** Options of {@link SvcClient.getValidUserToken}. */
export interface GetValidUserTokenOptions {
  /** Identify again even when the stored token looks valid. */
  renew?: boolean;
  /** Aborts a re-identify. */
  signal?: AbortSignal;
}

/** The HTTP client of the public API, with the visitor identity it stores. */
export interface SvcClient {
  /**
   * Identifies the visitor; returns the stored identity with no network call when still valid.
   * A {@link SignedExternalId} carries the backend's signature (kept in memory for a silent
   * re-identify until it expires).
   */
  identifyUser(
    scenarioUUID: string,
    externalId?: string | SignedExternalId,
    signal?: AbortSignal,
  ): Promise<Identity>;
  /** Starts a Transport session; needs a stored identity. */
  startSession(scenarioUUID: string, options?: StartSessionOptions): Promise<SessionCredentials>;
  /**
   * The stored token if valid, else a silent re-identify from the persisted scenario and visitor.
   * With `renew`, identifies again even when the stored token looks valid (for a token the API
   * refused with 401); the visitor stays the same.
   */
  getValidUserToken(options?: GetValidUserTokenOptions): Promise<string>;
  /** Synchronous read of the stored token (not checked for expiry). */
  getStoredUserToken(scenarioUUID?: string, applicationId?: number): string | null;
  getSessionUserId(): number | null;
  getSessionApplicationId(): number | null;
  /** With a scenario: clears its blob and pointer. Without: clears everything under the prefix. */
  clearStoredSession(scenarioUUID?: string): void;
  /** The API base address with the path prefix, for other API calls (`{apiUrl}{prefix}`). */
  readonly baseUrl: string;
}
