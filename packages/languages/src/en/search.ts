// English: what collection search needs, its PostgreSQL configuration, its Snowball stemmer and how
// it writes compounds.
import { stemmer } from '@orama/stemmers/english';
import type { SearchRules } from '../search/types.js';

/** What collection search needs of English. */
export const search: SearchRules = {
  textSearchConfiguration: 'svc_english',
  stemmer,
  compoundsJoined: false,
  headLast: true,
};
