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
