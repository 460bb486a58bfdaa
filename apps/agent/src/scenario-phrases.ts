import type { RuntimeConfig } from '@svc/protocol/agent';

/**
 * What visitors of this scenario are likely to say, for the embedded recognizer's domain model:
 * the prompt and first message, tool names, collection names, filter values, item names, and the
 * item names in the sentences people put them in.
 */
export function scenarioPhrases(
  runtime: Pick<RuntimeConfig, 'scenario' | 'collections' | 'item_names'>,
): string[] {
  const phrases: string[] = [];
  const { scenario } = runtime;
  if (scenario.prompt) phrases.push(...scenario.prompt.split(/[.!?\n]+/));
  if (scenario.first_message) phrases.push(...scenario.first_message.split(/[.!?\n]+/));
  for (const feature of scenario.features ?? []) {
    for (const tool of feature.tools ?? []) phrases.push(tool.name.replaceAll('_', ' '));
  }
  const values: string[] = [];
  for (const collection of runtime.collections) {
    phrases.push(collection.name);
    for (const field of collection.filter_fields ?? []) {
      for (const option of field.enum_options ?? []) values.push(option.label, option.value);
    }
  }
  phrases.push(...values);
  for (const value of values)
    phrases.push(`show me ${value}`, `do you have ${value}`, `i need ${value}`);
  for (const name of runtime.item_names ?? []) {
    phrases.push(
      name,
      `show me the ${name}`,
      `add the ${name} to my cart`,
      `tell me about the ${name}`,
      `remove the ${name}`,
    );
  }
  // "compare the X and the Y" for neighbouring names, so comparisons are in the model too.
  const names = runtime.item_names ?? [];
  for (let i = 0; i + 1 < names.length; i += 2)
    phrases.push(`compare the ${names[i]} and the ${names[i + 1]}`);
  return phrases.map((phrase) => phrase.trim()).filter(Boolean);
}

/** Words of Whisper's prompt at most: its prompt holds about 220 tokens. */
const PROMPT_WORDS = 150;

/**
 * The Whisper recognizer's prompt for a scenario: what the shop is, its filter values by field
 * ("Brand: North Peak, Blue Ridge."), the kinds of items it sells (item names without the
 * brand-like values in front), and what visitors ask for. Whisper copies the style and words of its
 * prompt, and a prompt written as a description (not a bare list it could go on with) keeps it
 * from writing the list back when the audio is unclear.
 */
export function whisperPrompt(
  runtime: Pick<RuntimeConfig, 'scenario' | 'collections' | 'item_names'>,
): string {
  const parts: string[] = [];
  const intro = runtime.collections[0]?.description || runtime.scenario.name;
  if (intro) parts.push(intro.replace(/[.\s]+$/, '') + '.');
  const values: string[] = [];
  for (const collection of runtime.collections) {
    for (const field of collection.filter_fields ?? []) {
      const options = (field.enum_options ?? []).map((option) => option.label);
      if (options.length === 0) continue;
      values.push(...options);
      parts.push(`${field.name}: ${options.join(', ')}.`);
    }
  }
  // "North Peak Solo Tent" sells as "Solo Tent" under every brand: the kinds are fewer words.
  const kinds = new Set<string>();
  for (const name of runtime.item_names ?? []) {
    let kind = name;
    for (const value of values) {
      if (kind.toLowerCase().startsWith(`${value.toLowerCase()} `))
        kind = kind.slice(value.length + 1);
    }
    kinds.add(kind);
  }
  if (kinds.size > 0) parts.push(`Products: ${[...kinds].join(', ')}.`);
  parts.push('Show me, compare, add to my cart, remove from my cart.');
  // Whisper keeps the end of a long prompt: the words that matter most go last, the list of
  // products is cut from its end when the whole is too long.
  const text = parts.join(' ');
  const words = text.split(' ');
  return words.length <= PROMPT_WORDS
    ? text
    : `${words.slice(0, PROMPT_WORDS - 8).join(' ')}. Show me, compare, add to my cart, remove from my cart.`;
}
