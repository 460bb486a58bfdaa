// Spanish: the words hearing and speaking need, the words a request cannot end on, the feedback
// words, the recognizer's prompt and the voice sample's sentence.
import type { SpeechWords } from '../speech/types.js';

/** What hearing and speaking need of Spanish. */
export const speech: SpeechWords = {
  unfinished: [
    // articles, determiners, possessives
    'el la los las lo un una unos unas este esta estos estas ese esa esos esas aquel aquella mi mis tu tus su sus nuestro nuestra nuestros nuestras vuestro vuestra cada algún alguna ningún ninguna del al',
    // prepositions
    'a ante bajo con contra de desde durante en entre hacia hasta mediante para por según sin sobre tras',
    // conjunctions and clause openers
    'y e o u ni pero sino que porque aunque si cuando mientras donde como cual cuyo cuya pues',
  ],
  feedback: [
    // continuers and hesitation sounds
    'mm mmm mhm hm hmm eh ah oh ajá aja',
    // acknowledgements and agreement
    'sí si vale claro ok okay bueno ya exacto exactamente cierto entiendo',
    // short assessments
    'genial perfecto bien',
  ],
  feedbackPhrases: [
    'ya veo',
    'ya lo sé',
    'lo entiendo',
    'de acuerdo',
    'por supuesto',
    'está bien',
    'muy bien',
    'ah vale',
    'claro que sí',
    'sin duda',
    'es verdad',
  ],
  recognizerPrompt: {
    products: 'Productos',
    courtesy: 'Hola, gracias, adiós.',
    actions: 'Muéstrame, compara, añade a mi carrito, quita de mi carrito.',
    // 2.96 measured on the multilingual model's vocabulary.
    charsPerToken: 2.7,
  },
  voiceSample: '¡Hola! Así sonaré para tus visitantes.',
};
