// What the agent says, per language: the type of a language's replies, the replies of the
// registered languages, and the helpers their templates are written with.
import { languageOf, type Language } from '../languages.js';
import { replies as german } from '../de/replies.js';
import { replies as english } from '../en/replies.js';
import { replies as spanish } from '../es/replies.js';
import { replies as french } from '../fr/replies.js';
import type { ReplyTemplates } from './types.js';

export type { ItemFacts, LimitGoodbyes, ReplyTemplates } from './types.js';
export { capitalize, listOf } from './shared.js';

/** The reply sentences of each registered language. */
export const REPLIES: Readonly<Record<Language, ReplyTemplates>> = {
  en: english,
  fr: french,
  es: spanish,
  de: german,
};

/**
 * The reply sentences of a conversation's language ("de-AT" reads as German), or `undefined` for a
 * language with no pack: each caller chooses its fallback (the router leaves the reply to the LLM).
 */
export function templatesFor(language: string): ReplyTemplates | undefined {
  const registered = languageOf(language);
  return registered === undefined ? undefined : REPLIES[registered];
}
