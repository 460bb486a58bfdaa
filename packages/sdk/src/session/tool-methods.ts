/**
 * Throws a `TypeError` when one of `methods` is also claimed by the other kind of tool: a method
 * may be a session tool or a feature tool, never both.
 */
export function assertOneKindOfTool(
  methods: readonly string[],
  claimedByOther: (method: string) => unknown,
): void {
  const clash = methods.find(claimedByOther);
  if (clash)
    throw new TypeError(`Svc: tool method "${clash}" is both a session tool and a feature tool`);
}
