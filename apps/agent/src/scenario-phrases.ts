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
 * The words of the prompt that are not the scenario's, per language: Whisper copies its prompt's
 * language, so a French conversation's prompt must not say "Products" or end in English (measured
 * on synthesized shop requests, agent README: the closing phrases in the language took word error
 * from 49-65% to 16-49% on espeak-ng voices). The phrases at the end are what visitors do in every
 * shop.
 */
const PROMPT_WORDS_IN: Readonly<Record<string, { products: string; actions: string }>> = {
  en: { products: 'Products', actions: 'Show me, compare, add to my cart, remove from my cart.' },
  fr: {
    products: 'Produits',
    actions: 'Montrez-moi, comparez, ajoutez à mon panier, retirez de mon panier.',
  },
  es: {
    products: 'Productos',
    actions: 'Muéstrame, compara, añade a mi carrito, quita de mi carrito.',
  },
  de: {
    products: 'Produkte',
    actions: 'Zeig mir, vergleiche, leg in meinen Warenkorb, entferne aus meinem Warenkorb.',
  },
};

/**
 * The kinds of items a shop sells: each name without the filter value (a brand, a colour) that
 * sets it apart from names of the same kind, in front ("North Peak Solo Tent") or behind ("Tente
 * solo North Peak"). A value is taken off only where what remains is shared by another name, so
 * "Éclairage de vélo North Peak" reads as "Éclairage de vélo" although "Éclairage" is a category.
 */
export function itemKinds(names: readonly string[], values: readonly string[]): string[] {
  const lowerValues = values.map((value) => value.toLowerCase()).filter(Boolean);
  const remainders = (name: string): string[] => {
    const lower = name.toLowerCase();
    const found: string[] = [];
    for (const value of lowerValues) {
      if (lower.startsWith(`${value} `)) found.push(name.slice(value.length + 1));
      if (lower.endsWith(` ${value}`)) found.push(name.slice(0, -value.length - 1));
    }
    return found;
  };
  let current = [...names];
  // Twice: a name may carry a brand and a colour.
  for (let round = 0; round < 2; round += 1) {
    const shared = new Map<string, number>();
    for (const name of new Set(current)) {
      for (const rest of new Set(remainders(name).map((rest) => rest.toLowerCase())))
        shared.set(rest, (shared.get(rest) ?? 0) + 1);
    }
    current = current.map(
      (name) => remainders(name).find((rest) => (shared.get(rest.toLowerCase()) ?? 0) >= 2) ?? name,
    );
  }
  return [...new Set(current)];
}

/**
 * The Whisper recognizer's prompt for a scenario, in the conversation's language: what the shop
 * is, its filter values by field ("Brand: North Peak, Blue Ridge."), the kinds of items it sells
 * ({@link itemKinds}), and what visitors ask for. Whisper copies the style and words of its prompt,
 * and a prompt written as a description (not a bare list it could go on with) keeps it from writing
 * the list back when the audio is unclear.
 */
export function whisperPrompt(
  runtime: Pick<RuntimeConfig, 'scenario' | 'collections' | 'item_names'>,
  language = 'en',
): string {
  const base = language.split('-')[0]?.toLowerCase() ?? 'en';
  const words =
    PROMPT_WORDS_IN[base] ?? (PROMPT_WORDS_IN.en as { products: string; actions: string });
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
  const kinds = itemKinds(runtime.item_names ?? [], values);
  if (kinds.length > 0) parts.push(`${words.products}: ${kinds.join(', ')}.`);
  parts.push(words.actions);
  // Whisper keeps the end of a long prompt: the words that matter most go last, the list of
  // products is cut from its end when the whole is too long.
  const text = parts.join(' ');
  const all = text.split(' ');
  const actions = words.actions.split(' ').length;
  return all.length <= PROMPT_WORDS
    ? text
    : `${all
        .slice(0, PROMPT_WORDS - actions)
        .join(' ')
        .replace(/[,.]$/, '')}. ${words.actions}`;
}
