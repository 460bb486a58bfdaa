// The texts of the widget: their types and, per registered language, the launcher's and the
// conversation panel's. Two tables, not one, so that the loader (a script of its own, loaded on
// every page) bundles the launcher's texts without the conversation's. A browser section: it
// imports nothing but its tables and the list of languages, which it re-exports so that a
// browser bundle reaches them without the package's other sections.
import { conversation as germanConversation, launcher as germanLauncher } from '../de/widget.js';
import { conversation as englishConversation, launcher as englishLauncher } from '../en/widget.js';
import { conversation as spanishConversation, launcher as spanishLauncher } from '../es/widget.js';
import { conversation as frenchConversation, launcher as frenchLauncher } from '../fr/widget.js';
import type { Language } from '../languages.js';
import type { ConversationStrings, LauncherStrings } from './types.js';

export { LANGUAGES, languageOf, type Language } from '../languages.js';
export type { ConversationStrings, LauncherStrings, StateName } from './types.js';

/** The texts of `<svc-agent>` itself (the launcher and the panel's frame) in each language. */
export const LAUNCHER_STRINGS: Readonly<Record<Language, LauncherStrings>> = {
  en: englishLauncher,
  fr: frenchLauncher,
  es: spanishLauncher,
  de: germanLauncher,
};

/** The conversation panel's texts in each registered language. */
export const CONVERSATION_STRINGS: Readonly<Record<Language, ConversationStrings>> = {
  en: englishConversation,
  fr: frenchConversation,
  es: spanishConversation,
  de: germanConversation,
};
