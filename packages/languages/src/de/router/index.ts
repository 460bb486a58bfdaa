// German: how shoppers ask in German, as the router reads it. Words are written as the router
// compares them: lower case, umlauts and ß folded ("Schlafsäcke" is "schlafsacke", "günstig" is
// "gunstig"); the comparing form drops the usual endings, so plurals and declensions meet.
// The language is assembled from its pieces, one file each (see ../pieces.ts).
import type { Lexicon } from '../../router/lexicon.js';
import { assemble } from '../../router/pieces.js';
import { counting } from './counting.js';
import { filters } from './filters.js';
import { reading } from './reading.js';
import { requests } from './requests.js';
import { smallTalk } from './small-talk.js';
import { words } from './words.js';

/** The German lexicon. */
export const german: Lexicon = assemble({
  reading,
  counting,
  requests,
  filters,
  words,
  smallTalk,
});
