// The guards of the table: turns the router leaves to the model whatever its features.
import { smallTalkOf } from '../small-talk.js';
import type { Lexicon } from '@svc/languages/router';
import { TO_MODEL, type Reading, type Rule } from './types.js';

/** The guard that gives an open question to the model. */
export const QUESTION_TO_MODEL_RULE = 'question.model';

/**
 * The guards: a turn that touches a tool the router does not own, small talk (the scenario's
 * persona answers it, not a canned sentence), and the language's phrases for the model.
 */
export const GUARD_RULES: readonly Rule[] = [
  {
    // "Cancel my last booking" in a shop with a booking tool of its own: the router knows
    // nothing of that tool, so none of its readings of the words can be right.
    id: 'model.unowned-tool',
    operations: [],
    priority: 1000,
    match: ({ tokens, lexicon, unownedWords }) =>
      unownedWords.size > 0 && tokens.some((token) => unownedWords.has(lexicon.stem(token)))
        ? TO_MODEL
        : undefined,
  },
  {
    id: 'talk.small',
    operations: [],
    priority: 990,
    match: ({ tokens, lexicon }) => (smallTalkOf(tokens, lexicon) ? TO_MODEL : undefined),
  },
  {
    id: 'model.asked',
    operations: [],
    priority: 850,
    match: ({ has, lexicon }) => (has(lexicon.toModel) ? TO_MODEL : undefined),
  },
  {
    // A question about what is shown ("which is better for rocky trails") is the model's to
    // answer, once the rules that read a question as a search or a ranking have passed.
    id: QUESTION_TO_MODEL_RULE,
    operations: [],
    priority: 280,
    match: (reading) => (asksOpenly(reading) ? TO_MODEL : undefined),
  },
];

/**
 * The language's phrases that ask for items ("do you have", "show me"), without the question words
 * that also open a search ("what"): a turn that holds one is a request, even put as a question.
 */
export function requestPhrases(lexicon: Lexicon): readonly string[] {
  return lexicon.search.filter((phrase) => !lexicon.questionSearch.includes(phrase));
}

/** A question that is not a search phrase ("what tents do you have" is one; "what" alone is not). */
export function asksOpenly({ asks, has, lexicon }: Reading): boolean {
  return asks && !has(requestPhrases(lexicon));
}
