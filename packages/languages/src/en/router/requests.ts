// The verbs and phrasings of each request in English: search, show, compare, the cart, goodbye.
import {
  ADD_PHRASES,
  AGAIN_PHRASES,
  CART_WORDS,
  COMPARE_PHRASES,
  DISPLAY_PHRASES,
  END_PHRASES,
  OFFER_PHRASES,
  REMOVE_PHRASES,
  SEARCH_PHRASES,
  SHORT_END_PHRASES,
  SHOW_CART_PHRASES,
} from './phrases.js';
import type { Requests } from '../../router/pieces.js';

/** The phrasings of each request in English. */
export const requests: Requests = {
  end: END_PHRASES,
  shortEnd: SHORT_END_PHRASES,
  offer: OFFER_PHRASES,
  cart: CART_WORDS,
  misheardCart: ['car'],
  add: ADD_PHRASES,
  remove: REMOVE_PHRASES,
  swap: ['swap', 'switch', 'exchange', 'replace', 'change it'],
  showCart: SHOW_CART_PHRASES,
  cartTotal: ['total', 'subtotal'],
  compare: COMPARE_PHRASES,
  display: DISPLAY_PHRASES,
  search: SEARCH_PHRASES,
  questionSearch: ['what'],
  again: AGAIN_PHRASES,
  toModel: [],
  buyVerbs: ['buy', 'take', 'purchase', 'order'],
  accepts: ['fine', 'will do', 'would do', 'works', 'perfect', 'good', 'great', 'suits me'],
  separators: ['and', 'or', 'with', 'versus', 'vs', 'against'],
  quantityAfter: ['of', 'more', 'units', 'pieces', 'pairs', 'x', 'times'],
  quantityBefore: ['add', 'quantity', 'buy', 'take'],
  takeOutVerbs: ['take', 'get', 'pull'],
  takeOutParticles: ['out', 'off'],
  intoCart: ['to', 'in', 'into', 'onto'],
  cartDeterminers: ['my', 'the', 'your', 'our'],
};
