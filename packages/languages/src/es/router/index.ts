// Spanish: how shoppers ask in Spanish, as the router reads it. Words are written as the router
// compares them: lower case, accents folded ("campaña" is "campana", "añade" is "anade"), the
// pronoun an imperative carries split off ("añádelo" is "anade eso").
// The language is assembled from its pieces, one file each (see ../pieces.ts).
import type { Lexicon } from '../../router/lexicon.js';
import { assemble } from '../../router/pieces.js';
import { counting } from './counting.js';
import { filters } from './filters.js';
import { reading } from './reading.js';
import { requests } from './requests.js';
import { smallTalk } from './small-talk.js';
import { words } from './words.js';

/** The Spanish lexicon. */
export const spanish: Lexicon = assemble({
  reading,
  counting,
  requests,
  filters,
  words,
  smallTalk,
});
