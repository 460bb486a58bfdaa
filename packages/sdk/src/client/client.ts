import {
  API_PATHS,
  type Identity,
  type SessionCredentials,
  type SessionRequest,
} from '@svc/protocol';
import { parseIdentity, parseSessionCredentials } from '@svc/protocol/parse';
import { SvcError } from '../errors.js';
import { requestJson } from './http.js';
import { createIdentityStore } from './identity-store.js';
import { getJWTExpiry, isTokenExpired } from './jwt.js';
import { safeStorage } from './safe-storage.js';
import type { StartSessionOptions, SvcClient, SvcClientConfig } from './types.js';
import { resolveBaseUrl } from './url.js';

function anonymousId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `anon-${random}`;
}

/**
 * Creates the HTTP client of the public API. It identifies visitors, stores their identity and
 * starts Transport sessions. Nothing touches `window` or storage until a method is called.
 *
 * @example
 * ```ts
 * const client = createSvcClient({ apiUrl: 'https://api.example.com' });
 * await client.identifyUser(publicationUuid);
 * const { rt_url, rt_token } = await client.startSession(publicationUuid, { inputMode: 'text' });
 * ```
 */
export function createSvcClient(config: SvcClientConfig): SvcClient {
  // Without a config object, the missing `apiUrl` is what the TypeError names.
  const baseUrl = resolveBaseUrl(
    (config as Partial<SvcClientConfig> | undefined)?.apiUrl,
    (config as Partial<SvcClientConfig> | undefined)?.apiPathPrefix,
  );
  const warn = config.onWarning ?? (() => {});
  const store = createIdentityStore(
    safeStorage(config.storage, warn),
    config.storagePrefix ?? '',
    warn,
  );
  const fetcher: typeof fetch = (...args) => (config.fetch ?? fetch)(...args);
  const inFlight = new Map<string, Promise<Identity>>();
  // An anonymous id made before its first identify succeeded, so a retry keeps the same visitor.
  let pendingAnonymousId: string | null = null;
  // The backend's signatures by external id, in memory only: a silent re-identify of a visitor
  // of an application that requires them sends the signature again until it expires.
  const signatures = new Map<string, { signature: string; expires_at: number }>();

  async function identify(
    scenarioUUID: string,
    externalId: string,
    signal?: AbortSignal,
  ): Promise<Identity> {
    const identity = await requestJson(
      'IDENTIFY_FAILED',
      fetcher,
      'POST',
      baseUrl + API_PATHS.IDENTIFY,
      { scenario_uuid: scenarioUUID, external_id: externalId, ...signatures.get(externalId) },
      parseIdentity,
      { signal },
    );
    const { user_token, user_id, application_id } = identity;
    store.save({ user_token, user_id, application_id, external_id: externalId }, scenarioUUID);
    if (externalId === pendingAnonymousId) pendingAnonymousId = null;
    return identity;
  }

  /** Identifies over the network, sharing a request already running for the same visitor. */
  function identifyOnce(
    scenarioUUID: string,
    externalId: string,
    signal?: AbortSignal,
  ): Promise<Identity> {
    const key = `${scenarioUUID}\n${externalId}`;
    let request = inFlight.get(key);
    if (!request) {
      request = identify(scenarioUUID, externalId, signal).finally(() => inFlight.delete(key));
      inFlight.set(key, request);
    }
    return request;
  }

  const client: SvcClient = {
    baseUrl,

    identifyUser(scenarioUUID, named, signal) {
      const externalId = typeof named === 'object' ? named.externalId : named;
      if (typeof named === 'object')
        signatures.set(named.externalId, {
          signature: named.signature,
          expires_at: named.expiresAt,
        });
      if (typeof scenarioUUID !== 'string' || scenarioUUID === '') {
        return Promise.reject(
          new SvcError('IDENTIFY_FAILED', 'identify failed: a publication UUID is required'),
        );
      }
      const stored = store.find(scenarioUUID);
      if (
        stored &&
        !isTokenExpired(stored.user_token) &&
        (externalId === undefined || externalId === stored.external_id)
      ) {
        store.save(stored, scenarioUUID);
        const expiresIn = Math.max(
          0,
          Math.floor((getJWTExpiry(stored.user_token) ?? 0) - Date.now() / 1000),
        );
        const { user_token, user_id, application_id } = stored;
        return Promise.resolve({ user_token, user_id, application_id, expires_in: expiresIn });
      }
      const visitor =
        externalId ?? store.knownExternalId() ?? (pendingAnonymousId ??= anonymousId());
      return identifyOnce(scenarioUUID, visitor, signal);
    },

    async startSession(scenarioUUID, options: StartSessionOptions = {}) {
      let token = store.find(scenarioUUID)?.user_token;
      if (!token) {
        throw new SvcError(
          'SESSION_START_FAILED',
          `session start failed: no identity is stored for publication ${scenarioUUID}; call identifyUser first`,
        );
      }
      if (isTokenExpired(token)) {
        try {
          token = (await client.identifyUser(scenarioUUID, undefined, options.signal)).user_token;
        } catch (error) {
          throw SvcError.isInstance(error)
            ? new SvcError('SESSION_START_FAILED', `session start failed: ${error.message}`, {
                cause: error,
              })
            : error;
        }
      }
      const body: SessionRequest = {
        scenario_uuid: scenarioUUID,
        input_mode: options.inputMode ?? 'audio',
        output_mode: options.outputMode ?? 'audio',
      };
      if (options.language !== undefined) body.language = options.language;
      const { resumeConversationId, metadata } = options.sessionOptions ?? {};
      if (resumeConversationId !== undefined) body.resume_conversation_id = resumeConversationId;
      if (metadata !== undefined) body.metadata = metadata;
      return requestJson<SessionCredentials>(
        'SESSION_START_FAILED',
        fetcher,
        'POST',
        baseUrl + API_PATHS.SESSION,
        body,
        parseSessionCredentials,
        { token, signal: options.signal },
      );
    },

    async getValidUserToken(options = {}) {
      const current = store.current();
      if (current && !options.renew && !isTokenExpired(current.user_token)) {
        return current.user_token;
      }
      const scenario = store.scenarioPointer();
      if (!scenario) {
        throw new SvcError(
          'IDENTIFY_FAILED',
          'identify failed: no visitor has been identified yet',
        );
      }
      // A token the API refused may still look valid here (a rotated key, a reset database), so a
      // renewal skips the stored identity but keeps its external id: the same visitor comes back.
      if (options.renew && current) {
        return (await identifyOnce(scenario, current.external_id, options.signal)).user_token;
      }
      return (await client.identifyUser(scenario, current?.external_id, options.signal)).user_token;
    },

    getStoredUserToken(scenarioUUID, applicationId) {
      if (applicationId !== undefined) return store.read(applicationId)?.user_token ?? null;
      return (
        (scenarioUUID === undefined ? store.current() : store.find(scenarioUUID))?.user_token ??
        null
      );
    },

    getSessionUserId: () => store.current()?.user_id ?? null,
    getSessionApplicationId: () => store.current()?.application_id ?? null,

    clearStoredSession(scenarioUUID) {
      if (scenarioUUID === undefined) store.clearAll();
      else store.clear(scenarioUUID);
    },
  };
  return client;
}
