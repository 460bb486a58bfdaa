// Greetings, thanks and "what can you do" in French.
import type { SmallTalkWords } from '../../router/lexicon.js';
import { list } from '../../router/shared.js';

/** Small talk in French. */
export const smallTalk: SmallTalkWords = {
  misheard: [],
  ignored: list('tout le monde a madame monsieur'),
  howAreYou: ['comment allez vous', 'comment ca va', 'ca va', 'comment vas tu', 'vous allez bien'],
  greetings: list('bonjour salut bonsoir coucou hello allo rebonjour'),
  thanksWords: list(`
    merci beaucoup bien mille fois tres super parfait genial ok daccord de accord top cool ce
    est sympa vous
  `),
  thanks: ['merci'],
  help: [
    'que pouvez vous faire',
    'que peux tu faire',
    'que savez vous faire',
    'que sais tu faire',
    'comment pouvez vous me aider',
    'pouvez vous me aider',
    'peux tu me aider',
    'tu peux me aider',
    'vous pouvez me aider',
    'aide moi',
    'aidez moi',
  ],
  helpWords: list('aider aide aidez pouvez peux faire sais savez comment que vous tu me moi'),
};
