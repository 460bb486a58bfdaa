// French: what collection search needs, its PostgreSQL configuration, its Snowball stemmer and how
// it writes compounds.
import { stemmer } from '@orama/stemmers/french';
import type { SearchRules } from '../search/types.js';

/** What collection search needs of French. */
export const search: SearchRules = {
  textSearchConfiguration: 'svc_french',
  stemmer,
  compoundsJoined: false,
  headLast: false,
};
