// German: how shoppers ask in German, as the router reads it. Words are written as the router
// compares them: lower case, umlauts and ß folded ("Schlafsäcke" is "schlafsacke", "günstig" is
// "gunstig"); the comparing form drops the usual endings, so plurals and declensions meet.
import { remembered, type Lexicon } from '../lexicon.js';
import { inflect, list, ordinalTable, units } from './shared.js';

const ENDINGS = ['en', 'er', 'es', 'em', 'e', 'n', 's'];

/**
 * A German word's form for comparing: the plural and declension endings dropped (umlauts are
 * folded already), so "Schlafsäcke" and "Schlafsack", "Jacken" and "Jacke", "roten" and "rot"
 * compare equal. Plurals that change more than that ("Mäntel") are the search's to stem.
 */
export function germanSingular(word: string): string {
  if (/^\d/.test(word) || DEMONSTRATIVES.has(word)) return word;
  // Until nothing more comes off: "grüne" and "grün", "Preise" and "Preis" meet only there.
  let stem = word;
  for (let round = 0; round < 3; round += 1) {
    const ending = ENDINGS.find((end) => stem.endsWith(end) && stem.length - end.length >= 3);
    if (!ending) break;
    stem = stem.slice(0, -ending.length);
  }
  return stem;
}

/**
 * Demonstratives are their own comparing form: "dies" without its "s" would be the article "die",
 * and every "die" ("vergleiche die ersten beiden") would then point at the item in focus.
 */
const DEMONSTRATIVES = new Set(['dies', 'diese', 'dieser', 'dieses', 'diesen', 'diesem']);

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

const ORDINAL_ENDINGS = ['e', 'en', 'er', 'es', 'em'];
/** An adjective as said before a noun or after an article: no ending, or one of these. */
const DECLENSION = ['', ...ORDINAL_ENDINGS];
/**
 * A comparative's endings, with the spoken forms that drop the ending's "e" ("den günstigern",
 * "einen leichtern"): recognizers write them as heard.
 */
const COMPARATIVE = [...DECLENSION, 'n', 'm', 's'];

/** The German lexicon. */
export const german: Lexicon = {
  code: 'de',
  contractions: [
    // "Gibt es Zelte?": "es" is no item in focus there.
    [/\bgibt(?: es|'s| s)\b/g, 'gibts'],
    [/€/g, ' euro '],
  ],
  compoundNames: true,
  nounsCapitalized: true,
  foldAccents: true,
  repairsHearing: true,
  currencies: [
    [/\$\s*(\d+(?:\.\d+)?)/g, '$1 dollars'],
    [/(\d),(\d{1,2})\b/g, '$1.$2'],
  ],
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
    compound: (word) => (word.length > 4 ? germanNumber(word) : undefined),
  },
  singular: remembered(germanSingular),
  // Many singulars end as plurals do ("Jacke", "Lampe"): a form the catalogue writes is taken as
  // it is written, so "die Socken" of "Trekking Socken" are not every sock (the LLM asks).
  plural: (word, surface) =>
    /(e|en|er|n|s)$/.test(word) && !surface.has(word) && germanSingular(word) !== word,
  filler: new Set(
    list(`
      ich du sie er es wir ihr mir mich dir dich uns euch ihnen der die das den dem des ein eine
      einen einem einer eines kein keine mein meine meinen meinem dein deine ihre ihren unser haben
      habe hast hat habt gibt gibts bitte danke mal doch denn ja nein also so und oder mit fur von
      zu zum zur in im an am auf aus bei nach suche suchen such brauche brauchen brauch mochte
      mochten will wollen hatte hatten gern gerne zeig zeige zeigen zeigt sehen finden find etwas
      was welche welcher welches irgendwas irgendwelche sachen sache ding dinge artikel produkt
      produkte art sorte hallo hi hey ok okay na nun jetzt dann noch auch wirklich vielleicht ist
      sind sein verkauft verkaufen fuhren fuhrt kann konnen konnten konnte hier da dort nur
    `),
  ),
  end: [
    'tschuss',
    'tschau',
    'ciao',
    'auf wiedersehen',
    'auf wiederhoren',
    'bis bald',
    'bis dann',
    'bis spater',
    'das wars',
    'das war es',
    'das ist alles',
    'das war alles',
    'ich bin fertig',
    'nichts weiter',
    'gesprach beenden',
    'beende das gesprach',
    'auflegen',
    'einen schonen tag',
  ],
  shortEnd: ['schonen tag', 'schonen abend', 'gute nacht', 'machs gut', 'mach es gut'],
  offer: [
    'was verkaufen sie',
    'was verkauft ihr',
    'was habt ihr',
    'was haben sie',
    'was gibts',
    'was fuhren sie',
    'verkaufen sie',
    'verkauft ihr',
    'fuhren sie',
  ],
  cart: ['warenkorb', 'korb', 'einkaufswagen', 'einkaufskorb'],
  misheardCart: [],
  add: [
    'leg',
    'lege',
    'pack',
    'packe',
    'tu',
    'tue',
    'fug',
    'fuge',
    'hinzufugen',
    'kauf',
    'kaufe',
    'kaufen',
    'nimm',
    'ich nehme',
    'nehme',
    'bestell',
    'bestelle',
    'bestellen',
  ],
  remove: [
    'entfern',
    'entferne',
    'entfernen',
    'losch',
    'losche',
    'loschen',
    'streich',
    'streiche',
    'aus dem warenkorb',
    'aus meinem warenkorb',
  ],
  showCart: [
    'was ist in meinem',
    'was ist im',
    'was habe ich im',
    'was hab ich im',
    'was liegt im',
    'zeig mir meinen',
    'zeig meinen',
    'meinen warenkorb',
    'mein warenkorb',
    'den warenkorb',
    'im warenkorb',
    'wie viele',
    'wieviel',
    'inhalt',
  ],
  compare: [
    'vergleich',
    'vergleiche',
    'vergleichen',
    'unterschied',
    'unterschiede',
    'nebeneinander',
    'gegenuber',
    'versus',
    'vs',
  ],
  display: [
    'mehr uber',
    'mehr details',
    'details',
    'detail',
    'erzahl mir',
    'erzahl mir mehr',
    'mehr infos',
    'mehr informationen',
    'beschreib',
    'beschreibe',
    'zeig mir',
    'zeig',
    'zeige',
    'zeigen',
    'lass mich sehen',
    'lass sehen',
    'offne',
    'anschauen',
    'ansehen',
    'schau',
    'was ist mit',
    'wie ware es mit',
  ],
  search: [
    'ich suche',
    'suche',
    'such',
    'ich brauche',
    'brauche',
    'ich mochte',
    'mochte',
    'ich will',
    'hatte gern',
    'habt ihr',
    'haben sie',
    'hast du',
    'gibts',
    'verkauft ihr',
    'verkaufen sie',
    'fuhren sie',
    'zeig mir',
    'zeig',
    'finde',
    'etwas',
    'irgendwas',
    'empfiehl',
    'empfehlen',
    'was ist mit',
    'wie ware es mit',
    // "Und in Blau?", "und die roten?": what about these.
    'und in',
    'und die',
  ],
  questionSearch: [],
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
  between: ['zwischen'],
  leadIns: new Set(
    list('und also so na nun jetzt dann ok okay gut ah oh ahm hm hmm ja ach naja noch'),
  ),
  again: ['auch', 'ebenfalls', 'noch einen', 'noch eine', 'noch eins', 'dazu'],
  yesNoStarts: new Set(
    list(
      'habt haben hast gibts ist sind kann konnen konnte konnten fuhrt fuhren verkauft verkaufen',
    ),
  ),
  whichStarts: new Set(list('welche welcher welches welchen')),
  questionStarts: new Set(
    list(`
      welche welcher welches welchen warum wieso weshalb wie ist sind hat haben habt hast gibts
      kann kannst konnen sollte wurde was wo wann passt taugt
    `),
  ),
  questionPhrases: [],
  about: ['ware'],
  cartQuestions: list('was welche wie ist sind habe hab warum wieviel'),
  offerQuestions: ['was'],
  negations: ['nicht', 'kein', 'keine', 'keinen', 'nie', 'niemals'],
  toModel: ['warum', 'wieso', 'weshalb', 'leere', 'leeren'],
  pluralInFilters: true,
  filterNegations: ['nicht', 'kein', 'keine', 'ohne'],
  buyVerbs: list('kauf kaufe kaufen nimm nehme nehmen bestell bestelle bestellen'),
  oneWords: ['eins'],
  one: ['der', 'das', 'den', 'dem', 'eins'],
  theOne: ['der von', 'die von', 'das von', 'den von'],
  narrowing: ['nur', 'bloss', 'lediglich'],
  fresh: ['alles', 'etwas anderes', 'andere', 'anderes'],
  ordinals: ordinalTable(
    ['erst', 'zweit', 'dritt', 'viert', 'funft', 'sechst', 'siebt', 'acht', 'neunt', 'zehnt'].map(
      (stem) => inflect([stem], ORDINAL_ENDINGS),
    ),
  ),
  last: inflect(['letzt'], ORDINAL_ENDINGS),
  numberWord: ['nummer', 'nr'],
  notOrdinal: ['mal'],
  pronouns: [
    'es',
    'ihn',
    'dies',
    'diese',
    'dieser',
    'dieses',
    'diesen',
    'diesem',
    'das da',
    'den da',
    'die da',
  ],
  // Only comparatives and superlatives rank ("ist es leicht?" asks, it does not rank), and plain
  // forms in a "which" question ("welches ist leicht?"); matched as said: the comparing form would
  // make "leichter" the plain "leicht".
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
  weightUnits: units({
    g: 'g gramm',
    kg: 'kg kilo kilogramm',
    oz: 'unze unzen',
  }),
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
  every: new Set(list('alle allen beide beiden diese')),
  everyPhrases: ['alle 2'],
  comparePronouns: ['sie', 'beide', 'beiden', 'die 2', 'die 3', 'alle', 'diese'],
  all: ['alle', 'allen', 'alles'],
  first: inflect(['erst'], ORDINAL_ENDINGS),
  countBeforeFirst: true,
  three: ['3', 'drei'],
  separators: ['und', 'oder', 'mit', 'gegen', 'versus', 'vs', 'gegenuber'],
  quantityAfter: list('stuck mal x paar davon weitere mehr exemplare'),
  quantityBefore: list(
    'leg lege pack packe kauf kaufe nimm nehme bestelle menge tu fug fuge davon',
  ),
  takeOutVerbs: list('nimm nehme nehmen tu tue wirf hol schmeiss'),
  takeOutParticles: ['raus', 'heraus', 'weg'],
  intoCart: ['in', 'zum', 'zu', 'ins', 'im'],
  cartDeterminers: list('den meinen mein dem meinem unseren'),
  vocabularyFiller: list('und der die das fur mit in von zu ein eine aus'),
  smallTalk: {
    misheard: [],
    ignored: list('zusammen alle leute ihr mal'),
    howAreYou: ['wie geht es ihnen', 'wie geht es dir', 'wie gehts', 'wie geht es', 'alles gut'],
    greetings: list('hallo hi hey guten tag morgen abend moin servus gruss gott gruezi hallochen'),
    thanksWords: list(
      'danke dank vielen schon sehr super toll prima perfekt ok okay klasse gut herzlichen besten dankeschon',
    ),
    thanks: ['danke', 'dank', 'dankeschon'],
    help: [
      'was kannst du',
      'was konnen sie',
      'wie kannst du mir helfen',
      'wie konnen sie mir helfen',
      'kannst du mir helfen',
      'konnen sie mir helfen',
      'hilf mir',
      'helfen sie mir',
      'was machst du',
    ],
    helpWords: list('helfen hilf kannst konnen was wie machst tun mir du sie denn'),
  },
};
