// German numbers, positions in a list and units of weight.
import type { Counting } from '../../router/pieces.js';
import { inflect, ordinalTable, units } from '../../router/shared.js';
import { ORDINAL_ENDINGS } from './endings.js';

const UNITS: Record<string, number> = {
  null: 0,
  ein: 1,
  eine: 1,
  eins: 1,
  zwei: 2,
  zwo: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwolf: 12,
  dreizehn: 13,
  vierzehn: 14,
  funfzehn: 15,
  sechzehn: 16,
  siebzehn: 17,
  achtzehn: 18,
  neunzehn: 19,
};
const TENS: Record<string, number> = {
  zwanzig: 20,
  dreissig: 30,
  vierzig: 40,
  funfzig: 50,
  sechzig: 60,
  siebzig: 70,
  achtzig: 80,
  neunzig: 90,
};

/** A number written as one word: "fünfundzwanzig", "hundertfünfzig", "zweitausend". */
export function germanNumber(word: string): number | undefined {
  if (word === '') return 0;
  if (Object.hasOwn(UNITS, word)) return UNITS[word];
  if (Object.hasOwn(TENS, word)) return TENS[word];
  for (const [multiplier, value] of [
    ['tausend', 1000],
    ['hundert', 100],
  ] as const) {
    const at = word.indexOf(multiplier);
    if (at < 0) continue;
    const before = at === 0 ? 1 : germanNumber(word.slice(0, at));
    const after = germanNumber(word.slice(at + multiplier.length));
    return before === undefined || after === undefined ? undefined : before * value + after;
  }
  const and = word.indexOf('und');
  if (and > 0) {
    const unit = UNITS[word.slice(0, and)];
    const ten = TENS[word.slice(and + 3)];
    if (unit !== undefined && ten !== undefined) return unit + ten;
  }
  return undefined;
}

/** Numbers, positions and units in German. */
export const counting: Counting = {
  numbers: {
    units: UNITS,
    tens: TENS,
    hundreds: {},
    hundred: ['hundert'],
    thousand: ['tausend'],
    joiners: ['und'],
    unitsBeforeTens: true,
    article: [],
    ambiguous: new Set(['ein', 'eine', 'einen', 'einem', 'einer', 'eins']),
    halves: { after: ['einhalb'], before: ['halb', 'halbe', 'halbes', 'halben', 'halbem'] },
    compound: (word) => (word.length > 4 ? germanNumber(word) : undefined),
  },
  ordinals: ordinalTable(
    ['erst', 'zweit', 'dritt', 'viert', 'funft', 'sechst', 'siebt', 'acht', 'neunt', 'zehnt'].map(
      (stem) => inflect([stem], ORDINAL_ENDINGS),
    ),
  ),
  last: inflect(['letzt'], ORDINAL_ENDINGS),
  numberWord: ['nummer', 'nr'],
  notOrdinal: ['mal'],
  weightUnits: units({
    g: 'g gramm',
    kg: 'kg kilo kilogramm',
    oz: 'unze unzen',
  }),
  first: inflect(['erst'], ORDINAL_ENDINGS),
  countBeforeFirst: true,
  three: ['3', 'drei'],
  clock: {
    at: ['um', 'gegen', 'ab', 'bis'],
    hour: ['uhr'],
    afternoon: ['abend', 'abends', 'nachmittag', 'nachmittags', 'nacht', 'nachts'],
    // Not "Morgen" alone, which is also tomorrow.
    morning: ['morgens', 'vormittag', 'vormittags', 'fruh'],
    noon: ['mittag', 'mittags'],
    midnight: ['mitternacht'],
    // "Halb acht" is half past seven; "dreiviertel acht" a quarter to eight.
    beforeHour: { halb: -30, 'viertel nach': 15, 'viertel vor': -15, dreiviertel: -15 },
    afterHour: {},
    past: ['nach'],
    to: ['vor'],
    plus: [],
    minus: [],
  },
};
