// The demo scenario's domain phrases and test utterances for the embedded speech benchmark: what
// the agent would hand the recognizer for the seeded outdoor-gear shop (prompt, first message,
// tool names, filter values, the 294 product names in the sentences people put them in).

import { BRANDS, CATEGORIES, COLORS, demoProducts } from '../../../apps/api/src/seed/products.js';
import { DEMO_SCENARIO } from '../../../apps/api/src/seed/demo-scenario.js';

/** The domain phrases of the demo scenario, as the agent builds them from its runtime config. */
export function demoDomainPhrases(): string[] {
  const { definition } = DEMO_SCENARIO;
  const phrases: string[] = [definition.prompt, definition.first_message];
  for (const feature of definition.features) {
    for (const tool of feature.tools) phrases.push(tool.name.replaceAll('_', ' '));
  }
  phrases.push('Trailhead products');
  const values = [
    ...CATEGORIES.flatMap((category) => [category.label, category.value]),
    ...BRANDS,
    ...COLORS,
  ];
  for (const value of values) {
    phrases.push(value, `show me ${value}`, `do you have ${value}`, `i need ${value}`);
  }
  const names = demoProducts().map((product) => product.name);
  for (const name of names) {
    phrases.push(
      name,
      `show me the ${name}`,
      `add the ${name} to my cart`,
      `tell me about the ${name}`,
      `remove the ${name}`,
    );
  }
  for (let i = 0; i + 1 < names.length; i += 2) {
    phrases.push(`compare the ${names[i]} and the ${names[i + 1]}`);
  }
  return phrases;
}

/**
 * What visitors of the shop say: some sentences are in the domain phrases word for word, others
 * (free speech) only use their words; the benchmark tells them apart.
 */
export const DEMO_UTTERANCES: readonly string[] = [
  'show me waterproof hiking boots',
  'add the blue tent to my cart',
  'compare the two sleeping bags',
  'what is in my cart',
  'remove the headlamp',
  "that's all, goodbye",
  'show me the North Peak Trail Runner',
  'add the Stone Creek Hiking Pack to my cart',
  'tell me about the Pine Hollow Camp Stove',
  'remove the Summit Wool Socks',
  'compare the Red Cedar Rain Jacket and the Summit Rain Jacket',
  'do you have sleeping bags',
  'show me black backpacks',
  'how much is it',
  'is it waterproof',
  'which one is cheaper',
  'yes please',
  'no thanks',
  'show me something lighter',
  'do you have it in green',
  'I am looking for a tent for two people',
  'show me tents under two hundred dollars',
  'add the Blue Ridge Down Jacket to my cart',
  'thank you very much',
];
