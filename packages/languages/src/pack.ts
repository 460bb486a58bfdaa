// What a language is made of: one piece per part of the platform that reads or says words. Each
// language's folder (`src/<code>/`) provides every piece, and its `index.ts` puts them together as
// a `LanguagePack`, so a piece a folder lacks is a type error there.
import type { Language } from './languages.js';
import type { ReplyTemplates } from './replies/types.js';
import type { Lexicon } from './router/lexicon.js';
import type { SearchRules } from './search/types.js';
import type { SpeechWords } from './speech/types.js';
import type { UiStrings } from './ui/types.js';
import type { ConversationStrings, LauncherStrings } from './widget/types.js';

/** Everything the platform needs of one language. */
export interface LanguagePack {
  /** Its BCP-47 primary subtag. */
  code: Language;
  /** The words the intent router reads requests with (`src/<code>/router/`). */
  router: Lexicon;
  /** What the agent says: reply templates, goodbyes at a limit, acknowledgements. */
  replies: ReplyTemplates;
  /** What hearing and speaking need: unfinished and feedback words, the recognizer's prompt. */
  speech: SpeechWords;
  /** How collection search reads the language: stemmer, text-search configuration. */
  search: SearchRules;
  /** The texts of the panels (`@svc/ui`). */
  ui: UiStrings;
  /** The texts of the widget: its launcher and its conversation. */
  widget: { launcher: LauncherStrings; conversation: ConversationStrings };
}
