// Greetings, thanks and "what can you do" in English.
import type { SmallTalkWords } from '../../router/lexicon.js';

/** Small talk in English. */
export const smallTalk: SmallTalkWords = {
  // Recognizers hear "hi there" as "bye there"; nobody says goodbye that way.
  misheard: ['bye there'],
  ignored: ['there', 'again', 'everyone', 'you', 'guys'],
  howAreYou: ['how are you', 'how is it going', 'how are things'],
  greetings: [
    'hi',
    'hello',
    'hey',
    'good',
    'morning',
    'afternoon',
    'evening',
    'greetings',
    'howdy',
  ],
  thanksWords: [
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
  ],
  thanks: ['thanks', 'thank'],
  help: ['what can you do', 'how can you help', 'what do you do', 'help me', 'can you help'],
  helpWords: ['help', 'can', 'do', 'what', 'how'],
};
