/** Joins a storage prefix to a key: `{prefix}_{key}`, or the key alone without a prefix. */
export function prefixedKey(prefix: string, key: string): string {
  return prefix ? `${prefix}_${key}` : key;
}

/**
 * Client storage keys. `session` is the source of truth (the stored identity blob) and
 * `scenarioPointer` points to the active publication UUID. Keys of older SDK versions, read only to
 * migrate them, belong to the client's storage code.
 */
export const storageKeys = {
  /** `svc_session:app:{applicationId}`: the stored identity blob. */
  session: (applicationId: number | string, prefix = ''): string =>
    prefixedKey(prefix, `svc_session:app:${applicationId}`),
  /** `svc_scenario_uuid`: the active publication UUID. */
  scenarioPointer: (prefix = ''): string => prefixedKey(prefix, 'svc_scenario_uuid'),
  /**
   * `svc_session:apps`: the applications whose blobs this client wrote (a JSON array), so that a
   * storage of the contract's three methods, which cannot list its keys, finds and clears them.
   */
  sessionIndex: (prefix = ''): string => prefixedKey(prefix, 'svc_session:apps'),
  /** Start of every session blob key, to find them all (for `clearStoredSession()`). */
  sessionKeyStart: (prefix = ''): string => prefixedKey(prefix, 'svc_session:app:'),
} as const;
