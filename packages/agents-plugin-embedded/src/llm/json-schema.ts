// JSON Schema as the embedded LLM meets it in tool parameters: checking generated arguments
// against the keywords tools use, and tidying what the grammar let through.

/** A JSON Schema, as tools declare their parameters. */
export type JsonSchema = { [key: string]: unknown };

/** Whether a value is a JSON object (not null, not an array): a schema, or an object value. */
export function isJsonObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The types a schema's `type` names (none when it names none). */
export function schemaTypes(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}

/** A problem found by {@link validateJson}. */
export interface SchemaError {
  /** Where: `arguments.quantity`, `item_ids[2]`. */
  path: string;
  message: string;
}

/** Checks a value against a JSON Schema (the keywords tools use); an empty list means valid. */
export function validateJson(schema: JsonSchema, value: unknown, path = '$'): SchemaError[] {
  const errors: SchemaError[] = [];
  const fail = (message: string) => errors.push({ path, message });
  if ('const' in schema && schema.const !== value) fail(`must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) {
    fail(`must be one of ${JSON.stringify(schema.enum)}`);
  }
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown;
  if (Array.isArray(alternatives)) {
    const ok = alternatives.some(
      (alt) => isJsonObject(alt) && validateJson(alt, value, path).length === 0,
    );
    if (!ok) fail('matches none of the alternatives');
  }
  const types = schemaTypes(schema);
  if (types.length > 0 && !types.some((type) => hasType(value, type))) {
    fail(`must be ${types.join(' or ')}`);
    return errors;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      fail(`must be ≥ ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      fail(`must be ≤ ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) fail('too short');
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) fail('too long');
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      fail(`needs at least ${schema.minItems} items`);
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      fail(`takes at most ${schema.maxItems} items`);
    }
    if (isJsonObject(schema.items)) {
      const items = schema.items;
      value.forEach((item, index) =>
        errors.push(...validateJson(items, item, `${path}[${index}]`)),
      );
    }
  }
  if (isJsonObject(value) && (types.includes('object') || isJsonObject(schema.properties))) {
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
      if (!(key in value)) errors.push({ path: `${path}.${key}`, message: 'is required' });
    }
    for (const [key, item] of Object.entries(value)) {
      const property = properties[key];
      if (isJsonObject(property)) errors.push(...validateJson(property, item, `${path}.${key}`));
      else if (schema.additionalProperties === false) {
        errors.push({ path: `${path}.${key}`, message: 'is not allowed' });
      }
    }
  }
  return errors;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isJsonObject(value);
    default:
      return true;
  }
}

/**
 * Tidies generated arguments against the tool's schema: drops keys the schema does not have (the
 * grammar admits optional properties under any name), `null`s of optional properties (recursively),
 * optional values that break their property's schema (a quantity of 0, or one property's value
 * under another's name: the grammar cannot tell them apart), and empty optional objects.
 */
export function cleanArguments(schema: JsonSchema, value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const closed = isJsonObject(schema.properties) && !schema.additionalProperties;
  const result: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    const property = properties[key];
    if (closed && !Object.hasOwn(properties, key)) continue;
    const item = isJsonObject(property) ? cleanArguments(property, raw) : raw;
    if (!required.has(key)) {
      // The null the grammar allowed for an optional property, unless the schema allows it too.
      if (item === null && !(isJsonObject(property) && validateJson(property, null).length === 0))
        continue;
      if (
        isJsonObject(item) &&
        Object.keys(item).length === 0 &&
        isJsonObject(property) &&
        isJsonObject(property.properties)
      ) {
        continue;
      }
      if (isJsonObject(property) && validateJson(property, item).length > 0) continue;
    }
    result[key] = item;
  }
  return result;
}

/**
 * An answer that is one of a few names in an object's only field (`{"action": {"enum": [...]}}`,
 * required): the text before and after the name, as node-llama-cpp's JSON grammar writes them
 * (`{ "action": "search" }`), and a GBNF grammar of the name with its quotes.
 */
export function oneChoice(
  schema: JsonSchema,
): { opening: string; grammar: string; closing: string } | undefined {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const names = properties ? Object.keys(properties) : [];
  const [field] = names;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  if (schema.type !== 'object' || names.length !== 1 || field === undefined) return undefined;
  if (!required.includes(field)) return undefined;
  const choices = properties?.[field]?.enum;
  if (!Array.isArray(choices) || choices.length === 0) return undefined;
  if (!choices.every((choice) => typeof choice === 'string')) return undefined;
  // A GBNF literal is written as a JSON string is; each choice is the JSON string of a name.
  const literals = choices.map((choice) => JSON.stringify(JSON.stringify(choice)));
  return {
    opening: `{ ${JSON.stringify(field)}:`,
    grammar: `root ::= " " (${literals.join(' | ')})`,
    closing: ' }',
  };
}
