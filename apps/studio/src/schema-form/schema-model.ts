// The pure part of the schema-driven forms: which field a JSON Schema describes, what a value
// starts as, and what is wrong with a value, each error under the dotted path of its field. The
// API's own request schemas (OpenAPI 3.0 flavoured JSON Schema) and the feature catalog's settings
// schemas go through here, so a form refuses what the API would refuse, as the admin types.

/** The subset of JSON Schema the forms understand; anything else is kept but not checked. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: readonly unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  // OpenAPI 3.0 (what @fastify/swagger writes) has boolean exclusive bounds; 2020-12 numbers.
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
}

/** What every field has. */
interface FieldBase {
  /** Property names from the root, e.g. `['voice', 'tts', 'provider']`. */
  path: string[];
  label: string;
  description: string | undefined;
  required: boolean;
  schema: JsonSchema;
}

/** One field of a generated form. `json` is the fallback for what has no input of its own. */
export type Field =
  | (FieldBase & { kind: 'object'; fields: Field[] })
  | (FieldBase & { kind: 'string'; multiline: boolean; secret: boolean })
  | (FieldBase & { kind: 'enum'; options: string[] })
  | (FieldBase & { kind: 'number'; integer: boolean })
  | (FieldBase & { kind: 'boolean' })
  | (FieldBase & { kind: 'string-list'; options: string[] | undefined })
  | (FieldBase & { kind: 'object-list'; items: JsonSchema })
  | (FieldBase & { kind: 'json' });

/** Errors of a value, by dotted field path (`''` for the value itself). */
export type FieldErrors = Record<string, string>;

/** `rpc_timeout_s` as "Rpc timeout s", `firstMessage` as "First message". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The schema's types, without `null` (a nullable field is its other type, left empty). */
function typesOf(schema: JsonSchema): string[] {
  const listed = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (listed.length === 0 && schema.properties) return ['object'];
  if (listed.length === 0 && schema.enum) return ['string'];
  return listed.filter((type) => type !== 'null');
}

/** Whether `schema` allows null (OpenAPI's `nullable` or a `null` type). */
function allowsNull(schema: JsonSchema): boolean {
  return (
    schema.nullable === true ||
    (Array.isArray(schema.type) && schema.type.includes('null')) ||
    schema.anyOf?.some((option) => option.type === 'null') === true
  );
}

/** The field `schema` describes at `path`. */
export function fieldOf(schema: JsonSchema, path: string[] = [], required = false): Field {
  const name = path[path.length - 1];
  const base: FieldBase = {
    path,
    label: schema.title ?? (name === undefined ? '' : humanize(name)),
    description: schema.description,
    required,
    schema,
  };
  const [type, ...others] = typesOf(schema);
  const options = schema.anyOf ?? schema.oneOf;
  // A name that may be text or a map of translations is edited as text; the JSON input is for
  // the admin who needs the other form.
  const textOption = options?.find((option) => option.type === 'string' && !option.enum);
  if (textOption)
    return {
      ...base,
      kind: 'string',
      multiline: (textOption.maxLength ?? 0) > 500,
      secret: false,
    };
  if (others.length > 0 || options) return { ...base, kind: 'json' };
  if (schema.enum && schema.enum.every((option) => typeof option === 'string')) {
    return { ...base, kind: 'enum', options: schema.enum as string[] };
  }
  switch (type) {
    case 'object': {
      const requiredNames = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(([key, property]) =>
        fieldOf(property, [...path, key], requiredNames.has(key)),
      );
      // An open map (`additionalProperties` only) has no fixed fields to render.
      if (fields.length === 0 && schema.additionalProperties) return { ...base, kind: 'json' };
      return { ...base, kind: 'object', fields };
    }
    case 'string':
      return {
        ...base,
        kind: 'string',
        multiline: (schema.maxLength ?? 0) > 500,
        // The API's schemas mark no secrets; a property named password is one.
        secret: schema.format === 'password' || name === 'password',
      };
    case 'number':
    case 'integer':
      return { ...base, kind: 'number', integer: type === 'integer' };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'array': {
      const items = schema.items ?? {};
      const itemTypes = typesOf(items);
      if (itemTypes.length === 1 && itemTypes[0] === 'string') {
        const options = items.enum?.every((option) => typeof option === 'string')
          ? (items.enum as string[])
          : undefined;
        return { ...base, kind: 'string-list', options };
      }
      if (itemTypes.length === 1 && itemTypes[0] === 'object' && items.properties) {
        return { ...base, kind: 'object-list', items };
      }
      return { ...base, kind: 'json' };
    }
    default:
      return { ...base, kind: 'json' };
  }
}

/** The value a new form starts with: defaults, and the required objects filled in. */
export function defaultsOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (typesOf(schema)[0] !== 'object' || !schema.properties) return undefined;
  const value: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    const initial = defaultsOf(property);
    if (initial !== undefined) value[key] = initial;
  }
  return value;
}

/** The value at `path` inside `value`. */
export function getAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * A copy of `value` with `next` at `path` (objects made on the way); `undefined` removes the key,
 * so an emptied optional field is left out of the request rather than sent empty.
 */
export function setAt(value: unknown, path: readonly string[], next: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return next;
  if (Array.isArray(value)) {
    // List items keep their places: an emptied item stays as undefined rather than shifting.
    const list = [...value];
    list[Number(key)] = setAt(list[Number(key)], rest, next);
    return list;
  }
  const record =
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const child = setAt(record[key], rest, next);
  return Object.fromEntries([
    ...Object.entries(record).filter(([name]) => name !== key),
    ...(child === undefined ? [] : [[key, child]]),
  ]);
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

const TYPE_NAMES: Record<string, string> = {
  object: 'an object',
  array: 'a list',
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'yes or no',
};

function boundErrors(schema: JsonSchema, value: number, label: string): string | undefined {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  const lowExclusive = typeof exclusiveMinimum === 'number' ? exclusiveMinimum : undefined;
  const highExclusive = typeof exclusiveMaximum === 'number' ? exclusiveMaximum : undefined;
  if (minimum !== undefined && (exclusiveMinimum === true ? value <= minimum : value < minimum))
    return `${label} must be ${exclusiveMinimum === true ? 'more than' : 'at least'} ${minimum}`;
  if (maximum !== undefined && (exclusiveMaximum === true ? value >= maximum : value > maximum))
    return `${label} must be ${exclusiveMaximum === true ? 'less than' : 'at most'} ${maximum}`;
  if (lowExclusive !== undefined && value <= lowExclusive)
    return `${label} must be more than ${lowExclusive}`;
  if (highExclusive !== undefined && value >= highExclusive)
    return `${label} must be less than ${highExclusive}`;
  return undefined;
}

function stringError(schema: JsonSchema, value: string, label: string): string | undefined {
  if (schema.minLength !== undefined && value.length < schema.minLength)
    return schema.minLength === 1
      ? `${label} is required`
      : `${label} needs at least ${schema.minLength} characters`;
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    return `${label} is ${value.length} characters long; at most ${schema.maxLength}`;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
    return `${label} has the wrong form (${schema.pattern})`;
  if (schema.format === 'uri' && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value))
    return `${label} must be a full address (https://...)`;
  return undefined;
}

/**
 * What is wrong with `value` against `schema`: one message per field, under its dotted path, each
 * naming the field. `label` names the value itself (the root has none).
 */
export function validate(
  schema: JsonSchema,
  value: unknown,
  path: readonly string[] = [],
  label = 'This field',
): FieldErrors {
  const errors: FieldErrors = {};
  const key = path.join('.');
  if (value === undefined) return errors;
  if (value === null) {
    if (!allowsNull(schema)) errors[key] = `${label} is required`;
    return errors;
  }
  if (schema.anyOf || schema.oneOf) {
    const options = schema.anyOf ?? schema.oneOf ?? [];
    const fits = options.some(
      (option) => Object.keys(validate(option, value, path, label)).length === 0,
    );
    if (!fits) errors[key] = `${label} does not fit any of the allowed forms`;
    return errors;
  }
  const types = typesOf(schema);
  const type = types.find((candidate) => typeMatches(candidate, value));
  if (types.length > 0 && type === undefined) {
    errors[key] = `${label} must be ${types.map((name) => TYPE_NAMES[name] ?? name).join(' or ')}`;
    return errors;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    errors[key] = `${label} must be one of ${schema.enum.join(', ')}`;
    return errors;
  }
  let message: string | undefined;
  if (typeof value === 'string') message = stringError(schema, value, label);
  else if (typeof value === 'number') message = boundErrors(schema, value, label);
  else if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      message = `${label} needs at least ${schema.minItems} entries`;
    else if (schema.maxItems !== undefined && value.length > schema.maxItems)
      message = `${label} has ${value.length} entries; at most ${schema.maxItems}`;
    else if (schema.items) {
      const items = schema.items;
      value.forEach((item, index) =>
        Object.assign(
          errors,
          validate(items, item, [...path, String(index)], `${label} #${index + 1}`),
        ),
      );
    }
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      const given = record[name];
      if (given === undefined || given === '')
        errors[[...path, name].join('.')] =
          `${schema.properties?.[name]?.title ?? humanize(name)} is required`;
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (errors[[...path, name].join('.')]) continue;
      Object.assign(
        errors,
        validate(property, record[name], [...path, name], property.title ?? humanize(name)),
      );
    }
    if (schema.additionalProperties === false) {
      for (const name of Object.keys(record)) {
        if (!schema.properties?.[name])
          errors[[...path, name].join('.')] = `${humanize(name)} is not allowed here`;
      }
    }
  }
  if (message) errors[key] = message;
  return errors;
}

/**
 * An object schema with only the named properties (and their `required` entries), for a form that
 * shows one part of a request; paths and errors stay those of the whole body.
 */
export function pick(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const name of names) {
    const property = schema.properties?.[name];
    if (property) properties[name] = property;
  }
  return {
    type: 'object',
    properties,
    required: (schema.required ?? []).filter((name) => names.includes(name)),
  };
}

/** The keys of an object value that its schema does not name (an open object's own options). */
export function extraKeys(schema: JsonSchema, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([key]) => !schema.properties?.[key]));
}

/** `value` with its unnamed keys replaced by `extras` (the named ones kept). */
export function withExtraKeys(
  schema: JsonSchema,
  value: unknown,
  extras: Record<string, unknown>,
): Record<string, unknown> {
  const named =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).filter(([key]) => schema.properties?.[key])
      : [];
  return { ...Object.fromEntries(named), ...extras };
}
