// The comparison feature's rules, and the one that answers a pick when nothing was shown.
import { toolFor } from '../catalog.js';
import { compareRoute } from '../compare.js';
import { ordinals, rankingOf } from '../references.js';
import { requestPhrases } from './talk.js';
import { TO_MODEL, type Rule, type SlotReaders } from './types.js';

/** The rules of the comparison feature. */
export const COMPARE_RULES: readonly Rule[] = [
  {
    // "Compare the first and the second", "which one is cheaper?" when nothing was shown (its
    // search misheard, or asked again): nothing is there to point at, and the model would take
    // seconds to guess at it. A ranking is such a pick when it is short or says "one"; asked of
    // the shop ("what's the cheapest thing you have") it is not.
    id: 'pick.nothing-shown',
    operations: ['display', 'compare', 'cart_add'],
    priority: 700,
    match: ({ tokens, lexicon, has, nothingShown, mentionsCart, catalogueWords }) => {
      if (!nothingShown || mentionsCart || catalogueWords(tokens)) return undefined;
      const picksShown =
        ordinals(tokens, lexicon).length > 0 ||
        (rankingOf(tokens, lexicon) !== undefined &&
          (has(lexicon.one) || tokens.length <= 4) &&
          !has(requestPhrases(lexicon)));
      return picksShown ? { kind: 'reply', reply: 'nothing_shown' } : undefined;
    },
  },
  {
    // "Add, compare the first and the third": a comparison of named positions outweighs a stray
    // verb the recognizer put before it.
    id: 'compare.positions',
    operations: ['compare'],
    priority: 650,
    match: async ({ tokens, context, catalog, lexicon, lookup, has, mentionsCart }) => {
      const compare = toolFor(catalog, 'compare');
      if (!compare || mentionsCart || !has(lexicon.compare)) return undefined;
      return compareRoute(tokens, context, catalog, compare, lookup, lexicon);
    },
  },
  {
    id: 'compare.items',
    operations: ['compare'],
    priority: 450,
    match: async ({ tokens, context, catalog, lexicon, lookup, has }) => {
      const compare = toolFor(catalog, 'compare');
      if (!compare || !has(lexicon.compare)) return undefined;
      return (await compareRoute(tokens, context, catalog, compare, lookup, lexicon)) ?? TO_MODEL;
    },
  },
];

/** The comparison feature's slot reader, for a request whose operation the model named. */
export const COMPARE_READERS: SlotReaders = {
  // Items the words point at: "them", "these two", two positions. "Which has the most storage"
  // compares nothing: it asks about what is shown, and the model answers it.
  compare: async ({ tokens, context, catalog, lexicon, lookup, has }) => {
    const compare = toolFor(catalog, 'compare');
    const points = has(lexicon.comparePronouns) || ordinals(tokens, lexicon).length >= 2;
    if (!compare || !points) return undefined;
    return compareRoute(tokens, context, catalog, compare, lookup, lexicon);
  },
};
