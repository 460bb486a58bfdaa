/** What the text of an item's fields parses to: an object, or the message saying why not. */
export function parseItemData(text: string): { data: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'Fields: not valid JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: 'Fields: must be a JSON object ({ "name": ... })' };
  return { data: value as Record<string, unknown> };
}
