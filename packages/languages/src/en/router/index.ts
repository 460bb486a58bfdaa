// English: the router's first language. These are the words its English-only lists had.
// The language is assembled from its pieces, one file each (see ../pieces.ts).
import type { Lexicon } from '../../router/lexicon.js';
import { assemble } from '../../router/pieces.js';
import { counting } from './counting.js';
import { filters } from './filters.js';
import { reading } from './reading.js';
import { requests } from './requests.js';
import { smallTalk } from './small-talk.js';
import { words } from './words.js';

/** The English lexicon. */
export const english: Lexicon = assemble({
  reading,
  counting,
  requests,
  filters,
  words,
  smallTalk,
});
