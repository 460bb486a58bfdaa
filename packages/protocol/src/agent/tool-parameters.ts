// The JSON Schema a business may give its own tools' arguments: the subset every model the agent
// runs can follow (the embedded model's grammar compiler, a hosted model's function calling). The
// API refuses anything else when a scenario is saved and the Studio shows the same problems as the
// author types, so both read the rule from here.

/** Limits of a page tool (`page:tools:custom`): how many, how long the page may take. */
export const PAGE_TOOL_LIMITS = {
  /** Most tools one page-tools feature holds. */
  MAX_TOOLS: 20,
  /** Shortest `rpc_timeout_s`: a page answering faster than a network round trip is not real. */
  MIN_TIMEOUT_S: 0.5,
  /**
   * Longest `rpc_timeout_s`: the visitor waits in silence for the page, so a longer action must
   * answer at once and report later (an event).
   */
  MAX_TIMEOUT_S: 30,
  /** Deepest nesting of objects and arrays under the arguments' own object. */
  MAX_DEPTH: 4,
  /** Most properties one object of the arguments declares. */
  MAX_PROPERTIES: 30,
  /** Longest description of a tool (the model reads every one on every turn). */
  MAX_DESCRIPTION: 1000,
} as const;

/** The types a property may have. */
export const TOOL_PARAMETER_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
] as const;

/** One of {@link TOOL_PARAMETER_TYPES}. */
export type ToolParameterType = (typeof TOOL_PARAMETER_TYPES)[number];

// The keywords the agent's models follow (or, for bounds and lengths, that the agent checks the
// model's arguments against); `$ref`, `allOf`, `not`, `pattern` and conditionals are not among them,
// and a schema relying on one would be followed only in part.
const KEYWORDS = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'default',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'format',
]);
const COUNTS = ['minItems', 'maxItems', 'minLength', 'maxLength'] as const;
const PROPERTY_NAME = /^[A-Za-z_][\w-]{0,63}$/;

/** A problem of a tool's argument schema: where (`properties.date.type`) and what. */
export interface ToolParametersProblem {
  /** A dotted path from the schema's root, empty for the root itself. */
  path: string;
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The problems of a tool's argument schema against the subset the agent's models follow: an object
 * at the root with named `properties`, each property of a known `type` (or an `enum`/`const`/
 * `anyOf`), `required` naming declared properties only, at most {@link PAGE_TOOL_LIMITS.MAX_DEPTH}
 * levels deep. An empty list means the schema is usable.
 */
export function toolParametersProblems(schema: unknown): ToolParametersProblem[] {
  const problems: ToolParametersProblem[] = [];
  if (!isObject(schema)) return [{ path: '', message: 'must be a JSON object' }];
  if (schema.type !== 'object')
    problems.push({ path: 'type', message: 'must be "object": the arguments are named' });
  checkNode(schema, '', 0, problems);
  return problems;
}

function checkNode(
  node: Record<string, unknown>,
  path: string,
  depth: number,
  problems: ToolParametersProblem[],
): void {
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  const fail = (key: string, message: string) => problems.push({ path: at(key), message });
  for (const key of Object.keys(node))
    if (!KEYWORDS.has(key)) fail(key, 'is not a keyword the agent follows');

  const types = Array.isArray(node.type) ? (node.type as unknown[]) : [node.type];
  if (node.type !== undefined) {
    if (types.length === 0 || types.some((type) => !isParameterType(type)))
      fail('type', `must be one of ${TOOL_PARAMETER_TYPES.join(', ')}`);
  } else if (node.enum === undefined && node.const === undefined && !alternativesOf(node)) {
    fail('type', 'is required (or enum, const, anyOf)');
  }
  for (const key of ['description', 'title', 'format'] as const)
    if (node[key] !== undefined && typeof node[key] !== 'string') fail(key, 'must be a string');
  if (node.enum !== undefined) {
    const values = node.enum;
    if (!Array.isArray(values) || values.length === 0) fail('enum', 'must be a non-empty list');
    else if (values.some((value) => isObject(value) || Array.isArray(value)))
      fail('enum', 'must list strings, numbers, booleans or null');
  }
  for (const key of COUNTS) {
    const value = node[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
      fail(key, 'must be an integer >= 0');
  }
  for (const key of ['minimum', 'maximum'] as const)
    if (node[key] !== undefined && typeof node[key] !== 'number') fail(key, 'must be a number');

  const alternatives = alternativesOf(node);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (node[key] === undefined) continue;
    if (!alternatives || alternatives.length === 0) {
      fail(key, 'must be a non-empty list of schemas');
      continue;
    }
    alternatives.forEach((alternative, index) =>
      isObject(alternative)
        ? checkNode(alternative, at(`${key}[${index}]`), depth, problems)
        : fail(`${key}[${index}]`, 'must be a schema'),
    );
  }

  const nested = depth + 1;
  if (node.items !== undefined) {
    if (!isObject(node.items)) fail('items', 'must be one schema');
    else if (nested > PAGE_TOOL_LIMITS.MAX_DEPTH)
      fail('items', `nests deeper than ${PAGE_TOOL_LIMITS.MAX_DEPTH} levels`);
    else checkNode(node.items, at('items'), nested, problems);
  }
  if (node.additionalProperties !== undefined && typeof node.additionalProperties !== 'boolean')
    fail('additionalProperties', 'must be true or false');
  if (node.properties !== undefined) {
    const properties = node.properties;
    if (!isObject(properties)) fail('properties', 'must be an object of schemas');
    else {
      const names = Object.keys(properties);
      if (names.length > PAGE_TOOL_LIMITS.MAX_PROPERTIES)
        fail('properties', `must hold at most ${PAGE_TOOL_LIMITS.MAX_PROPERTIES} properties`);
      for (const name of names) {
        const property = properties[name];
        const where = `properties.${name}`;
        if (!PROPERTY_NAME.test(name))
          fail(where, 'must be named with letters, digits, _ and -, starting with a letter or _');
        else if (!isObject(property)) fail(where, 'must be a schema');
        else if (nested > PAGE_TOOL_LIMITS.MAX_DEPTH)
          fail(where, `nests deeper than ${PAGE_TOOL_LIMITS.MAX_DEPTH} levels`);
        else checkNode(property, at(where), nested, problems);
      }
    }
  }
  if (node.required !== undefined) {
    const required = node.required;
    const declared = isObject(node.properties) ? node.properties : {};
    if (!Array.isArray(required) || required.some((name) => typeof name !== 'string'))
      fail('required', 'must be a list of property names');
    else
      for (const name of required as string[])
        if (!Object.hasOwn(declared, name))
          fail('required', `names ${name}, which is not among the properties`);
  }
}

function isParameterType(value: unknown): value is ToolParameterType {
  return (TOOL_PARAMETER_TYPES as readonly unknown[]).includes(value);
}

function alternativesOf(node: Record<string, unknown>): unknown[] | undefined {
  const alternatives = node.anyOf ?? node.oneOf;
  return Array.isArray(alternatives) ? alternatives : undefined;
}
