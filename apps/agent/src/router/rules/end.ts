// The end feature's rule: a parting that is the point of the turn ends the conversation.
import { toolFor } from '../catalog.js';
import type { Reading, Rule } from './types.js';

/**
 * Whether something besides a parting is the point of the turn: "I'm done with tents, show me
 * backpacks" and "add it and then goodbye" name something of the catalogue or ask for an action.
 */
function asksMore({ tokens, lexicon, has, catalogueWords }: Reading): boolean {
  const intentWords = [
    ...lexicon.cart,
    ...lexicon.add,
    ...lexicon.remove,
    ...lexicon.compare,
    ...lexicon.display,
  ];
  return has(intentWords) || catalogueWords(tokens);
}

/** The reason an ending by the visitor's parting gives. */
const PARTING = 'the visitor said goodbye';

/** The rules of the conversation-end feature. */
export const END_RULES: readonly Rule[] = [
  {
    id: 'end.parting',
    operations: ['end'],
    priority: 900,
    match: (reading) => {
      const { tokens, catalog, lexicon, has } = reading;
      const end = toolFor(catalog, 'end');
      if (!end) return undefined;
      const parting =
        has(lexicon.end) ||
        // "Nice day" alone is a parting; inside a longer request it is small talk around it.
        (has(lexicon.shortEnd) && tokens.length <= 5);
      if (!parting || asksMore(reading)) return undefined;
      return { kind: 'tool', tool: end, args: { reason: PARTING } };
    },
  },
];
