// French words about the catalogue's values: price bounds, rankings, facts of one item.
import type { Filters } from '../../router/pieces.js';
import { list } from '../../router/shared.js';

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
  boundNegations: ['rien', 'pas'],
  complements: ['pour', 'dans', 'sur', 'sous'],
  between: ['entre'],
  pluralInFilters: true,
  filterNegations: ['pas', 'non', 'sans'],
  // "Le plus de stockage", "l'écran le plus grand", "la plus grande autonomie".
  fieldRanking: {
    more: ['plus', 'grand', 'grande', 'grands', 'grandes', 'long', 'longue', 'maximal', 'maximale'],
    less: [
      'moins',
      'petit',
      'petite',
      'petits',
      'petites',
      'court',
      'courte',
      'minimal',
      'minimale',
    ],
  },
  forHowMany: { before: ['pour'], after: ['personnes', 'personne', 'adultes'] },
  rankingInverts: ['moins'],
  lasting: {
    units: ['heure', 'heures', 'h', 'minute', 'minutes', 'min', 'jour', 'jours'],
    verbs: ['dure', 'durent', 'durer', 'tient', 'tiennent', 'tenir', 'longtemps'],
  },
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
      words: ['plus leger', 'le plus leger'],
      plain: ['leger'],
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
  // In the masculine singular: every agreement of them meets it (see agreement.ts).
  rankingWords: new Set(
    list('cher leger lourd meilleur note economique populaire moins plus mieux marche abordable'),
  ),
  priceWords: list('prix euro euros dollar dollars coute coutent balles'),
  factWords: list('combien coute coutent prix pese pesent poids lourd lourde'),
  amountQuestions: ['combien'],
  roleNames: {
    price: ['prix', 'coûte', 'coûtent', 'tarif'],
    weight: ['poids', 'pèse', 'pèsent', 'lourd', 'lourde', 'léger', 'légère'],
    rating: ['note', 'notes', 'avis', 'étoiles'],
    stock: ['stock', 'disponible', 'disponibles', 'disponibilité'],
    colour: ['couleur', 'couleurs', 'coloris', 'teinte'],
    size: ['taille', 'tailles', 'grand', 'grande', 'petit', 'petite'],
    category: ['catégorie', 'catégories'],
    brand: ['marque', 'marques'],
  },
};
