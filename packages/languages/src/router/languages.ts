// The lexicons the router reads requests in, by base language.
import type { Lexicon } from './lexicon.js';
import { german } from '../de/router/index.js';
import { english } from '../en/router/index.js';
import { spanish } from '../es/router/index.js';
import { french } from '../fr/router/index.js';

export { english } from '../en/router/index.js';

const LEXICONS: Readonly<Record<string, Lexicon>> = {
  en: english,
  fr: french,
  es: spanish,
  de: german,
};

/** The base languages the router has words for ("en", "fr", ...). */
export const ROUTER_LANGUAGES: readonly string[] = Object.keys(LEXICONS);

/**
 * The lexicon of a conversation's language ("fr-FR" reads as French), or `undefined` for a
 * language the router has no words for (the LLM answers every turn then).
 */
export function lexiconFor(language: string): Lexicon | undefined {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(LEXICONS, base) ? LEXICONS[base] : undefined;
}
