// A model's reply that takes leave ends the conversation. Visitors part in more ways than any list
// of phrases holds ("cheers", "talk later"), and the model, which reads them, answers with the
// few ways a reply takes leave ("Have a nice day!"); it often does so without calling the end
// tool, and the call stayed open after its own goodbye. Vapi ends a call on the assistant's "end
// call phrases" the same way. The agent's words are read with the language's parting phrases, the
// ones visitors part with; a reply that asks anything, or a visitor's turn that asks for
// something of the business, never ends the call.
import type { Lexicon } from '@svc/languages/router';
import type { RouterCatalog } from './catalog.js';
import { hasPhrase, sentencesOf, words } from './text.js';

/** The rule a turn records when the model's parting reply ended the conversation. */
export const AGENT_PARTING_RULE = 'end.agent-parting';

/**
 * Whether `reply`, the model's whole reply to the visitor's `request` with no tool called, takes
 * leave: its last sentence holds a parting phrase of the language, it asks nothing, and the
 * visitor's words asked for nothing (no request word of the router's, no word of the catalogue, no
 * question).
 */
export function takesLeave(reply: string, request: string, catalog: RouterCatalog): boolean {
  const lexicon = catalog.lexicon;
  if (!lexicon || reply.includes('?') || request.includes('?')) return false;
  const last = sentencesOf(reply, catalog.language).at(-1);
  if (!last || !hasPhrase(words(last, lexicon), [...lexicon.end, ...lexicon.shortEnd]))
    return false;
  const asked = words(request, lexicon);
  return (
    asked.length > 0 &&
    !hasPhrase(asked, [...partingIntentWords(lexicon), ...lexicon.search]) &&
    !namesCatalogue(asked, catalog, lexicon)
  );
}

/**
 * The words of a request a parting is not the point of ("add it and then goodbye"): the cart's
 * and the requests' about items.
 */
export function partingIntentWords(lexicon: Lexicon): string[] {
  return [
    ...lexicon.cart,
    ...lexicon.add,
    ...lexicon.remove,
    ...lexicon.compare,
    ...lexicon.display,
  ];
}

/** Whether `words` name something of the catalogue besides a parting's own ("day" of "nice day"). */
export function namesCatalogue(
  words: readonly string[],
  catalog: RouterCatalog,
  lexicon: Lexicon,
): boolean {
  const partingWords = new Set(lexicon.shortEnd.flatMap((phrase) => phrase.split(' ')));
  return words.some(
    (word) => !partingWords.has(word) && catalog.vocabulary.has(lexicon.stem(word)),
  );
}
