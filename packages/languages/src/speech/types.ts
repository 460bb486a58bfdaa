// The type of what hearing and speaking need of a language, which each language's `speech.ts`
// fills in: the words a spoken request cannot end on, the feedback words a listener says over the
// agent, the words of the recognizer's prompt and the sentence a voice sample says.

/**
 * A language's words for hearing and speaking. The word lists are lines of lower-case words apart
 * by spaces, one closed word class a line, so that each reads as the grammar names it.
 */
export interface SpeechWords {
  /**
   * Words a spoken request cannot end on: the closed word classes that always need something after
   * them (articles and other determiners, possessives, prepositions, coordinating and subordinating
   * conjunctions, relative and interrogative words that open a clause). They come from the
   * language's grammar, not from any request: a closed class is short and complete, which is what
   * makes it a mechanism rather than a list of phrases. Elided words are written without their
   * apostrophe ("l", "qu").
   */
  unfinished: readonly string[];
  /**
   * Words a listener says to show they are following, not to take the turn: the language's
   * continuers ("mm-hmm") and hesitation sounds as recognizers write them, acknowledgements
   * ("okay") and short assessments ("great"). A closed class of interjections, from the language's
   * grammar of feedback, not from any recording; laughter is every language's (`LAUGHTER`).
   */
  feedback: readonly string[];
  /**
   * Feedback said as a phrase whose words are no feedback on their own ("I see", "got it",
   * "je vois", "alles klar"): a listener's acknowledgements, one phrase a line, as the language's
   * inventories of backchannels list them (for English, the Switchboard corpus's).
   */
  feedbackPhrases: readonly string[];
  /** The words of the Whisper recognizer's prompt that are not the scenario's. */
  recognizerPrompt: RecognizerPromptWords;
  /** What a voice sample says when the request gives no text: a greeting and a sentence. */
  voiceSample: string;
  /**
   * The sentences a recognizer's domain language model puts the scenario's words in, for a
   * language an embedded recognizer builds one for: English only, the language of Pocketsphinx's
   * installed acoustic model.
   */
  scenarioSentences?: ScenarioSentences;
}

/**
 * The words of the prompt that are not the scenario's: Whisper copies its prompt's language, so a
 * French conversation's prompt must not say "Products" or end in English (measured on synthesized
 * shop requests, agent README: the closing phrases in the language took word error from 49-65% to
 * 16-49% on espeak-ng voices).
 */
export interface RecognizerPromptWords {
  /** What the list of kinds is called. */
  products: string;
  /**
   * The greeting, thanks and goodbye every conversation has, where the multilingual model
   * mishears them without ("bonjour" as "Bouilloire", "gracias, adiós" as "Gracias a Dios", "au
   * revoir" as "Revoire"); English's model hears them without.
   */
  courtesy?: string;
  /** What visitors do in every shop, said last. */
  actions: string;
  /**
   * Characters per token of Whisper's tokenizer on the language's shop prompts, measured on the
   * demo's prompts (grouped lists of kinds run lower) and rounded down, so that an estimate of a
   * prompt's length errs long.
   */
  charsPerToken: number;
}

/**
 * Sentences with the scenario's words in them, as visitors say them: `{value}` stands for a filter
 * value ("Tents"), `{item}` and `{other}` for item names.
 */
export interface ScenarioSentences {
  /** Sentences a filter value is said in ("show me {value}"). */
  value: readonly string[];
  /** Sentences an item name is said in ("add the {item} to my cart"). */
  item: readonly string[];
  /** The sentence two item names are said in together, a comparison. */
  pair: string;
}
