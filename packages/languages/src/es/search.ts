// Spanish: what collection search needs, its PostgreSQL configuration, its Snowball stemmer and how
// it writes compounds.
import { stemmer } from '@orama/stemmers/spanish';
import type { SearchRules } from '../search/types.js';

/** What collection search needs of Spanish. */
export const search: SearchRules = {
  textSearchConfiguration: 'svc_spanish',
  stemmer,
  compoundsJoined: false,
  headLast: false,
};
