// English: the words hearing and speaking need, the words a request cannot end on, the feedback
// words, the recognizer's prompt and the sentences Pocketsphinx's domain model is built from.
import type { SpeechWords } from '../speech/types.js';

/** What hearing and speaking need of English. */
export const speech: SpeechWords = {
  unfinished: [
    // articles, determiners, possessives
    'a an the this these those every each some any no my your his her its our their whose',
    // prepositions
    'about above across after against along among around as at before behind below beneath beside besides between beyond by despite during except for from in inside into like near of off on onto out outside over past per since than through throughout till to toward towards under underneath until unlike upon via with within without',
    // conjunctions and clause openers
    'and but or nor so because although though if unless whether while whereas that which who whom where when once',
  ],
  feedback: [
    // continuers and hesitation sounds, as recognizers write them
    'mm mmm mhm mmhm hm hmm uh huh uhhuh um ah oh aha ooh',
    // acknowledgements and agreement
    'yeah yes yep yup ya ok okay alright right sure exactly totally true indeed gotcha',
    // short assessments
    'great good nice cool wow fine perfect',
  ],
  feedbackPhrases: [
    'i see',
    'i know',
    'i understand',
    'got it',
    'makes sense',
    'that makes sense',
    'sounds good',
    'fair enough',
    'of course',
    'for sure',
    'you bet',
    'all right',
    "that's right",
    "that's true",
    'oh really',
    'go on',
    'go ahead',
  ],
  recognizerPrompt: {
    products: 'Products',
    actions: 'Show me, compare, add to my cart, remove from my cart.',
    // 3.95 measured on tiny.en's vocabulary.
    charsPerToken: 3.8,
  },
  voiceSample: 'Hello! This is how I will sound to your visitors.',
  scenarioSentences: {
    value: ['show me {value}', 'do you have {value}', 'i need {value}'],
    item: [
      'show me the {item}',
      'add the {item} to my cart',
      'tell me about the {item}',
      'remove the {item}',
    ],
    pair: 'compare the {item} and the {other}',
  },
};
