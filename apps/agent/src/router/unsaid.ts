// A business's own tool (a booking, a ticket) takes details only the visitor can give: a name, an
// email, what went wrong. Asked to call it before the visitor said them, a small model fills the
// gap with a placeholder ("your_name", "visitor_name", "<email>") rather than asking, and the
// booking is made under it. Such a value is nobody's: it is not sent; a required one is asked for.

/** The rule id a turn records when the agent asked for a detail instead of calling the tool. */
export const UNSAID_RULE = 'arguments.unsaid';

/** What is left of a call once its placeholders are taken out. */
export interface UnsaidArguments {
  /** Required free-text properties whose value is a placeholder, in the schema's order. */
  missing: string[];
  /** The arguments without the optional properties whose value is a placeholder. */
  args: Record<string, unknown>;
}

/** Letters and digits only, in lower case: how a key and a value are compared. */
const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Whether `value`, written for the property `key`, is a placeholder rather than something said:
 * empty, the property's own name ("name" for `name`), a slot ("<name>", "[email]", "{phone}"), or
 * an identifier ("your_name", "visitor_name"): words are written apart, not joined by underscores.
 */
export function isPlaceholder(value: string, key: string): boolean {
  const text = value.trim();
  if (text === '' || plain(text) === plain(key)) return true;
  if (/^[<[{].*[>\]}]$/u.test(text)) return true;
  return /^[\p{L}\p{N}]+(_[\p{L}\p{N}]+)+$/u.test(text);
}

/** A string property of an object schema: its own schema, and whether it is required. */
interface StringProperty {
  property: Record<string, unknown>;
  required: boolean;
}

/** The string properties of an object schema, by name. */
function stringProperties(schema: unknown): Map<string, StringProperty> {
  const found = new Map<string, StringProperty>();
  if (!schema || typeof schema !== 'object') return found;
  const { properties, required } = schema as { properties?: unknown; required?: unknown };
  if (!properties || typeof properties !== 'object') return found;
  const needed = new Set(Array.isArray(required) ? required : []);
  for (const [key, property] of Object.entries(properties as Record<string, unknown>)) {
    if (!property || typeof property !== 'object') continue;
    const { type } = property as { type?: unknown };
    if (type === 'string' || (Array.isArray(type) && type.includes('string')))
      found.set(key, { property: property as Record<string, unknown>, required: needed.has(key) });
  }
  return found;
}

/**
 * Whether a string property is free text (no enum, constant, pattern or format: a value there is
 * the model's to write).
 */
function freeText(property: Record<string, unknown>): boolean {
  return ['enum', 'const', 'pattern', 'format'].every((bound) => property[bound] === undefined);
}

/** An email address as a model writes one. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/**
 * Whether an email address was given: each run of letters or digits of it is in `said` (the
 * visitor's words, the instructions, the tools' answers), however the recognizer wrote the
 * rest ("jo dot banks at example dot com" says "jo.banks@example.com").
 */
export function saidEmail(value: string, said: string): boolean {
  const heard = said.toLowerCase();
  return value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .every((run) => heard.includes(run));
}

/** Letters of a word without case or accents: how a name's word is looked for in what was said. */
const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The capitalised words of a value written as a name ("John Doe", "John and Jane", "Your Name"):
 * at most five words, at least half of them capitalised. A phrase the model words itself ("High
 * chair for the youngest", "printer jams") is not one: it has one capital, for its first word.
 */
function nameWords(value: string): string[] {
  const words = value
    .trim()
    .split(/[\s,]+/u)
    .filter((word) => /\p{L}/u.test(word));
  if (words.length === 0 || words.length > 5) return [];
  const capitals = words.filter((word) => /^\p{Lu}/u.test(word));
  return capitals.length * 2 >= words.length ? capitals : [];
}

/**
 * Whether a name was given: each of its capitalised words is a word of `said`, however cased
 * ("anjali raman" gives "Anjali Raman"). A small model books under a name of its own ("John Doe")
 * rather than ask for the visitor's.
 */
export function saidName(value: string, said: string): boolean {
  const heard = new Set(folded(said).split(/[^\p{L}\p{N}]+/u));
  return nameWords(value).every((word) =>
    folded(word)
      .split(/[^\p{L}\p{N}]+/u)
      .every((part) => part === '' || heard.has(part)),
  );
}

/**
 * Whether the value's words stand in `text` in their order ("Ada Lovelace" in "The visitor is Ada
 * Lovelace"): how a name is given by instructions, whose common words ("Your replies", "by name")
 * would give "Your Name" word by word.
 */
export function namedIn(value: string, text: string): boolean {
  const split = (words: string) =>
    folded(words)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const name = split(value);
  const within = split(text);
  if (name.length === 0) return false;
  return within.some((_, start) => name.every((word, offset) => within[start + offset] === word));
}

/**
 * The placeholders of a call of a tool whose arguments are described by `schema`. With `said`
 * (what the visitor and the tools gave so far) and `instructions` (the scenario's and the page's),
 * an email address nobody gave is one too, whatever the property's format:
 * "your_email@example.com" or a stranger's address would open a ticket nobody can answer. So is a
 * free-text value written as a name whose words the visitor and the tools never said, nor the
 * instructions as that name ("John Doe", "Your Name"): a booking under it is nobody's.
 */
export function unsaidArguments(
  schema: unknown,
  args: Record<string, unknown>,
  said?: string,
  instructions = '',
): UnsaidArguments {
  const missing: string[] = [];
  const dropped = new Set<string>();
  for (const [key, { property, required }] of stringProperties(schema)) {
    const value = args[key];
    if (typeof value !== 'string') continue;
    const placeholder = freeText(property) && isPlaceholder(value, key);
    const unheard =
      said !== undefined &&
      (EMAIL.test(value.trim())
        ? !saidEmail(value, `${said}\n${instructions}`)
        : freeText(property) && !saidName(value, said) && !namedIn(value, instructions));
    if (!placeholder && !unheard) continue;
    if (required) missing.push(key);
    else dropped.add(key);
  }
  const kept = Object.fromEntries(Object.entries(args).filter(([key]) => !dropped.has(key)));
  return { missing, args: kept };
}

/** The properties an object schema requires. */
export function requiredOf(schema: unknown): string[] {
  const { required } = (schema ?? {}) as { required?: unknown };
  return Array.isArray(required) ? required.filter((key) => typeof key === 'string') : [];
}

/** How the agent names a property when it asks for it: its title, else its name in words. */
export function propertyLabel(schema: unknown, key: string): string {
  const property = (schema as { properties?: Record<string, { title?: unknown }> } | undefined)
    ?.properties?.[key];
  const title = typeof property?.title === 'string' ? property.title.trim() : '';
  return title || key.replace(/[_-]+/g, ' ').trim();
}

/**
 * The values a property takes, as the language lists them for the visitor: its `enum` ("tuesday,
 * wednesday or thursday") or its `minimum` to `maximum` ("1–8"); '' when it declares neither.
 */
export function allowedOf(schema: unknown, key: string, code: string): string {
  const property = (schema as { properties?: Record<string, Record<string, unknown>> } | undefined)
    ?.properties?.[key];
  if (!property) return '';
  const { enum: options, minimum, maximum } = property;
  if (Array.isArray(options))
    return new Intl.ListFormat(code, { type: 'disjunction' }).format(options.map(String));
  if (typeof minimum === 'number' && typeof maximum === 'number')
    return new Intl.NumberFormat(code).formatRange(minimum, maximum);
  return '';
}
