// The English phrasings the intent router reads requests by. Words of the catalogue (item names,
// filter values) come from the scenario; these are how shoppers ask, whatever the shop sells.

/** Ways of ending the conversation. */
export const END_PHRASES = [
  'goodbye',
  'good bye',
  'bye',
  'see you',
  'that is all',
  'that is it',
  'that will be all',
  'i am done',
  'we are done',
  'i am all set',
  'nothing else',
  'end the call',
  'end the conversation',
  'end the chat',
  'end this call',
  'end this conversation',
  'hang up',
  'have a good day',
  'have a nice day',
];
/** Partings that are only partings in a short utterance ("and a nice day"). */
export const SHORT_END_PHRASES = ['nice day', 'good day', 'great day', 'good night', 'take care'];
/** Ways of asking what the shop has at all. */
export const OFFER_PHRASES = [
  'do you sell',
  'do you have',
  'do you carry',
  'do you offer',
  'do you stock',
  'have you got',
  'can i buy',
  'can i get',
  'you guys sell',
  'you sell',
];
/** Words for the cart. */
export const CART_WORDS = ['cart', 'basket', 'trolley'];
/** Ways of asking to add to the cart. */
export const ADD_PHRASES = [
  'add',
  'put',
  'buy',
  'purchase',
  'order',
  'i will take',
  'i would take',
  // A choice said as going with one: French "je prends", Spanish "me quedo con", German "ich nehme".
  'i will go with',
  'i would go with',
  'let us go with',
  'take it',
  'take that',
  'take the',
  'get it',
  'i will get',
  'i want it',
  'i would like it',
];
/** Ways of asking to take out of the cart. */
export const REMOVE_PHRASES = [
  'remove',
  'delete',
  'take out',
  'take off',
  'drop',
  'get rid of',
  'out of my',
];
/** Ways of asking what the cart holds. */
export const SHOW_CART_PHRASES = [
  'what is in my',
  'what is in the',
  'show my',
  'show me my',
  'see my',
  'view my',
  'check my',
  'open my',
  'my cart',
  'the cart',
  'in my cart',
  'how many',
];
/** Ways of asking for a comparison. */
export const COMPARE_PHRASES = [
  'compare',
  'comparison',
  'difference between',
  'differences between',
  'side by side',
  'versus',
  'vs',
];
/** Ways of asking about one item. */
export const DISPLAY_PHRASES = [
  'tell me more',
  'more about',
  'more details',
  'details',
  'detail',
  'more info',
  'information about',
  'describe',
  'what about',
  'how about',
  'show me',
  'let me see',
  'open',
  'zoom in',
  'look at',
];
/** Ways of asking for items. */
export const SEARCH_PHRASES = [
  'is there',
  'are there',
  'have you got',
  'do you have',
  'do you sell',
  'do you carry',
  'looking for',
  'i need',
  'i want',
  'i would like',
  'show me',
  'find',
  'search',
  'any',
  'anything',
  'something',
  'how about',
  'got any',
  'recommend',
  'what',
];

/** An amount after these is an upper bound ("under 100 dollars"). */
export const MAXIMUM = [
  'under',
  'below',
  'less than',
  'cheaper than',
  'at most',
  'up to',
  'max',
  'maximum',
  'no more than',
  'within',
  'lower than',
];
/** An amount after these is a lower bound ("over 50"). */
export const MINIMUM = [
  'over',
  'above',
  'more than',
  'at least',
  'minimum',
  'min',
  'higher than',
  'starting at',
];

/** Words a spoken request often opens with that change nothing ("so, which one is lighter"). */
export const LEAD_INS = new Set([
  'and',
  'so',
  'next',
  'now',
  'then',
  'okay',
  'ok',
  'well',
  'um',
  'uh',
  'oh',
  'alright',
  'right',
  'also',
  'hmm',
]);

/** Words that say the visitor wants the same thing again, for another item. */
export const AGAIN_PHRASES = ['as well', 'too', 'also', 'another one'];

/** Questions answered yes or no ("do you have", "is there"): asking for a kind is a search. */
export const YES_NO_STARTS = new Set(['do', 'does', 'is', 'are', 'have', 'can', 'could', 'would']);

/** Utterances that open with these are questions, not requests. */
export const QUESTION_STARTS = new Set([
  'which',
  'why',
  'how',
  'is',
  'are',
  'does',
  'do',
  'should',
  'would',
  'could',
  'can',
  'will',
  'what',
]);
