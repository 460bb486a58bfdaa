// French words about the catalogue's values: price bounds, rankings, facts of one item.
import type { Filters } from '../pieces.js';
import { inflect, list } from '../shared.js';

/** Price bounds, rankings and facts in French. */
export const filters: Filters = {
  maximum: [
    'moins de',
    'moins que',
    'moins cher que',
    'en dessous de',
    'au dessous de',
    'sous',
    'maximum',
    'max',
    'au plus',
    'au maximum',
    'pas plus de',
    'jusque a',
    'inferieur a',
  ],
  minimum: [
    'plus de',
    'plus que',
    'au moins',
    'minimum',
    'min',
    'superieur a',
    'a partir de',
    'au dessus de',
  ],
  maximumAfter: ['maximum', 'max', 'au maximum', 'au plus', 'maxi', 'grand maximum'],
  minimumAfter: ['minimum', 'au moins', 'mini'],
  between: ['entre'],
  pluralInFilters: true,
  filterNegations: ['pas', 'non', 'sans'],
  rankingsExact: false,
  // Only comparatives and superlatives rank ("elle est légère ?" asks, it does not rank), and
  // plain forms in a "which" question ("laquelle est légère ?").
  rankings: [
    {
      words: ['moins cher', 'le moins cher', 'bon marche', 'petit prix', 'prix le plus bas'],
      plain: ['pas cher', 'abordable'],
      order: 'ascending',
      role: 'price',
      label: 'le moins cher',
    },
    {
      words: ['plus cher', 'le plus cher'],
      plain: ['cher'],
      order: 'descending',
      role: 'price',
      label: 'le plus cher',
    },
    {
      // Snowball keeps "léger" and "légère" apart (-er is a verb's ending to it): both are written.
      words: ['plus leger', 'le plus leger', 'plus legere'],
      plain: ['leger', 'legere'],
      order: 'ascending',
      role: 'weight',
      label: 'le plus léger',
    },
    {
      words: ['plus lourd', 'le plus lourd'],
      plain: ['lourd'],
      order: 'descending',
      role: 'weight',
      label: 'le plus lourd',
    },
    {
      words: ['mieux note', 'le mieux note', 'meilleur', 'plus populaire'],
      order: 'descending',
      role: 'rating',
      label: 'le mieux noté',
    },
  ],
  rankingWords: new Set([
    ...inflect(
      ['cher', 'leger', 'lourd', 'meilleur', 'note', 'economique', 'populaire'],
      ['', 'e', 's', 'es'],
    ),
    ...list('chere cheres legere legeres moins plus mieux marche abordable abordables'),
  ]),
  priceWords: list('prix euro euros dollar dollars coute coutent balles'),
  factWords: list('combien coute coutent prix pese pesent poids lourd lourde'),
};
