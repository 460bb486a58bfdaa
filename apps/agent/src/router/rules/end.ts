// The end feature's rule: a parting that is the point of the turn ends the conversation.
import { toolFor } from '../catalog.js';
import { partingIntentWords } from '../parting.js';
import type { Rule } from './types.js';

/** The rules of the conversation-end feature. */
export const END_RULES: readonly Rule[] = [
  {
    id: 'end.parting',
    operations: ['end'],
    priority: 900,
    match: ({ tokens, catalog, lexicon, has, catalogueWords }) => {
      const end = toolFor(catalog, 'end');
      if (!end) return undefined;
      const parting =
        has(lexicon.end) ||
        // "Nice day" alone is a parting; inside a longer request it is small talk around it.
        (has(lexicon.shortEnd) && tokens.length <= 5);
      // "I'm done with tents, show me backpacks", "add it and then goodbye": the parting is
      // not the point of a turn that names something of the catalogue or asks for an action.
      if (!parting || has(partingIntentWords(lexicon)) || catalogueWords(tokens)) return undefined;
      return { kind: 'tool', tool: end, args: { reason: 'the visitor said goodbye' } };
    },
  },
];
