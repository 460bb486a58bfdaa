// French: the words hearing and speaking need, the words a request cannot end on, the feedback
// words, the recognizer's prompt and the voice sample's sentence.
import type { SpeechWords } from '../speech/types.js';

/** What hearing and speaking need of French. */
export const speech: SpeechWords = {
  unfinished: [
    // articles, determiners, possessives
    'le la les l un une des du au aux ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs chaque quelques plusieurs aucun aucune',
    // prepositions
    'à a de d en dans par pour sur sous avec sans chez vers entre contre depuis pendant avant après selon malgré parmi jusqu jusque près',
    // conjunctions and clause openers
    'et ou mais donc car ni que qu qui dont où si quand lorsque puisque parce comme quoique',
  ],
  feedback: [
    // continuers and hesitation sounds
    'mm mmm mhm hm hmm hum euh ah oh aha',
    // acknowledgements and agreement
    "oui ouais ok okay d'accord voilà voila exactement effectivement entendu bien sûr",
    // short assessments
    'bon super génial parfait',
  ],
  feedbackPhrases: [
    'je vois',
    'je sais',
    'je comprends',
    'ah bon',
    "c'est ça",
    "c'est vrai",
    'tout à fait',
    'en effet',
    'très bien',
    'ça marche',
    'pas de souci',
    'bien entendu',
  ],
  recognizerPrompt: {
    products: 'Produits',
    courtesy: 'Bonjour, merci, au revoir.',
    actions: 'Montrez-moi, comparez, ajoutez à mon panier, retirez de mon panier.',
    // 2.87 measured on the multilingual model's vocabulary.
    charsPerToken: 2.7,
  },
  voiceSample: 'Bonjour ! Voici comment je sonnerai pour vos visiteurs.',
};
