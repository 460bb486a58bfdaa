// Spanish's closed word classes: filler, lead-ins, question words, negations, pronouns.
import type { Demonstratives } from '../../router/lexicon.js';
import type { WordClasses } from '../../router/pieces.js';
import { formsOf, list } from '../../router/shared.js';

/** Spanish's demonstratives, near ("este"), middle ("ese") and far ("aquel"), every gender. */
const demonstratives: Demonstratives = {
  singular: {
    masculine: ['este', 'ese', 'aquel'],
    feminine: ['esta', 'esa', 'aquella'],
    neuter: ['esto', 'eso', 'aquello'],
  },
  plural: {
    masculine: ['estos', 'esos', 'aquellos'],
    feminine: ['estas', 'esas', 'aquellas'],
  },
};

/** Spanish's closed word classes. */
export const words: WordClasses = {
  filler: new Set(
    list(`
      un una unos unas el la los las lo me mi mis yo tu tus te usted ustedes nos nuestro su sus de
      del al a en con para por y o pero que se es son esta estan hay tiene tienes tienen teneis busco
      buscando buscar quiero queria quisiera querria necesito necesitaria gustaria ver mira mirar
      muestra muestrame ensename dame algo alguna alguno algun algunas algunos cosa cosas articulo
      articulos producto productos tipo tipos clase hola vale bueno pues eh este esto eso ese esa
      favor puedes puede podrias podria venden vendeis vendes ofrecen tal cual cuales como cuanto
      cuantos mas muy ellos ellas otro otra otros otras sin
    `),
  ),
  leadIns: new Set(
    list(
      'y pues bueno vale ok okay entonces ahora luego oye eh em mmm bien tambien vaya ah oh venga',
    ),
  ),
  yesNoStarts: new Set(
    list('tienes tiene tienen teneis hay es son venden vendeis puedo puedes podria'),
  ),
  whichStarts: new Set(list('que cual cuales')),
  questionStarts: new Set(
    list(`
      que cual cuales como es son esta estan tiene cuanto cuanta cuantos cuantas donde cuando
      puedo puede puedes podria deberia sirve tienes tienen teneis hay
    `),
  ),
  // "¿La segunda está en stock?", "¿la primera tiene bolsillos?": questions wherever the verb is.
  questionPhrases: ['es', 'son', 'esta en', 'esta disponible', 'tiene'],
  about: ['tal'],
  cartQuestions: list('que cual cuales como cuanto cuantos cuantas es hay tengo'),
  offerQuestions: ['que'],
  negations: ['no', 'nunca'],
  answerOpenings: ['sí', 'claro', 'por supuesto', 'desde luego', 'efectivamente', 'no'],
  doubts: [
    'no sé',
    'no estoy seguro',
    'no estoy segura',
    'no tengo información',
    'ninguna información',
    'no puedo decir',
    'ni idea',
  ],
  selfWords: ['yo', 'voy', 'vamos', 'le', 'te'],
  oneWords: ['uno', 'una', 'unos', 'unas'],
  one: ['el', 'la', 'lo', 'uno', 'una'],
  definite: ['el', 'la', 'este', 'esta', 'ese', 'esa'],
  clauseJoins: ['y luego', 'y despues', 'y', 'e', 'luego'],
  theOne: ['el de', 'la de'],
  narrowing: ['solo', 'solamente', 'unicamente'],
  fresh: ['todo', 'otra cosa', 'otras cosas', 'lo demas'],
  other: ['otro', 'otra'],
  takeBack: ['no'],
  pronouns: [...formsOf(demonstratives.singular), 'lo', 'ese producto', 'este producto'],
  demonstratives,
  every: new Set([
    ...list('todos todas ambos ambas ellos ellas'),
    ...formsOf(demonstratives.plural),
  ]),
  everyPhrases: ['los 2', 'las 2'],
  comparePronouns: [
    'ellos',
    'ellas',
    'los',
    'las',
    'ambos',
    'ambas',
    'los 2',
    'las 2',
    'los 3',
    'las 3',
    'todos',
    'todas',
    ...formsOf(demonstratives.plural),
  ],
  all: ['todos', 'todas', 'todo'],
  vocabularyFiller: list('de del la el los las y para con en a al un una por'),
};
