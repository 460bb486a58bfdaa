// French's closed word classes: filler, lead-ins, question words, negations, pronouns.
import type { Demonstratives } from '../../router/lexicon.js';
import type { WordClasses } from '../../router/pieces.js';
import { formsOf, list } from '../../router/shared.js';

/**
 * French's demonstratives. The singular points at the item in focus as a pronoun with its "-ci"
 * or "-là" ("celui" alone is "the one": "celui en rouge"), or as "ça"; a singular determiner comes
 * with the noun that names the item ("cette tente"). The plural means the items shown, pronoun or
 * determiner ("ceux-là", "ces tentes").
 */
const demonstratives: Demonstratives = {
  singular: {
    masculine: ['celui ci', 'celui la'],
    feminine: ['celle ci', 'celle la'],
    neuter: ['ca', 'cela', 'ceci'],
  },
  plural: { masculine: ['ceux'], feminine: ['celles'], determiner: ['ces'] },
};

/** French's closed word classes. */
export const words: WordClasses = {
  filler: new Set(
    list(`
      je j me moi tu te toi vous nous il elle on ils elles le la les l un une des du de d au aux a
      en dans sur pour avec et ou mais donc alors juste aussi vraiment peut etre quel quelle quels
      quelles que qu quoi qui est ce cet cette ces ca cela celui celle ceux celles y se sil plait
      svp bonjour salut merci ok okay daccord bon ben euh hum voila avez avoir ai as ont vendez vend
      vendre vends cherche cherchons recherche voudrais voudrait veux voulez aimerais aimerions
      besoin faut montre montrez montrer voir vois trouve trouver trouvez donne donnez peux pouvez
      pourriez chose choses truc trucs article articles produit produits genre type types sorte
      sortes quelque quelques mon ma mes ton ta tes votre vos notre nos son sa ses tres bien encore
      maintenant ensuite puis ne pas avec sans tout tous toutes propose proposez offrez autre autres
    `),
  ),
  leadIns: new Set(
    list(
      'et alors donc bon bien ok okay daccord euh hum ah oh bah ben puis ensuite maintenant voila bref eh',
    ),
  ),
  yesNoStarts: new Set(list('est avez as vendez vends y pouvez peux auriez existe sont')),
  whichStarts: new Set(list('quel quels quelle quelles lequel laquelle lesquels lesquelles')),
  questionStarts: new Set(
    list(`
      quel quelle quels quelles lequel laquelle lesquels lesquelles pourquoi comment est combien
      ou quand que quoi avez pouvez peux puis dois devrais sont
    `),
  ),
  // "La deuxième est-elle imperméable ?", "la deuxième est en stock ?": questions wherever the verb is.
  questionPhrases: ['est', 'sont', 't il', 't elle'],
  about: [],
  cartQuestions: list('que quoi quel quelle combien est comment pourquoi y avez'),
  offerQuestions: list('que quoi quel quelle quels quelles'),
  negations: ['ne', 'pas', 'jamais'],
  answerOpenings: [
    'oui',
    'bien sûr',
    'certainement',
    'absolument',
    'tout à fait',
    'évidemment',
    'non',
  ],
  doubts: [
    'pas sûr',
    'pas sûre',
    'ne sais pas',
    'aucune information',
    "pas d'information",
    'pas certain',
    'pas certaine',
    'aucune idée',
  ],
  selfWords: ['je', 'j', 'nous', 'on va'],
  oneWords: ['celui', 'celle'],
  one: ['le', 'la', 'celui', 'celle'],
  definite: ['le', 'la', 'celui', 'celle', 'ce', 'cet', 'cette'],
  clauseJoins: ['et puis', 'et', 'puis'],
  theOne: ['celui', 'celle'],
  narrowing: ['juste', 'seulement', 'uniquement'],
  fresh: ['tout', 'autre chose', 'autres', 'le reste'],
  other: ['autre'],
  takeBack: ['non'],
  pronouns: [...formsOf(demonstratives.singular), 'ce produit', 'cet article'],
  demonstratives,
  every: new Set([...list('tous toutes'), ...formsOf(demonstratives.plural)]),
  everyPhrases: ['les 2', 'tous les 2', 'toutes les 2'],
  comparePronouns: ['les', 'tous', 'toutes', 'les 2', 'les 3', ...formsOf(demonstratives.plural)],
  all: ['tous', 'toutes', 'tout'],
  vocabularyFiller: list('de du des la le les et pour avec en a au aux un une'),
};
