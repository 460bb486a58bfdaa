// Names a tenant or visitor chooses (CSV columns, item fields, field paths, view mappings) become
// object keys. Three names reach the prototype machinery instead of a field: assigning through
// `__proto__` rewrites `Object.prototype` for the whole process, and `constructor` or `prototype`
// read inherited functions. No field has a reason to be called that, so they are refused.

/** The property names that are never field names: they reach an object's prototype. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** What a refusal says after the name it refuses. */
export const UNSAFE_KEY_REASON = '__proto__, constructor and prototype are not field names';

/** Whether `key` is one of {@link UNSAFE_KEYS}. */
export function isUnsafeKey(key: string): boolean {
  return UNSAFE_KEYS.has(key);
}

/** Whether a dotted path (`specs.weight`) has a segment that is one of {@link UNSAFE_KEYS}. */
export function hasUnsafeSegment(path: string): boolean {
  return path.split('.').some(isUnsafeKey);
}

/**
 * The dotted path of the first key of {@link UNSAFE_KEYS} anywhere in a JSON value (`specs.__proto__`),
 * or undefined when there is none. Array elements are walked too, their index in the path.
 */
export function unsafeKeyPath(value: unknown, path = ''): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Array.isArray(value)
    ? value.map((entry, index) => [String(index), entry] as const)
    : Object.entries(value);
  for (const [key, entry] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (!Array.isArray(value) && isUnsafeKey(key)) return at;
    const inner = unsafeKeyPath(entry, at);
    if (inner !== undefined) return inner;
  }
  return undefined;
}
