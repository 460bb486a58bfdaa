// A collection's view maps card slots to template expressions over an item's fields
// (`{{brand}} · {{color}}`); the preview fills them with a real item, as the page's panel would.

/** The value at a dotted path of an item's fields, as text ('' when absent). */
function fieldText(data: Record<string, unknown>, path: string): string {
  let value: unknown = data;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return '';
    value = (value as Record<string, unknown>)[key];
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Each slot of `mapping` with its `{{field}}` expressions replaced by the item's values. */
export function renderMapping(
  mapping: Record<string, string>,
  data: Record<string, unknown>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(mapping).map(([slot, expression]) => [
      slot,
      expression.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, path: string) =>
        fieldText(data, path),
      ),
    ]),
  );
}
