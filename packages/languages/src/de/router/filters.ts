// German words about the catalogue's values: price bounds, rankings, facts of one item.
import type { Filters } from '../../router/pieces.js';
import { inflect, list } from '../../router/shared.js';
import { COMPARATIVE, DECLENSION, ORDINAL_ENDINGS } from './endings.js';

/** Price bounds, rankings and facts in German. */
export const filters: Filters = {
  maximum: [
    'unter',
    'weniger als',
    'bis',
    'hochstens',
    'maximal',
    'max',
    'nicht mehr als',
    'billiger als',
    'gunstiger als',
    'unterhalb von',
  ],
  minimum: ['uber', 'mehr als', 'mindestens', 'minimal', 'min', 'ab', 'oberhalb von', 'teurer als'],
  maximumAfter: ['maximal', 'max', 'hochstens'],
  minimumAfter: ['mindestens', 'minimum'],
  boundNegations: ['nichts', 'nicht'],
  complements: ['fur', 'in', 'im', 'ins', 'auf', 'unter', 'zum', 'zur'],
  between: ['zwischen'],
  pluralInFilters: true,
  filterNegations: ['nicht', 'kein', 'keine', 'ohne'],
  // "Das mit dem meisten Speicher", "der größte Bildschirm", "die längste Akkulaufzeit".
  fieldRanking: {
    more: [
      ...inflect(['meist', 'grosst', 'langst', 'hochst'], DECLENSION),
      ...inflect(['grosser', 'langer', 'hoher'], COMPARATIVE),
      'mehr',
    ],
    less: [
      ...inflect(['wenigst', 'kleinst', 'kurzest', 'niedrigst'], DECLENSION),
      ...inflect(['kleiner', 'kurzer', 'niedriger'], COMPARATIVE),
      'weniger',
    ],
  },
  // Only comparatives and superlatives rank ("ist es leicht?" asks, it does not rank), and plain
  // forms in a "which" question ("welches ist leicht?"); matched as said: the comparing form would
  // make "leichter" the plain "leicht".
  forHowMany: { before: ['fur'], after: ['personen', 'person', 'leute', 'erwachsene'] },
  rankingInverts: ['weniger', 'wenigsten', 'wenigste'],
  lasting: {
    units: ['stunde', 'stunden', 'std', 'h', 'minute', 'minuten', 'min', 'tag', 'tage'],
    verbs: ['halt', 'halten', 'dauert', 'dauern', 'lauft', 'laufen'],
  },
  rankingsExact: true,
  rankings: [
    {
      words: [
        ...inflect(['gunstiger', 'billiger', 'preiswerter'], COMPARATIVE),
        ...inflect(['gunstigst', 'billigst', 'preiswertest'], DECLENSION),
        'am gunstigsten',
        'am billigsten',
        'am preiswertesten',
      ],
      plain: inflect(['gunstig', 'billig', 'preiswert'], DECLENSION),
      order: 'ascending',
      role: 'price',
      label: 'am günstigsten',
    },
    {
      words: [
        ...inflect(['teurer'], COMPARATIVE),
        ...inflect(['teuerst'], DECLENSION),
        'am teuersten',
      ],
      plain: ['teuer', ...inflect(['teur'], ORDINAL_ENDINGS)],
      order: 'descending',
      role: 'price',
      label: 'am teuersten',
    },
    {
      words: [
        ...inflect(['leichter'], COMPARATIVE),
        ...inflect(['leichtest'], DECLENSION),
        'am leichtesten',
      ],
      plain: inflect(['leicht'], DECLENSION),
      order: 'ascending',
      role: 'weight',
      label: 'am leichtesten',
    },
    {
      words: [
        ...inflect(['schwerer'], COMPARATIVE),
        ...inflect(['schwerst'], DECLENSION),
        'am schwersten',
      ],
      plain: inflect(['schwer'], DECLENSION),
      order: 'descending',
      role: 'weight',
      label: 'am schwersten',
    },
    {
      words: [
        'am besten bewertet',
        ...inflect(['best', 'besser', 'bestbewertet', 'beliebtest'], DECLENSION),
      ],
      order: 'descending',
      role: 'rating',
      label: 'am besten bewertet',
    },
  ],
  rankingWords: new Set([
    ...inflect(
      [
        'gunstig',
        'gunstiger',
        'gunstigst',
        'billig',
        'billiger',
        'billigst',
        'preiswert',
        'preiswerter',
        'preiswertest',
        'teur',
        'teuerst',
        'leicht',
        'leichter',
        'leichtest',
        'ultraleicht',
        'schwer',
        'schwerer',
        'schwerst',
        'best',
        'besser',
        'beliebt',
        'beliebter',
        'beliebtest',
        'bestbewertet',
      ],
      DECLENSION,
    ),
    ...inflect(
      ['gunstiger', 'billiger', 'preiswerter', 'teurer', 'leichter', 'schwerer'],
      COMPARATIVE,
    ),
    ...list('teuer am bewertet'),
  ]),
  priceWords: list('preis euro euros eur dollar kostet kosten'),
  factWords: [
    'wie viel',
    'wieviel',
    'kostet',
    'kosten',
    'preis',
    'wiegt',
    'wiegen',
    'gewicht',
    'wie schwer',
  ],
  amountQuestions: ['wie viel', 'wieviel', 'wie viele'],
  roleNames: {
    price: ['Preis', 'Preise', 'kostet', 'kosten'],
    weight: ['Gewicht', 'wiegt', 'schwer', 'leicht'],
    rating: ['Bewertung', 'Bewertungen', 'Sterne'],
    stock: ['Lager', 'verfügbar', 'vorrätig', 'lieferbar'],
    colour: ['Farbe', 'Farben'],
    size: ['Größe', 'Größen', 'groß', 'klein'],
    category: ['Kategorie', 'Kategorien'],
    brand: ['Marke', 'Marken'],
  },
};
