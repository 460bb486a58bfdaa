/** One difference between two JSON values. */
export interface JsonChange {
  /** Where, as `features[2].settings.max_items`; empty for the whole value. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /** Absent when added. */
  before?: unknown;
  /** Absent when removed. */
  after?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The structural differences from `before` to `after`: objects key by key, arrays index by index
 * (a feature inserted in the middle shows as the ones after it changing, which is what the agent
 * sees too: order is part of a scenario), anything else by value.
 */
export function jsonDiff(before: unknown, after: unknown, path = ''): JsonChange[] {
  const at = (key: string | number) =>
    typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => {
      // Own keys only: `in` would find `constructor` on every object and diff a scenario's
      // field of that name against a function.
      if (!Object.hasOwn(after, key))
        return [{ path: at(key), kind: 'removed' as const, before: before[key] }];
      if (!Object.hasOwn(before, key))
        return [{ path: at(key), kind: 'added' as const, after: after[key] }];
      return jsonDiff(before[key], after[key], at(key));
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: JsonChange[] = [];
    for (let index = 0; index < Math.max(before.length, after.length); index += 1) {
      if (index >= after.length)
        changes.push({ path: at(index), kind: 'removed', before: before[index] });
      else if (index >= before.length)
        changes.push({ path: at(index), kind: 'added', after: after[index] });
      else changes.push(...jsonDiff(before[index], after[index], at(index)));
    }
    return changes;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, kind: 'changed', before, after }];
}
