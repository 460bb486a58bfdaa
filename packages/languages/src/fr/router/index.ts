// French: how shoppers ask in French, as the router reads it. Words are written as the router
// compares them: lower case, accents folded ("légère" is "legere"), elisions spelled out
// ("l'article" is "le article", "qu'est-ce" is "que est ce").
// The language is assembled from its pieces, one file each (see ../pieces.ts).
import type { Lexicon } from '../../router/lexicon.js';
import { assemble } from '../../router/pieces.js';
import { counting } from './counting.js';
import { filters } from './filters.js';
import { reading } from './reading.js';
import { requests } from './requests.js';
import { smallTalk } from './small-talk.js';
import { words } from './words.js';

/** The French lexicon. */
export const french: Lexicon = assemble({
  reading,
  counting,
  requests,
  filters,
  words,
  smallTalk,
});
