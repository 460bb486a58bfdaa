// A reply in which the model says the agent does what one of the business's own tools does ("Sure,
// I'll book your appointment for Tuesday at 10", "I will open a ticket for you") without calling
// the tool: a small model, given the detail it asked for, often answers so, and the visitor is
// told of a booking nobody made. Such a sentence is read against the tools' own names (as the
// business declared them, in words: `book_appointment`, `openTicket`), so the check needs no word
// list of any scenario; the router then has the model make that call instead of saying it.
import type { Lexicon } from '@svc/languages/router';
import { hasPhrase, words } from './text.js';

/** The rule a turn records when the model's promise of a call became the call. */
export const PROMISED_CALL_RULE = 'call.promised';

/** The words of a tool's name: `book_appointment`, `openTicket`, `cancel-booking`. */
export function toolNameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => word.toLowerCase())
    .filter(Boolean);
}

/**
 * The tool among `tools` whose every name word a sentence of the model's reply says (compared by
 * the language's stems), when the sentence says the speaker does it (the language's `selfWords`)
 * and states it rather than asks ("Shall I book it?"), denies ("I can't open a ticket") or doubts
 * it. `undefined` when it names none, or more than one.
 */
export function promisedTool(
  sentence: string,
  tools: readonly string[],
  lexicon: Lexicon,
): string | undefined {
  if (/\?\s*$/.test(sentence.trim())) return undefined;
  const said = words(sentence, lexicon);
  // The agent says it does it ("I'll book", "let me open"), not that the visitor may ("open a
  // ticket if the light stays red").
  if (!hasPhrase(said, lexicon.selfWords)) return undefined;
  if (hasPhrase(said, lexicon.negations) || hasPhrase(said, lexicon.doubts)) return undefined;
  const stems = new Set(said.map((word) => lexicon.stem(word)));
  const named = tools.filter((tool) => {
    const nameStems = toolNameWords(tool).map((word) => lexicon.stem(word));
    return nameStems.length > 0 && nameStems.every((stem) => stems.has(stem));
  });
  return named.length === 1 ? named[0] : undefined;
}
