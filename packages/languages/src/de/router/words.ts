// German's closed word classes: filler, lead-ins, question words, negations, pronouns.
import type { Demonstratives } from '../../router/lexicon.js';
import type { WordClasses } from '../../router/pieces.js';
import { formsOf, list } from '../../router/shared.js';

/**
 * German's demonstratives by gender and case. The plural's dative and genitive ("diesen",
 * "dieser") are the masculine singular's accusative and nominative too, which a request means far
 * more often ("ich nehme diesen"): they point at the item in focus.
 */
const demonstratives: Demonstratives = {
  singular: {
    masculine: ['dieser', 'diesen', 'diesem'],
    feminine: ['diese'],
    neuter: ['dieses', 'dies'],
  },
  plural: { 'every gender': ['diese'] },
};

/** German's closed word classes. */
export const words: WordClasses = {
  filler: new Set(
    list(`
      ich du sie er es wir ihr mir mich dir dich uns euch ihnen der die das den dem des ein eine
      einen einem einer eines kein keine mein meine meinen meinem dein deine ihre ihren unser haben
      habe hast hat habt gibt gibts bitte danke mal doch denn ja nein also so und oder aber mit fur von
      zu zum zur in im an am auf aus bei nach suche suchen such brauche brauchen brauch mochte
      mochten will wollen hatte hatten gern gerne zeig zeige zeigen zeigt sehen finden find etwas
      was welche welcher welches irgendwas irgendwelche sachen sache ding dinge artikel produkt
      produkte art sorte hallo hi hey ok okay na nun jetzt dann noch auch wirklich vielleicht ist
      sind sein verkauft verkaufen fuhren fuhrt kann konnen konnten konnte hier da dort nur
    `),
  ),
  leadIns: new Set(
    list('und also so na nun jetzt dann ok okay gut ah oh ahm hm hmm ja ach naja noch'),
  ),
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
  answerOpenings: ['ja', 'klar', 'natürlich', 'sicher', 'selbstverständlich', 'gewiss', 'nein'],
  doubts: [
    'weiß nicht',
    'weiß ich nicht',
    'nicht sicher',
    'keine information',
    'keine informationen',
    'kann ich nicht sagen',
    'keine ahnung',
  ],
  selfWords: ['ich', 'wir'],
  oneWords: ['eins'],
  one: ['der', 'das', 'den', 'dem', 'eins'],
  definite: ['der', 'die', 'das', 'den', 'dem', 'dieser', 'diese', 'dieses', 'diesen'],
  clauseJoins: ['und dann', 'und', 'dann'],
  theOne: ['der von', 'die von', 'das von', 'den von'],
  narrowing: ['nur', 'bloss', 'lediglich'],
  fresh: ['alles', 'etwas anderes', 'andere', 'anderes'],
  other: ['andere', 'anderen', 'anderes', 'anderer', 'anderem'],
  takeBack: ['nein', 'nee'],
  pronouns: ['es', 'ihn', ...formsOf(demonstratives.singular), 'das da', 'den da', 'die da'],
  demonstratives,
  every: new Set([...list('alle allen beide beiden'), ...formsOf(demonstratives.plural)]),
  everyPhrases: ['alle 2'],
  comparePronouns: [
    'sie',
    'beide',
    'beiden',
    'die 2',
    'die 3',
    'alle',
    ...formsOf(demonstratives.plural),
  ],
  all: ['alle', 'allen', 'alles'],
  vocabularyFiller: list('und der die das fur mit in von zu ein eine aus'),
};
