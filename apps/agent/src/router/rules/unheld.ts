// Questions about what nothing the conversation holds: the catalogue's items have no such field,
// the instructions say nothing of it, the router reads nothing in its words.
import { toolFor } from '../catalog.js';
import { contentWords } from '../text.js';
import {
  namedCatalogueItem,
  picksByRanking,
  pointsAtFocus,
  rankingOf,
  referredItems,
} from '../references.js';
import { unreadWords } from '../unread.js';
import { requestPhrases } from './talk.js';
import type { Reading, Rule } from './types.js';

/** The rule id of the "I don't know" a question about what nothing holds gets. */
export const NOT_HELD_RULE = 'answer.not-held';

/** The stems of what the conversation holds, by its text: one turn reads it several times. */
const heldStems = new Map<string, ReadonlySet<string>>();

/** The stems of the words of what the conversation holds besides the visitor's words. */
function heldBy(ground: string, reading: Reading): ReadonlySet<string> {
  const { lexicon } = reading;
  const key = `${lexicon.code}\n${ground}`;
  let stems = heldStems.get(key);
  if (!stems) {
    stems = new Set(contentWords(ground, lexicon).map((word) => lexicon.stem(word)));
    // The last few conversations' texts: a process serves several at once.
    if (heldStems.size >= 8) heldStems.delete(heldStems.keys().next().value as string);
    heldStems.set(key, stems);
  }
  return stems;
}

/**
 * Whether the words are put as a question (a question mark, or a question word first: "how long
 * does it last"; a question word inside, "only those that are red", is none), not about the cart
 * and not a request put as one ("have you got anything for cold feet?").
 */
function putAsQuestion(reading: Reading): boolean {
  const { lexicon, asks, questionMark, mentionsCart, has } = reading;
  return (
    (questionMark || (asks && lexicon.questionStarts.has(reading.opening))) &&
    !mentionsCart &&
    !has(requestPhrases(lexicon))
  );
}

/** Whether the words name a field of the items (its label, key or role) or rank them. */
function namesFieldOrRanking({ tokens, lexicon, catalog }: Reading): boolean {
  return (
    tokens.some((token) => catalog.fieldWords.has(lexicon.stem(token))) ||
    rankingOf(tokens, lexicon) !== undefined ||
    picksByRanking(tokens, lexicon)
  );
}

/**
 * The words of three letters or more the router reads nothing in ("ok", "so" and a recognizer's
 * stray letters say nothing), each with whether anything the conversation holds says it.
 */
function unreadWordsHeld(reading: Reading): { word: string; held: boolean }[] {
  const { tokens, lexicon, catalog, context } = reading;
  const held = heldBy(context.ground ?? '', reading);
  return unreadWords(tokens, catalog, lexicon)
    .filter((word) => word.length >= 3)
    .map((word) => ({ word, held: held.has(lexicon.stem(word)) }));
}

/**
 * Whether the words point at an item: the one in focus ("it", only once one was shown: "can I
 * swap it if it breaks?" before any asks about the business), one shown by position or name, or
 * one of the catalogue named.
 */
function pointsAtItem({ tokens, lexicon, catalog, context }: Reading): boolean {
  const shown = context.focus !== undefined || context.shown.length > 0;
  return (
    (shown && pointsAtFocus(tokens, lexicon)) ||
    referredItems(tokens, context, context.shown, lexicon).length > 0 ||
    namedCatalogueItem(tokens, catalog, lexicon) !== undefined
  );
}

/**
 * Whether the words ask a question about an item that nothing holds the answer to: a question (not
 * a request put as one, "have you got anything for cold feet?") pointing at an item, naming no
 * field of the items (no word of a fact, a filter, a field's name or role, or a ranking), with
 * words that neither the router, the catalogue nor anything the conversation holds (the
 * instructions, the items shown with their fields, what the agent said) reads. "Can I rent it?",
 * "¿se puede alquilar?", "how many megapixels has it got": "how many" beside "megapixels" asks
 * about those, not about a price.
 */
export function asksAboutUnheld(reading: Reading): boolean {
  const { tokens, lexicon, catalog, context, has } = reading;
  if (!putAsQuestion(reading) || namesFieldOrRanking(reading)) return false;
  const amounts = new Set(lexicon.amountQuestions);
  if (has(lexicon.factWords.filter((phrase) => !amounts.has(phrase)))) return false;
  // A filter names a field ("is it waterproof?"), unless it names the item asked about: its kind
  // or its brand ("can the tent be rented?").
  const subject = new Set([
    ...catalog.kinds,
    ...(catalog.roles.brand ? [catalog.roles.brand.key] : []),
  ]);
  if (Object.keys(reading.slots().filters).some((key) => !subject.has(key))) return false;
  // About an item: the one in focus or those shown ("it", "these"), one of them by position or
  // name, or one of the catalogue named. A question that points at none may be a need put as a
  // question ("womit kann ich im Zelt kochen?" as a conversation opens), which a search answers,
  // or a question about the business, which `asksNothingHeld` reads.
  const shown = context.focus !== undefined || context.shown.length > 0;
  const pointed =
    (shown && tokens.some((token) => lexicon.every.has(token))) ||
    pointsAtItem(reading) ||
    // With items on the page, a question is about them unless it asks which or what: "do they
    // stack?", "¿aguanta el granizo?" (no word for the item at all), "can I rent one?"; "what
    // would keep my feet warm?" asks for something else.
    (shown && !lexicon.whichStarts.has(reading.opening));
  if (!pointed) return false;
  // Nothing shown yet, a word of the catalogue is what the visitor is after: "Do yourself, camp
  // stoves?" is "do you sell" misheard.
  if (reading.nothingShown && reading.catalogueWords(tokens)) return false;
  return unreadWordsHeld(reading).some(({ held }) => !held);
}

/**
 * Whether the words ask something of which nothing the conversation holds says a word: a question
 * pointing at no item, naming nothing of the catalogue (no word of it, no field, filter or
 * ranking), whose every word the router reads nothing in is also in none of the instructions,
 * the tools' answers or what the agent said ("do you ship abroad?", "is there a lift?" where the
 * instructions speak of neither). One word held keeps the question the model's, which reads the
 * instructions for it ("when do you shut on Saturday?" beside opening hours): words that nobody
 * wrote can still ask about what is written, but a question none of whose words is written
 * anywhere has nothing to be answered from. A question that asks what or which asks for a value by
 * a name of the visitor's own ("what number can I ring?" of a prompt's "call us on"), or for an
 * item by a need; where items can be searched, so may any question ("where can I sleep
 * tonight?"): it is such a question only when the collection, reading its words by meaning, finds
 * nothing either.
 */
export async function asksNothingHeld(reading: Reading): Promise<boolean> {
  const { tokens, lexicon } = reading;
  if (!putAsQuestion(reading) || namesFieldOrRanking(reading)) return false;
  if (lexicon.whichStarts.has(reading.opening) || reading.catalogueWords(tokens)) return false;
  // A greeting before a question makes it small talk ("hi, how was your day?").
  if (tokens.some((token) => lexicon.smallTalk.greetings.includes(token))) return false;
  if (Object.keys(reading.slots().filters).length > 0 || pointsAtItem(reading)) return false;
  const words = unreadWordsHeld(reading);
  if (words.length === 0 || words.some(({ held }) => held)) return false;
  const search = toolFor(reading.catalog, 'search');
  if (!search) return true;
  const { described } = reading.slots();
  if (!described || !reading.lookup) return false;
  const found = await reading.lookup(search, described, {}).catch(() => undefined);
  return found?.length === 0;
}

/** The rule id of the "I don't know" a question of which nothing holds a word gets. */
export const NOTHING_HELD_RULE = 'answer.nothing-held';

/** The rule: such a question gets the language's "I don't know" at once. */
export const UNHELD_RULES: readonly Rule[] = [
  {
    // Showing the item again (its card holds no such thing), or searching for the words, answered
    // another question; the model, given nothing to answer from, made the answer up ("yes, you can
    // rent it"). Above the fact of one item ("how much is it?"), which names a field.
    id: NOT_HELD_RULE,
    operations: ['display', 'search'],
    priority: 410,
    match: (reading) =>
      asksAboutUnheld(reading) ? { kind: 'reply', reply: 'not_known' } : undefined,
  },
];

/**
 * The guard of any scenario: a question of which nothing the conversation holds says a word gets
 * the language's "I don't know" at once. The model, given nothing to answer from, answered such
 * questions about the business from belief ("yes, we ship to Canada") as often as it said it did
 * not know, after seconds of reading; below the guards that give a turn to the model (a tool the
 * router does not own, small talk), above the rules that read a question as a search.
 */
export const NOTHING_HELD_GUARD: Rule = {
  id: NOTHING_HELD_RULE,
  operations: [],
  priority: 405,
  match: async (reading) =>
    (await asksNothingHeld(reading)) ? { kind: 'reply', reply: 'not_known' } : undefined,
};
