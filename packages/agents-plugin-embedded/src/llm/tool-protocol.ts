// The decision protocol of the embedded LLM. Every assistant turn is one JSON object, and a
// grammar makes it impossible for the model to write anything else:
//
//   {"tool":"add_to_cart","arguments":{"item_id":"shoe-101"}}   call a tool the scenario has
//   {"tool":"reply","say":"Hello! How can I help?"}             talk to the visitor
//
// Small models leave tools unused when a free-text answer is open to them (they say "I added it
// to your cart" instead of adding it); making "tool" the first key forces an explicit choice among
// the scenario's tools and "reply" before a single word is said, and the arguments that follow are
// generated under the tool's own JSON Schema. The reply text streams out of the "say" string.

import { isJsonObject, schemaTypes, type JsonSchema } from './json-schema.js';

/** A tool as the protocol sees it. */
export interface ProtocolTool {
  name: string;
  description: string;
  /** The JSON Schema of its arguments (an object schema). */
  parameters: JsonSchema;
}

/** The value of "tool" that means: no tool, talk. */
export const NO_TOOL = 'reply';

/**
 * The value of "tool" that means: the visitor asked about the business something the
 * instructions and tool results do not hold; its "say" tells them so and what the agent can do.
 * A choice of its own, made before any word: a small model asked a question it has no answer to
 * in its prompt otherwise answers it anyway, and a rule in the instructions alone does not stop it.
 */
export const NOT_KNOWN = 'not_known';

/**
 * What closes a visitor's turn when the model is asked whether what it was given holds the answer
 * (the question itself is in the protocol's instructions, evaluated once per scenario: written out
 * after each turn's words it cost about 50 tokens, a second on two cores).
 */
export const HELD_CHECK = '(Held?)';

/**
 * How a reply turn starts, up to the first character of its words. When a reply is the only
 * choice, this is written into the model's turn for it: forcing it with the grammar would cost a
 * generation step per token before the first word.
 */
export const REPLY_PREFIX = JSON.stringify({ tool: NO_TOOL, say: '' }).slice(0, -2);

/** Longest free-text argument the grammar allows (runaway repetition stops here). */
const MAX_FREE_STRING = 80;
/** Integer ranges up to this size become an enum, the only way to bound a number in the grammar. */
const MAX_ENUM_RANGE = 64;

/** Options of {@link toGrammarSchema}. */
export interface GrammarSchemaOptions {
  /**
   * Item ids the conversation has shown, by name: string properties named `item_id` / `*_id` and
   * arrays named `item_ids` / `*_ids` are limited to them (when there are any), so the model
   * cannot make up an id.
   */
  knownIds?: readonly string[];
}

/**
 * Converts a tool's JSON Schema into the subset node-llama-cpp's grammar compiler accepts: no
 * `anyOf`/`$ref`/numeric bounds. That compiler writes every listed property of an object, so only
 * the required ones are listed; the optional ones may follow as additional properties whose value
 * is any of theirs. The model then writes only the filters a visitor gave: each one it leaves out
 * saves four or five generated tokens (a tenth of a second each on two cores), where writing every
 * optional property as `null` made a search call about 55 tokens long. {@link cleanArguments}
 * drops a key the tool does not have or a value that does not fit its key.
 */
export function toGrammarSchema(
  schema: JsonSchema,
  options: GrammarSchemaOptions = {},
  name = '',
): JsonSchema {
  const description =
    typeof schema.description === 'string' ? { description: schema.description } : {};
  if ('const' in schema) return { const: schema.const as string | number | boolean | null };
  if (Array.isArray(schema.enum)) return { enum: schema.enum, ...description };
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown;
  if (Array.isArray(alternatives)) {
    return {
      oneOf: alternatives.filter(isJsonObject).map((alt) => toGrammarSchema(alt, options, name)),
    };
  }
  const types = schemaTypes(schema);
  if (types.length > 1) {
    return { oneOf: types.map((type) => toGrammarSchema({ ...schema, type }, options, name)) };
  }
  const type = types[0] ?? (isJsonObject(schema.properties) ? 'object' : undefined);
  const ids = options.knownIds ?? [];
  switch (type) {
    case 'object': {
      const properties = isJsonObject(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      const converted: JsonSchema = {};
      const optional = new Map<string, JsonSchema>();
      let optionalCount = 0;
      for (const [key, value] of Object.entries(properties)) {
        if (!isJsonObject(value)) continue;
        const inner = toGrammarSchema(value, options, key);
        if (required.has(key)) converted[key] = inner;
        else {
          optionalCount += 1;
          // One alternative per distinct value schema (descriptions aside).
          const { description: _description, ...shape } = inner;
          optional.set(JSON.stringify(shape), shape);
        }
      }
      const alternatives = [...optional.values()];
      return {
        type: 'object',
        properties: converted,
        required: Object.keys(converted),
        additionalProperties:
          alternatives.length === 0
            ? false
            : alternatives.length === 1
              ? alternatives[0]
              : { oneOf: alternatives },
        ...(optionalCount > 0
          ? { maxProperties: Object.keys(converted).length + optionalCount }
          : {}),
        ...description,
      };
    }
    case 'array': {
      const items = isJsonObject(schema.items)
        ? toGrammarSchema(schema.items, options, /ids$/i.test(name) ? name.replace(/s$/i, '') : '')
        : { type: ['string', 'number', 'boolean', 'null'] };
      return {
        type: 'array',
        items,
        ...(typeof schema.minItems === 'number' ? { minItems: schema.minItems } : {}),
        ...(typeof schema.maxItems === 'number' ? { maxItems: schema.maxItems } : {}),
        ...description,
      };
    }
    case 'string': {
      if (ids.length > 0 && /(^|_)id$/i.test(name)) return { enum: [...ids], ...description };
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : MAX_FREE_STRING;
      return {
        type: 'string',
        maxLength,
        ...(typeof schema.minLength === 'number' ? { minLength: schema.minLength } : {}),
        ...description,
      };
    }
    case 'integer': {
      const { minimum, maximum } = schema;
      if (
        typeof minimum === 'number' &&
        typeof maximum === 'number' &&
        maximum - minimum < MAX_ENUM_RANGE
      ) {
        const values: number[] = [];
        for (let value = Math.ceil(minimum); value <= maximum; value++) values.push(value);
        return { enum: values, ...description };
      }
      return { type: 'integer', ...description };
    }
    case 'number':
    case 'boolean':
    case 'null':
      return { type, ...description };
    default:
      return { type: ['string', 'number', 'boolean', 'null'], ...description };
  }
}

/** The grammar schema of one assistant turn: the allowed tools and, if allowed, talking. */
export function decisionSchema(
  tools: readonly ProtocolTool[],
  allowReply: boolean,
  options: GrammarSchemaOptions = {},
): JsonSchema {
  const alternatives: JsonSchema[] = tools.map((tool) => ({
    type: 'object',
    properties: {
      tool: { const: tool.name },
      arguments: toGrammarSchema(tool.parameters, options),
    },
    required: ['tool', 'arguments'],
    additionalProperties: false,
  }));
  if (allowReply) {
    for (const form of [NO_TOOL, NOT_KNOWN]) {
      alternatives.push({
        type: 'object',
        properties: { tool: { const: form }, say: { type: 'string' } },
        required: ['tool', 'say'],
        additionalProperties: false,
      });
    }
  }
  const [only] = alternatives;
  return alternatives.length === 1 && only ? only : { oneOf: alternatives };
}

/**
 * The one option of `options` that text starting with `prefix` can still become, when the prefix
 * is the start of that option alone; undefined while it is empty or starts two or more. A grammar
 * that admits only the options makes the rest of the text certain: no step of the model is needed
 * to write it.
 */
export function onlyCompletion(prefix: string, options: readonly string[]): string | undefined {
  if (!prefix) return undefined;
  const left = options.filter((option) => option.startsWith(prefix));
  return left.length === 1 ? left[0] : undefined;
}

/**
 * The tool a decision can only name, from the text generated so far: its name once written, or
 * once the name begun is the start of no other (`{"tool":"rep` when no tool's name starts with
 * "rep"). `names` are those the decision's grammar admits, "reply" and "not_known" among them.
 */
export function decidedTool(raw: string, names: readonly string[]): string | undefined {
  const match = /^\s*\{\s*"tool"\s*:\s*"([^"\\]*)(")?/.exec(raw);
  if (!match) return undefined;
  const name = match[1] ?? '';
  if (match[2]) return names.includes(name) ? name : undefined;
  return onlyCompletion(name, names);
}

/** One tool's signature for the prompt: `add_to_cart(item_id: string, quantity?: integer)`. */
function signature(tool: ProtocolTool): string {
  const properties = isJsonObject(tool.parameters.properties) ? tool.parameters.properties : {};
  const required = new Set(
    Array.isArray(tool.parameters.required) ? (tool.parameters.required as string[]) : [],
  );
  const parts = Object.entries(properties).map(([key, value]) => {
    const schema = isJsonObject(value) ? value : {};
    return `${key}${required.has(key) ? '' : '?'}: ${typeName(schema)}`;
  });
  return `${tool.name}(${parts.join(', ')})`;
}

function typeName(schema: JsonSchema): string {
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = schemaTypes(schema);
  if (types.includes('array')) {
    const items = isJsonObject(schema.items) ? typeName(schema.items) : 'any';
    return `${items}[]`;
  }
  if (types.includes('object') || isJsonObject(schema.properties)) {
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const inner = Object.entries(properties).map(
      ([key, value]) =>
        `${key}${required.has(key) ? '' : '?'}: ${typeName(isJsonObject(value) ? value : {})}`,
    );
    return `{${inner.join(', ')}}`;
  }
  return types.filter((type) => type !== 'null').join(' | ') || 'any';
}

/**
 * The protocol's part of the system prompt: the tools (signatures and descriptions) and the two
 * answer forms. Kept short: on two cores every prompt token costs about 10 ms the first time.
 */
export function protocolInstructions(tools: readonly ProtocolTool[]): string {
  return [
    'Answer every turn with one JSON object, either',
    '{"tool": "<tool name>", "arguments": {...}} to use one of the tools below, or',
    `{"tool": "${NO_TOOL}", "say": "<your words>"} to talk to the visitor, or`,
    `{"tool": "${NOT_KNOWN}", "say": "<that you do not know it, and what you can do instead>"}.`,
    'Use a tool when the visitor asks for what it does; take item ids from earlier tool results; leave out an optional argument the visitor did not give.',
    `Talk (tool "${NO_TOOL}") to greet, to answer from these instructions, and after a tool result to tell the visitor in one short sentence what happened.`,
    `Answer "${NOT_KNOWN}" when the visitor asks about the business something these instructions and the tool results do not say: never guess it, never say yes or no to it.`,
    `When a turn ends with ${HELD_CHECK}, answer with one JSON string instead: "yes" when these instructions or the tool results say what the visitor asks about there, "no" when they do not, "chat" for a greeting, thanks or small talk.`,
    '',
    'Tools:',
    ...tools.map((tool) => `- ${signature(tool)}: ${tool.description.trim()}`),
  ].join('\n');
}

/** Longest string value of a tool result shown to the model (descriptions mostly). */
const MAX_RESULT_STRING = 80;

/**
 * A key a tool result may carry beside its data: the item fields a reply needs (those the page
 * shows on a card and those the visitor asked about). Items of a list are then shown to the model
 * with their id and these fields only; the key itself is not shown.
 */
export const REPLY_FIELDS_KEY = 'reply_fields';

/**
 * A key a tool result may carry (as `true`) when its strings are what the reply is made of, such
 * as passages of the business's documents: they are then shown whole, where a catalogue item's
 * description is shortened; the result as a whole is still cut to the tool output's limit. The
 * key itself is not shown.
 */
export const WHOLE_TEXT_KEY = 'read_whole';

/**
 * A key a tool result may carry (as `true`) when its items are the business's catalogue's (a
 * search, a display, a comparison, the cart): each item's strings are then shown to the model once,
 * and an item of a list of several by what tells it apart (its long strings, such as a description
 * the page shows, left out). Results of other tools (a webhook's answer) keep their strings,
 * shortened. The key itself is not shown.
 */
export const CATALOGUE_KEY = 'catalogue_items';

/** The keys a tool result carries for the model only ({@link compactToolOutput} reads them). */
const MODEL_HINT_KEYS: readonly string[] = [REPLY_FIELDS_KEY, WHOLE_TEXT_KEY, CATALOGUE_KEY];

/**
 * A tool result as the conversation's transcript shows it (`message:new`, the stored messages):
 * without the keys only the model reads. A result that is not a JSON object is as it was.
 */
export function withoutModelHints(output: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return output;
  }
  if (!isJsonObject(parsed) || !MODEL_HINT_KEYS.some((key) => key in parsed)) return output;
  return JSON.stringify(
    Object.fromEntries(Object.entries(parsed).filter(([key]) => !MODEL_HINT_KEYS.includes(key))),
  );
}

/** An object with an id: an item of a list. */
function itemId(value: Record<string, unknown>): unknown {
  return value.id ?? value.item_id;
}

/**
 * A tool result as the model sees it: JSON with the items of a list cut to their id and the
 * fields of {@link REPLY_FIELDS_KEY} when the result names them, long strings shortened (every
 * prompt token costs time before the reply) unless it carries {@link WHOLE_TEXT_KEY}, then cut
 * to `maxChars`. Ids and names survive; long descriptions do not. In a result that carries
 * {@link CATALOGUE_KEY}, each item says each string once ({@link tellApart}), an item of a list
 * of several is a line of what tells it apart, and a list of flat items a table ({@link asTable}),
 * since a reply about a list names its items and the page shows the rest (a search's five items took about 330 tokens, 7 s on two cores, before the
 * reply's first word).
 */
export function compactToolOutput(output: string, maxChars: number): string {
  let text = output;
  try {
    const parsed: unknown = JSON.parse(output);
    const named = isJsonObject(parsed) ? parsed[REPLY_FIELDS_KEY] : undefined;
    const fields = Array.isArray(named) ? new Set(named.map(String)) : undefined;
    const whole = isJsonObject(parsed) && parsed[WHOLE_TEXT_KEY] === true;
    const catalogue = isJsonObject(parsed) && parsed[CATALOGUE_KEY] === true && !whole;
    const shorten = (
      value: unknown,
      inList = false,
      ofSeveral = false,
      common?: ReadonlySet<string>,
      picked?: ReadonlySet<string>,
    ): unknown => {
      if (typeof value === 'string' && !whole && value.length > MAX_RESULT_STRING) {
        return `${value.slice(0, MAX_RESULT_STRING - 1)}…`;
      }
      if (Array.isArray(value)) {
        const common = catalogue && value.length > 1 ? sharedStrings(value) : undefined;
        // What all the items have alike is read once, on the first.
        const entries = value.map((entry, index) =>
          shorten(entry, true, value.length > 1, index > 0 ? common : undefined),
        );
        return (common && asTable(entries, common)) ?? entries;
      }
      if (isJsonObject(value)) {
        const listed = inList && itemId(value) !== undefined;
        const item =
          catalogue && itemId(value) !== undefined
            ? tellApart(value, listed && ofSeveral, common)
            : value;
        // The fields a reply needs are read in a listed item's own fields and in its nested
        // item (a cart line's `data`), whose other fields go too; so does a timestamp of a
        // catalogue's (when a line was added to the cart), which no reply about it says.
        const pick = listed ? fields : picked;
        const entries = Object.entries(item).filter(
          ([key, entry]) =>
            !MODEL_HINT_KEYS.includes(key) &&
            !(catalogue && isTimestamp(entry)) &&
            (!pick ||
              key === 'id' ||
              key === 'item_id' ||
              pick.has(key) ||
              (listed && isJsonObject(entry))),
        );
        return Object.fromEntries(
          entries.map(([key, entry]) => [
            key,
            listed && isJsonObject(entry)
              ? shorten(entry, false, false, undefined, pick)
              : shorten(entry),
          ]),
        );
      }
      return value;
    };
    text = JSON.stringify(shorten(parsed));
  } catch {
    // Not JSON: shown as it is.
  }
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/** An ISO 8601 date with its time ("2026-12-02T11:58:03.123Z"). */
function isTimestamp(value: unknown): boolean {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
}

/**
 * A catalogue's list of flat items as a table: the names of their fields once (`columns`), a row
 * of values per item, and what every item has alike once (`alike`). Each key of each item had been
 * about a fifth of a search's tokens for the model (the id, name, colour and price of five items:
 * `"id":`, `"name":`, ... 20 times over). Undefined for a list that is not of flat items with ids.
 */
function asTable(
  entries: readonly unknown[],
  common: ReadonlySet<string>,
): { alike?: Record<string, unknown>; columns: string[]; rows: unknown[][] } | undefined {
  const items = entries.filter(isJsonObject);
  const [first] = items;
  if (!first || items.length !== entries.length) return undefined;
  const flat = items.every(
    (item) =>
      itemId(item) !== undefined &&
      Object.values(item).every((value) => value === null || typeof value !== 'object'),
  );
  if (!flat) return undefined;
  const alikeKeys = new Set(
    [...common]
      .map((path) => path.slice(1))
      .filter((key) => !key.includes('.') && key in first && items.length > 1),
  );
  const columns = [
    ...new Set(items.flatMap((item) => Object.keys(item).filter((key) => !alikeKeys.has(key)))),
  ];
  return {
    ...(alikeKeys.size > 0
      ? { alike: Object.fromEntries([...alikeKeys].map((key) => [key, first[key]])) }
      : {}),
    columns,
    rows: items.map((item) => columns.map((key) => item[key] ?? null)),
  };
}

/**
 * Longest string an item of a list of several keeps: a name or a colour, not a sentence (a
 * description, which the page shows).
 */
const MAX_LISTED_STRING = 48;

/**
 * A catalogue's item with each string said once: a string that another short string of the item
 * holds (a brand inside the name) is left out, and of two equal ones (the card's title and the
 * name) the second. When `listed` (an item of a list of several), so are its strings over
 * {@link MAX_LISTED_STRING} and the `common` ones (those every item of the list has alike,
 * {@link sharedStrings}: "tents" five times; the list's first item keeps them). The item's own
 * fields and those of its objects (a card's `view`, its `data`) are read together; ids, numbers and
 * the rest stay as they are.
 */
function tellApart(
  item: Record<string, unknown>,
  listed: boolean,
  common: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const strings = itemStrings(item).map((string) => ({
    ...string,
    text: string.text.toLowerCase(),
  }));
  const long = (text: string) => listed && text.length > MAX_LISTED_STRING;
  const dropped = new Set(
    strings
      .filter(
        (string) =>
          long(string.text) ||
          common.has(string.path) ||
          strings.some(
            (other) =>
              other !== string &&
              !long(other.text) &&
              (other.text === string.text
                ? other.index < string.index
                : other.text.length <= MAX_LISTED_STRING && other.text.includes(string.text)),
          ),
      )
      .map(({ path }) => path),
  );
  const without = (object: Record<string, unknown>, name = ''): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(object).flatMap(([key, value]): [string, unknown][] => {
        if (dropped.has(`${name}.${key}`)) return [];
        if (!name && isJsonObject(value)) return [[key, without(value, key)]];
        return [[key, value]];
      }),
    );
  return without(item);
}

/**
 * The strings of a catalogue's item, its own and those of its objects (a card's `view`, its
 * `data`), ids aside, each with its path (`.name`, `data.name`) and its place in the item.
 */
function itemStrings(
  item: Record<string, unknown>,
): { path: string; text: string; index: number }[] {
  const strings: { path: string; text: string; index: number }[] = [];
  const read = (object: Record<string, unknown>, name = '') => {
    for (const [key, value] of Object.entries(object)) {
      if (typeof value === 'string' && key !== 'id' && key !== 'item_id') {
        strings.push({ path: `${name}.${key}`, text: value, index: strings.length });
      } else if (!name && isJsonObject(value)) read(value, key);
    }
  };
  read(item);
  return strings;
}

/**
 * The strings every item of a list has alike, as {@link itemStrings} paths: they tell no item
 * apart. Numbers are kept even then (a price the same for all is still what each costs).
 */
function sharedStrings(list: readonly unknown[]): ReadonlySet<string> {
  const items = list.filter(isJsonObject);
  const [first, ...rest] = items;
  if (!first || items.length !== list.length) return new Set();
  const shared = itemStrings(first).filter(({ path, text }) =>
    rest.every((item) =>
      itemStrings(item).some((other) => other.path === path && other.text === text),
    ),
  );
  return new Set(shared.map(({ path }) => path));
}

/** Item ids in tool results, newest first: values of `"id"` / `"item_id"` keys. */
export function findItemIds(texts: readonly string[]): string[] {
  const ids: string[] = [];
  for (const text of [...texts].reverse()) {
    for (const match of text.matchAll(/"(?:id|item_id)"\s*:\s*"([^"\\]{1,80})"/g)) {
      const id = match[1];
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

/** What the model decided, parsed from a complete turn. */
export type Decision =
  | { kind: 'tool'; name: string; arguments: unknown }
  /** Words; `notKnown` when the model said it does not know ({@link NOT_KNOWN}). */
  | { kind: 'reply'; text: string; notKnown?: boolean };

/** Parses a complete turn; undefined when it is not a protocol object (cut off by the token limit). */
export function parseDecision(text: string): Decision | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(value) || typeof value.tool !== 'string') return undefined;
  if (value.tool === NO_TOOL || value.tool === NOT_KNOWN) {
    const text = typeof value.say === 'string' ? value.say : '';
    return { kind: 'reply', text, ...(value.tool === NOT_KNOWN ? { notKnown: true } : {}) };
  }
  return { kind: 'tool', name: value.tool, arguments: value.arguments ?? {} };
}

/**
 * Reads a turn as it is generated: tells the chosen tool as soon as its name is complete and
 * decodes the "say" string incrementally, so the reply can be spoken while it is written.
 */
export class DecisionReader {
  private raw = '';
  private toolName: string | undefined;
  /** Offset in `raw` where the say string's content starts, once known. */
  private sayStart = -1;
  private decoded = 0;
  private closed = false;

  /** The chosen tool (`none` for a reply), once the model has written it. */
  get tool(): string | undefined {
    return this.toolName;
  }

  /** Everything generated so far. */
  get text(): string {
    return this.raw;
  }

  /** The say string has ended. */
  get done(): boolean {
    return this.closed;
  }

  /** Adds generated text; answers the new reply text it completes (empty when none). */
  push(chunk: string): string {
    this.raw += chunk;
    if (this.toolName === undefined) {
      const match = /^\s*\{\s*"tool"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(this.raw);
      if (!match) return '';
      this.toolName = JSON.parse(`"${match[1] ?? ''}"`) as string;
    }
    if ((this.toolName !== NO_TOOL && this.toolName !== NOT_KNOWN) || this.closed) return '';
    if (this.sayStart < 0) {
      const match = /^\s*\{\s*"tool"\s*:\s*"(?:[^"\\]|\\.)*"\s*,\s*"say"\s*:\s*"/.exec(this.raw);
      if (!match) return '';
      this.sayStart = match[0].length;
      this.decoded = this.sayStart;
    }
    let out = '';
    let i = this.decoded;
    while (i < this.raw.length) {
      const char = this.raw[i] as string;
      if (char === '"') {
        this.closed = true;
        i += 1;
        break;
      }
      if (char !== '\\') {
        out += char;
        i += 1;
        continue;
      }
      // An escape split across chunks waits for the rest.
      const next = this.raw[i + 1];
      if (next === undefined) break;
      if (next === 'u') {
        const hex = this.raw.slice(i + 2, i + 6);
        if (hex.length < 4) break;
        out += String.fromCharCode(Number.parseInt(hex, 16));
        i += 6;
        continue;
      }
      out += ESCAPES[next] ?? next;
      i += 2;
    }
    this.decoded = i;
    return out;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
