// The demo scenario's domain phrases and test utterances for the embedded speech benchmark: what
// the agent hands the recognizer for the seeded outdoor-gear shop (prompt, first message, tool
// names, filter values, the 294 product names in the sentences people put them in).

import { demoRuntime, scenarioPhrases } from '@svc/agent/testing';

/** The domain phrases of the demo scenario, as the agent builds them from its runtime config. */
export function demoDomainPhrases(): string[] {
  return scenarioPhrases(demoRuntime());
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
