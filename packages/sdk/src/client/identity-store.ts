import { prefixedKey, storageKeys, type StoredIdentity } from '@svc/protocol';
import { parseStoredIdentity } from '@svc/protocol/parse';
import { decodeJwtClaims, numericClaim } from './jwt.js';
import type { ListableStorage } from './safe-storage.js';

/** Keys written by SDK versions before 0.1.1 (see docs/decisions.md); read, migrated, deleted. */
const LEGACY_FLAT = ['svc_user_token', 'svc_user_id', 'svc_application_id', 'svc_external_id'];
const LEGACY_SCENARIO_BLOB = 'svc_session:';
/** The two older platform keys: never prefixed, read once as a fallback, then deleted. */
const PLATFORM_TOKEN = 'user_token';
const PLATFORM_EXTERNAL_ID = 'external_id';

/** The visitor identity as stored; see {@link createIdentityStore}. */
export interface IdentityStore {
  /** The publication the stored identity was made for. */
  scenarioPointer(): string | null;
  /** Stores an identity as the blob of its application and points to its publication. */
  save(identity: StoredIdentity, scenarioUUID: string): void;
  /** The blob of an application, or null (corrupt blobs are reported and ignored). */
  read(applicationId: number): StoredIdentity | null;
  /** The identity stored for a publication (migrating legacy keys first), or null. */
  find(scenarioUUID?: string): StoredIdentity | null;
  /** The identity this client uses now: the current application's blob, else the pointer's. */
  current(): StoredIdentity | null;
  /** The external id to reuse when none is given, so a returning visitor stays the same visitor. */
  knownExternalId(): string | null;
  /** Removes a publication's blob and the pointer. */
  clear(scenarioUUID: string): void;
  /** Removes every key the SDK owns under the prefix. */
  clearAll(): void;
}

/**
 * The visitor identity as stored: one blob per application (`svc_session:app:{applicationId}`) and a
 * pointer to the active publication (`svc_scenario_uuid`). Legacy layouts are consolidated into the
 * blob when read, and their keys deleted. A blob is found for a publication by the `scenario_uuid`
 * claim of its token, else through the pointer.
 */
export function createIdentityStore(
  storage: ListableStorage,
  prefix: string,
  warn: (message: string, cause?: unknown) => void,
): IdentityStore {
  /** Application of the identity this client last used: the blob read without arguments. */
  let currentApplicationId: number | null = null;
  const pointerKey = storageKeys.scenarioPointer(prefix);
  const blobKey = (applicationId: number) => storageKeys.session(applicationId, prefix);
  const pointer = () => storage.getItem(pointerKey);
  const indexKey = storageKeys.sessionIndex(prefix);

  /** The applications of the index; a storage that cannot list its keys finds blobs only there. */
  function indexed(): number[] {
    try {
      return JSON.parse(storage.getItem(indexKey) ?? '[]') as number[];
    } catch {
      return [];
    }
  }
  /** Only a storage that cannot list its keys gets the index: the others keep the contract's two. */
  const setIndexed = (ids: number[]) =>
    storage.listable() ||
    (ids.length > 0
      ? storage.setItem(indexKey, JSON.stringify([...new Set(ids)]))
      : storage.removeItem(indexKey));

  function parseBlob(text: string, key: string): StoredIdentity | null {
    let parsed;
    try {
      parsed = parseStoredIdentity(JSON.parse(text));
    } catch (error) {
      parsed = { ok: false, error: String(error) } as const;
    }
    if (!parsed.ok) warn(`Svc: ignoring invalid stored identity ${key} (${parsed.error})`);
    return parsed.ok ? parsed.value : null;
  }

  function read(applicationId: number): StoredIdentity | null {
    const text = storage.getItem(blobKey(applicationId));
    return text === null ? null : parseBlob(text, blobKey(applicationId));
  }

  function storedBlobs(): StoredIdentity[] {
    const start = storageKeys.sessionKeyStart(prefix);
    const ids = storage
      .keys()
      .filter((key) => key.startsWith(start))
      .map((key) => Number(key.slice(start.length)));
    ids.push(...indexed());
    if (currentApplicationId !== null) ids.push(currentApplicationId);
    return [...new Set(ids)].flatMap((id) => read(id) ?? []);
  }

  /** Writes a legacy identity as a blob unless its application has one, then deletes `keys`. */
  function adopt(candidate: object, keys: string[], scenarioUUID: string | null) {
    const parsed = parseStoredIdentity(candidate);
    if (parsed.ok && !read(parsed.value.application_id)) {
      storage.setItem(blobKey(parsed.value.application_id), JSON.stringify(parsed.value));
      setIndexed([...indexed(), parsed.value.application_id]);
      if (scenarioUUID && pointer() === null) storage.setItem(pointerKey, scenarioUUID);
    }
    for (const key of keys) storage.removeItem(key);
  }

  function migrate(scenarioUUID: string | null): void {
    const flat = LEGACY_FLAT.map((key) => prefixedKey(prefix, key));
    const [token, userId, applicationId, externalId] = flat.map((key) => storage.getItem(key));
    if (token || userId || applicationId || externalId) {
      const identity = {
        user_token: token,
        user_id: Number(userId),
        application_id: Number(applicationId),
        external_id: externalId,
      };
      adopt(identity, flat, scenarioUUID);
    }
    const legacyKey = prefixedKey(prefix, LEGACY_SCENARIO_BLOB + scenarioUUID);
    const legacyBlob = scenarioUUID ? storage.getItem(legacyKey) : null;
    if (legacyBlob !== null)
      adopt(parseBlob(legacyBlob, legacyKey) ?? {}, [legacyKey], scenarioUUID);
    const platformToken = storage.getItem(PLATFORM_TOKEN);
    if (platformToken !== null) {
      // The older platform kept only the token and the external id; the ids come from the token.
      const identity = {
        user_token: platformToken,
        user_id: numericClaim(platformToken, 'sub'),
        application_id: numericClaim(platformToken, 'application_id'),
        external_id: storage.getItem(PLATFORM_EXTERNAL_ID),
      };
      adopt(identity, [PLATFORM_TOKEN], scenarioUUID);
    }
  }

  function find(scenarioUUID?: string): StoredIdentity | null {
    const scenario = scenarioUUID ?? pointer();
    migrate(scenario);
    const blobs = storedBlobs();
    const issuedFor = blobs.find(
      (blob) => decodeJwtClaims(blob.user_token)?.scenario_uuid === scenario,
    );
    if (issuedFor) return issuedFor;
    if (scenario === null || scenario !== pointer()) return null;
    const current = blobs.find((blob) => blob.application_id === currentApplicationId);
    return current ?? (blobs.length === 1 ? (blobs[0] ?? null) : null);
  }

  function current(): StoredIdentity | null {
    return (currentApplicationId === null ? null : read(currentApplicationId)) ?? find();
  }

  return {
    scenarioPointer: pointer,
    read,
    find,
    current,
    save(identity, scenarioUUID) {
      storage.setItem(blobKey(identity.application_id), JSON.stringify(identity));
      setIndexed([...indexed(), identity.application_id]);
      storage.setItem(pointerKey, scenarioUUID);
      currentApplicationId = identity.application_id;
      // The older platform's keys are consumed once the identity lives in the blob.
      storage.removeItem(PLATFORM_TOKEN);
      storage.removeItem(PLATFORM_EXTERNAL_ID);
    },
    knownExternalId: () => current()?.external_id ?? storage.getItem(PLATFORM_EXTERNAL_ID),
    clear(scenarioUUID) {
      const blob = find(scenarioUUID);
      if (blob) {
        storage.removeItem(blobKey(blob.application_id));
        setIndexed(indexed().filter((id) => id !== blob.application_id));
      }
      storage.removeItem(pointerKey);
      if (blob?.application_id === currentApplicationId) currentApplicationId = null;
    },
    clearAll() {
      const start = prefixedKey(prefix, 'svc_');
      for (const key of storage.keys()) if (key.startsWith(start)) storage.removeItem(key);
      // A storage that cannot list its keys: the blobs the index names, then the index.
      for (const id of [...indexed(), currentApplicationId ?? []].flat())
        storage.removeItem(blobKey(id));
      storage.removeItem(indexKey);
      for (const key of LEGACY_FLAT) storage.removeItem(prefixedKey(prefix, key));
      storage.removeItem(pointerKey);
      currentApplicationId = null;
    },
  };
}
