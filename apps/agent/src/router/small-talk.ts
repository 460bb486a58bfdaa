// Small talk the router answers without a tool: greetings, thanks, "what can you do".
import { FILLER, hasPhrase } from './text.js';

/** Turns answered without a tool. */
export type SmallTalk = 'greeting' | 'how_are_you' | 'thanks' | 'help' | 'catalogue';

/** The small talk the words are, if they are nothing else. */
export function smallTalkOf(tokens: string[]): SmallTalk | undefined {
  // "Bye there" is no farewell anyone says: it is "hi there" as a recognizer heard it.
  if (tokens[0] === 'bye' && tokens[1] === 'there' && tokens.length === 2) return 'greeting';
  const content = tokens.filter(
    (token) => !['there', 'again', 'everyone', 'you', 'guys'].includes(token),
  );
  if (content.length === 0) return undefined;
  if (hasPhrase(content, ['how are you', 'how is it going', 'how are things']))
    return 'how_are_you';
  if (
    content.every((token) =>
      [
        'hi',
        'hello',
        'hey',
        'good',
        'morning',
        'afternoon',
        'evening',
        'greetings',
        'howdy',
      ].includes(token),
    )
  )
    return 'greeting';
  if (
    content.every((token) =>
      [
        'thanks',
        'thank',
        'you',
        'very',
        'much',
        'a',
        'lot',
        'great',
        'ok',
        'okay',
        'cool',
        'perfect',
        'awesome',
        'nice',
      ].includes(token),
    ) &&
    hasPhrase(content, ['thanks', 'thank'])
  )
    return 'thanks';
  if (
    hasPhrase(content, [
      'what can you do',
      'how can you help',
      'what do you do',
      'help me',
      'can you help',
    ])
  ) {
    // "can you help me find a tent" is a search; only the bare question is small talk.
    const rest = content.filter(
      (token) => !FILLER.has(token) && !['help', 'can', 'do', 'what', 'how'].includes(token),
    );
    if (rest.length === 0) return 'help';
  }
  return undefined;
}
