// German: what collection search needs, its PostgreSQL configuration, its Snowball stemmer and how
// it writes compounds.
import { stemmer } from '@orama/stemmers/german';
import type { SearchRules } from '../search/types.js';

/** What collection search needs of German. */
export const search: SearchRules = {
  textSearchConfiguration: 'svc_german',
  stemmer,
  compoundsJoined: true,
  headLast: true,
};
