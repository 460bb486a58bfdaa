// English words about the catalogue's values: price bounds, rankings, facts of one item.
import { MAXIMUM, MINIMUM } from '../../phrases.js';
import type { Filters } from '../pieces.js';

/** Price bounds, rankings and facts in English. */
export const filters: Filters = {
  maximum: MAXIMUM,
  minimum: MINIMUM,
  maximumAfter: [],
  minimumAfter: [],
  between: ['between'],
  pluralInFilters: false,
  filterNegations: ['not', 'non', 'no'],
  rankingsExact: false,
  rankings: [
    {
      words: [
        'cheap',
        'cheaper',
        'cheapest',
        'inexpensive',
        'affordable',
        'budget',
        'lowest price',
      ],
      order: 'ascending',
      role: 'price',
    },
    {
      words: ['expensive', 'pricier', 'priciest', 'premium', 'most expensive'],
      order: 'descending',
      role: 'price',
    },
    {
      words: ['lighter', 'lightest', 'lightweight'],
      order: 'ascending',
      role: 'weight',
    },
    {
      words: ['heavier', 'heaviest'],
      order: 'descending',
      role: 'weight',
    },
    {
      words: ['best rated', 'highest rated', 'top rated', 'best', 'better', 'popular'],
      order: 'descending',
      role: 'rating',
    },
  ],
  rankingWords: new Set([
    'cheap',
    'cheaper',
    'cheapest',
    'lighter',
    'lightest',
    'lightweight',
    'best',
    'better',
    'expensive',
    'priciest',
    'heavier',
    'heaviest',
    'rated',
    'top',
    'highest',
    'lowest',
    'most',
    'affordable',
    'budget',
  ]),
  priceWords: ['price', 'cost', 'dollar', 'dollars', 'buck', 'bucks', 'euro', 'euros'],
  factWords: ['how much', 'cost', 'costs', 'price', 'weigh', 'weighs', 'weight', 'how heavy'],
};
