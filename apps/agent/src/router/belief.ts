// A model's outright answer about what the scenario's data does not hold. Small models answer a
// visitor's "do you take cards?" or "is there parking?" with "Yes, we do" whatever the prompt says:
// they agree with the question. The check here is on the words: a reply that opens as a yes-or-no
// answer and repeats words of the question, none of which anything the model was given holds (the
// instructions, the tool results, what the agent said before), answers from belief, and the
// visitor hears that the agent does not know instead.
import type { RouterCatalog } from './catalog.js';
import { filters } from './filters.js';
import { languageOf, type Lexicon } from '@svc/languages/router';
import { smallTalkOf } from './small-talk.js';
import { contentStems, contentWords, indexOfWords, words } from './text.js';

/**
 * The stems of the visitor's question that the ground does not hold: not as a word, nor as a part
 * of a compound of its words or the other way round (a question's "haircut" is held by a prompt's
 * "cut" when the prompt or the question says "hair" too).
 */
export function unheldStems(question: string, ground: string, lexicon: Lexicon): Set<string> {
  const groundWords = [...new Set(contentWords(ground, lexicon))];
  const questionWords = contentWords(question, lexicon);
  const known = new Set([...groundWords, ...questionWords]);
  const held = new Set(groundWords.map((word) => lexicon.stem(word)));
  const unheld = new Set<string>();
  for (const word of questionWords) {
    const stem = lexicon.stem(word);
    if (held.has(stem)) continue;
    // Compared as written: Snowball's stems of a compound and its parts differ ("birthdai").
    if (groundWords.some((other) => compound(other, word, known) || compound(word, other, known)))
      continue;
    unheld.add(stem);
  }
  return unheld;
}

/**
 * Whether `whole` is `part` and another word said in the texts, either way round: "haircut" is
 * "hair" and "cut", "birthdaycake" is "birthday" and "cake"; "wheelchair" is not "wheelc" and
 * "hair", nor is "payments" anything with "men" inside it.
 */
function compound(whole: string, part: string, known: ReadonlySet<string>): boolean {
  if (whole.length <= part.length) return false;
  if (whole.startsWith(part)) return known.has(whole.slice(part.length));
  if (whole.endsWith(part)) return known.has(whole.slice(0, -part.length));
  return false;
}

/** Whether a sentence opens as a yes-or-no answer ("Yes, ...", "Of course", "Non, ..."). */
export function opensAsAnswer(sentence: string, lexicon: Lexicon): boolean {
  const tokens = words(sentence, lexicon);
  return lexicon.answerOpenings.some(
    (opening) => indexOfWords(tokens, words(opening, lexicon)) === 0,
  );
}

/**
 * Whether a sentence of a model's reply answers the question about something of it the ground does
 * not hold: then it is not spoken. `afterTools`: the turn made tool calls before this reply.
 */
export function answersFromBelief(
  sentence: string,
  question: string,
  ground: string,
  lexicon: Lexicon,
  options: BeliefOptions = {},
): boolean {
  // A question back asserts nothing. After the turn's own tool calls a statement presents what
  // they found, in the visitor's words ("Here are some tents for your trip"): there only an
  // outright answer is judged.
  if (/\?\s*$/.test(sentence)) return false;
  const outright = opensAsAnswer(sentence, lexicon);
  if (!outright && options.afterTools) return false;
  // "I'm doing great today, thanks for asking" repeats the visitor's words and holds nothing of
  // the business: small talk is the persona's.
  if (smallTalkOf(words(question, lexicon), lexicon)) return false;
  // "I am not sure whether we deliver there" repeats the question to say it does not know.
  const said = words(sentence, lexicon);
  if (lexicon.doubts.some((doubt) => indexOfWords(said, words(doubt, lexicon)) >= 0)) return false;
  const unheld = unheldStems(question, ground, lexicon);
  if (unheld.size === 0) return false;
  const asked = new Set(contentStems(question, lexicon));
  const stems = new Set(contentStems(sentence, lexicon));
  if (!outright) return statesUnheld(sentence, stems, asked, unheld, ground, lexicon, options);
  // The question's words the answer repeats are more often unheld than held: it is about what the
  // scenario does not hold ("Yes, we take card payments", "Yes, the bakery has a car park nearby":
  // the bakery is the business itself, named in every question about it). As many held words make
  // it about what the scenario holds, with details of the visitor's own ("Yes, your daughter can
  // order a birthday cake"). A sentence held back costs no later turn: the model does not read
  // the exchanges the agent did not know (`withoutUnknownExchanges` in routed-llm.ts).
  let held = 0;
  let unsupported = 0;
  for (const stem of stems) {
    if (!asked.has(stem)) continue;
    if (unheld.has(stem)) unsupported += 1;
    else held += 1;
  }
  if (held + unsupported > 0) return unsupported > held;
  // An opening that repeats nothing of the question and states nothing the ground holds ("Yes,
  // we do.", "Sure, I can help with that.") says yes or no to the question as it was put: it is
  // judged by the question's words. Those the router reads ("show", "cheapest") ask for what it
  // does, not about the business. One that goes on with what the ground holds ("Yes, we are open
  // from 8:00") answers with that.
  if (saysHeld(sentence, stems, ground, lexicon)) return false;
  const reads = options.reads ?? (() => false);
  for (const stem of asked) {
    if (!unheld.has(stem)) held += 1;
    else if (!reads(stem)) unsupported += 1;
  }
  return unsupported > held;
}

/**
 * Whether a sentence states something the ground holds: a figure of it, or two of its words. One
 * word is no statement: "help" of "Sure, I can help with that" is in every assistant's prompt.
 */
function saysHeld(
  sentence: string,
  stems: ReadonlySet<string>,
  ground: string,
  lexicon: Lexicon,
): boolean {
  const grounded = new Set(contentStems(ground, lexicon));
  if ([...stems].filter((stem) => grounded.has(stem)).length >= 2) return true;
  const figures = new Set(ground.match(/\d+/g) ?? []);
  return (sentence.match(/\d+/g) ?? []).some((figure) => figures.has(figure));
}

/** How {@link answersFromBelief} reads a sentence. */
export interface BeliefOptions {
  /** The turn made tool calls before this reply. */
  afterTools?: boolean;
  /**
   * Whether the router reads something in a word (its language's words, the catalogue's): such a
   * word of the question ("cheapest", "how much") is no thing asked about.
   */
  reads?: (word: string) => boolean;
}

/**
 * Whether a statement (a sentence that does not open as "yes" or "no": "Shipping takes a few
 * days", "Tom is off on Boxing Day") asserts something about what nothing holds: it repeats two
 * or more of the question's words nothing holds, or one and states nothing held besides what the
 * question said. The subject of such a sentence is often held (the business's name, the plan
 * asked about: "The Gold plan does not come with a free modem"), so held words do not outweigh
 * the unheld ones; one unheld word beside a held figure or held words of its own is the visitor's
 * word for what the prompt says otherwise ("a trim is 25 pounds" to a prompt's "Haircut £25").
 */
function statesUnheld(
  sentence: string,
  stems: ReadonlySet<string>,
  asked: ReadonlySet<string>,
  unheld: ReadonlySet<string>,
  ground: string,
  lexicon: Lexicon,
  options: BeliefOptions,
): boolean {
  const reads = options.reads ?? (() => false);
  let unsupported = 0;
  for (const stem of stems)
    if (asked.has(stem) && unheld.has(stem) && !reads(stem)) unsupported += 1;
  if (unsupported !== 1) return unsupported >= 2;
  // One unheld word stands for what the ground says otherwise when the sentence states what it
  // holds beyond the question's own subject: a figure ("a trim is 25 pounds"), or two words.
  // "The warranty on headphones varies by brand" repeats the headphones asked about and names
  // a field: it states nothing held of a warranty.
  const told = new Set([...stems].filter((stem) => !asked.has(stem)));
  return !saysHeld(sentence, told, ground, lexicon);
}

/** Where each sentence of a text being written ends: a mark followed by a space (not "4.5"). */
export function sentenceEnds(text: string): number[] {
  return [...text.matchAll(/[.!?…](?=\s)/g)].map((match) => match.index + 1);
}

/**
 * How much of a reply being written must be read before {@link answersFromBelief} can judge it: its
 * first sentence, or its first two when the first is only the opening ("Yes! We ship there."); -1
 * while that is still being written (the whole reply is judged when it ends).
 */
export function judgedLength(text: string, lexicon: Lexicon): number {
  const [first, second] = sentenceEnds(text);
  if (first === undefined) return -1;
  const opening = text.slice(0, first);
  if (!opensAsAnswer(opening, lexicon)) return first;
  const openingWords = new Set(lexicon.answerOpenings.flatMap((phrase) => words(phrase, lexicon)));
  const rest = words(opening, lexicon).filter((word) => !openingWords.has(word));
  if (contentStems(rest.join(' '), lexicon).length > 0) return first;
  return second ?? -1;
}

/** The shortest word taken for a part of a compound of the catalogue's ("Socken", "Kocher"). */
const COMPOUND_PART = 4;

/**
 * Whether a catalogue search the model made for the visitor's words is about nothing the catalogue
 * holds: no word of its query is a word of the catalogue, and no kind, colour or brand it filters
 * on is one the visitor named (a description read by meaning, see `RouterCatalog.readByMeaning`, only
 * when it also filters on such a kind): such a search can only answer a question about the business with
 * items of a kind nobody asked for ("¿cuánto cuesta el envío?" searched "envío" among the lamps).
 */
export function searchesOutsideCatalogue(
  args: Record<string, unknown>,
  visitorWords: string,
  catalog: RouterCatalog,
): boolean {
  const { lexicon } = catalog;
  if (!lexicon) return false;
  const query = typeof args.query === 'string' ? args.query : '';
  // A description of two words or more is read by meaning where the collection is: it may be a
  // need no word of the catalogue says ("cold feet"), unless the model also filtered on a kind
  // nobody named (a discount question searched among the tents). English, read by meaning first,
  // keeps its measured behaviour: every search goes ahead.
  const language = languageOf(catalog.language);
  if (language === 'en') return false;
  const described = catalog.readByMeaning && contentWords(query, lexicon).length >= 2;
  const catalogueWord = (word: string) =>
    catalog.vocabulary.has(lexicon.stem(word)) ||
    // A part of a compound of the catalogue: "Socken" of "Wollsocken", "Kocher" of "Campingkocher".
    (word.length >= COMPOUND_PART &&
      [...catalog.surface].some(
        (known) => known !== word && (known.startsWith(word) || known.endsWith(word)),
      ));
  if (contentWords(query, lexicon).some(catalogueWord)) return false;
  const said = filters(words(visitorWords, lexicon), catalog, new Set(), lexicon);
  const enumKeys = new Set(catalog.enums.map((option) => option.key));
  const filtered = Object.keys(args).filter((key) => enumKeys.has(key));
  if (described && filtered.length === 0) return false;
  return !filtered.some((key) => said[key] === args[key]);
}
