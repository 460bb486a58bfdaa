// Small talk ("hello", "thanks", "what can you do"), which the router leaves to the scenario's
// own voice, and the few replies it gives itself, which are no business's voice.
import type { Lexicon } from '@svc/languages/router';
import { hasPhrase } from './text.js';

/** Small talk: the model answers it, in the scenario's persona. */
export type SmallTalk = 'greeting' | 'how_are_you' | 'thanks' | 'help';

/**
 * The router's own replies, without a tool: `catalogue`, the kinds of the collection (its data,
 * not a persona's words); `not_heard`, a turn the recognizer could not make words of;
 * `nothing_shown`, "the first one" when nothing was shown; `not_known`, a question about what
 * nothing the conversation holds.
 */
export type RouterReply = 'catalogue' | 'not_heard' | 'nothing_shown' | 'not_known';

/** The small talk the words are, if they are nothing else. */
export function smallTalkOf(tokens: string[], lexicon: Lexicon): SmallTalk | undefined {
  const talk = lexicon.smallTalk;
  if (talk.misheard.includes(tokens.join(' '))) return 'greeting';
  const content = tokens.filter((token) => !talk.ignored.includes(token));
  if (content.length === 0) return undefined;
  // Matched on every word: "you" is ignored for greetings ("hi you guys") but is in "how are you".
  if (hasPhrase(tokens, talk.howAreYou)) return 'how_are_you';
  if (content.every((token) => talk.greetings.includes(token))) return 'greeting';
  if (content.every((token) => talk.thanksWords.includes(token)) && hasPhrase(content, talk.thanks))
    return 'thanks';
  if (hasPhrase(content, talk.help)) {
    // "can you help me find a tent" is a search; only the bare question is small talk.
    const rest = content.filter(
      (token) => !lexicon.filler.has(token) && !talk.helpWords.includes(token),
    );
    if (rest.length === 0) return 'help';
  }
  return undefined;
}
