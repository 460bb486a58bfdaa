/** Prefix joined to every storage key when a `storagePrefix` is set: `{prefix}_{key}`. */
function prefixed(prefix: string, key: string): string {
  return prefix ? `${prefix}_${key}` : key;
}

/**
 * Client storage keys. `session` is the source of truth (the stored identity blob) and
 * `scenarioPointer` points to the active publication UUID. The `legacy*` keys are only read, to
 * migrate identities stored by SDK versions before 0.1.1, then deleted.
 */
export const storageKeys = {
  /** `svc_session:app:{applicationId}`: the stored identity blob. */
  session: (applicationId: number | string, prefix = ''): string =>
    prefixed(prefix, `svc_session:app:${applicationId}`),
  /** `svc_scenario_uuid`: the active publication UUID. */
  scenarioPointer: (prefix = ''): string => prefixed(prefix, 'svc_scenario_uuid'),
  /** Start of every session blob key, to find them all (for `clearStoredSession()`). */
  sessionKeyStart: (prefix = ''): string => prefixed(prefix, 'svc_session:app:'),
  /** Legacy per-scenario blob `svc_session:{scenarioUUID}` (read and deleted, never written). */
  legacyScenarioBlob: (scenarioUUID: string, prefix = ''): string =>
    prefixed(prefix, `svc_session:${scenarioUUID}`),
  /** Legacy flat keys (read and deleted, never written). */
  legacyFlat: (prefix = '') =>
    ({
      userToken: prefixed(prefix, 'svc_user_token'),
      userId: prefixed(prefix, 'svc_user_id'),
      applicationId: prefixed(prefix, 'svc_application_id'),
      externalId: prefixed(prefix, 'svc_external_id'),
    }) as const,
  /** The two older platform keys, unprefixed, read once as a fallback. */
  platformFallback: { userToken: 'user_token', externalId: 'external_id' },
} as const;
