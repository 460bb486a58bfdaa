// Greetings, thanks and "what can you do" in German.
import type { SmallTalkWords } from '../../router/lexicon.js';
import { list } from '../../router/shared.js';

/** Small talk in German. */
export const smallTalk: SmallTalkWords = {
  misheard: [],
  ignored: list('zusammen alle leute ihr mal'),
  howAreYou: ['wie geht es ihnen', 'wie geht es dir', 'wie gehts', 'wie geht es', 'alles gut'],
  greetings: list('hallo hi hey guten tag morgen abend moin servus gruss gott gruezi hallochen'),
  thanksWords: list(
    'danke dank vielen schon sehr super toll prima perfekt ok okay klasse gut herzlichen besten dankeschon',
  ),
  thanks: ['danke', 'dank', 'dankeschon'],
  help: [
    'was kannst du',
    'was konnen sie',
    'wie kannst du mir helfen',
    'wie konnen sie mir helfen',
    'kannst du mir helfen',
    'konnen sie mir helfen',
    'hilf mir',
    'helfen sie mir',
    'was machst du',
  ],
  helpWords: list('helfen hilf kannst konnen was wie machst tun mir du sie denn'),
};
