// Greetings, thanks and "what can you do" in Spanish.
import type { SmallTalkWords } from '../../router/lexicon.js';
import { list } from '../../router/shared.js';

/** Small talk in Spanish. */
export const smallTalk: SmallTalkWords = {
  misheard: [],
  ignored: list('a todos todo el mundo amigo amiga senor senora'),
  howAreYou: [
    'como estas',
    'como esta usted',
    'que tal estas',
    'que tal esta',
    'como te va',
    'como va todo',
  ],
  greetings: list('hola buenas buenos dias tardes noches saludos hey buen dia'),
  thanksWords: list(
    'gracias muchas muchisimas mil muy amable vale ok genial perfecto estupendo bien',
  ),
  thanks: ['gracias'],
  help: [
    'que puedes hacer',
    'que sabes hacer',
    'que puede hacer',
    'en que me puedes ayudar',
    'como me puedes ayudar',
    'puedes ayudarme',
    'me puedes ayudar',
    'ayudame',
    'que haces',
  ],
  helpWords: list('ayudar ayudarme ayudame ayuda puedes puede hacer sabes haces como que en me'),
};
