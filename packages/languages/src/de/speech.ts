// German: the words hearing and speaking need, the words a request cannot end on, the feedback
// words, the recognizer's prompt and the voice sample's sentence.
import type { SpeechWords } from '../speech/types.js';

/** What hearing and speaking need of German. */
export const speech: SpeechWords = {
  unfinished: [
    // articles, determiners, possessives
    'der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner mein meine meinen meinem meiner dein deine sein seine ihr ihre ihren ihrem unser unsere euer eure jeder jede jedes jeden jedem dieser diese dieses diesen diesem',
    // prepositions
    'an auf aus bei bis durch für gegen hinter in mit nach neben ohne seit über um unter von vor während wegen zu zum zur zwischen',
    // conjunctions and clause openers
    'und oder aber sondern denn dass ob weil wenn als da damit obwohl während wo wie sowie bevor nachdem',
  ],
  feedback: [
    // continuers and hesitation sounds
    'mm mmm mhm hm hmm äh ähm ah oh aha ach so',
    // acknowledgements and agreement
    'ja jo jap jawohl okay ok genau klar stimmt richtig eben verstehe',
    // short assessments
    'gut super toll prima',
  ],
  feedbackPhrases: [
    'alles klar',
    'ich verstehe',
    'ich weiß',
    'na klar',
    'schon klar',
    'in ordnung',
    'sehr gut',
    'auf jeden fall',
    'das stimmt',
    'ach ja',
    'na gut',
  ],
  recognizerPrompt: {
    products: 'Produkte',
    courtesy: 'Hallo, danke, tschüss, auf Wiedersehen.',
    actions: 'Zeig mir, vergleiche, leg in meinen Warenkorb, entferne aus meinem Warenkorb.',
    // 2.73 measured on the multilingual model's vocabulary.
    charsPerToken: 2.6,
  },
  voiceSample: 'Hallo! So werde ich für Ihre Besucher klingen.',
};
