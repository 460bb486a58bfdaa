// The helper the panels' tables write their counts with.
import type { Language } from '../languages.js';

/**
 * A count's text through `Intl.PluralRules` of `language`: `#` stands for the formatted number.
 * French counts 0 as singular ("0 article"), English and German do not.
 */
export function counted(
  language: Language,
  one: string,
  other: string,
): (count: number, formatted: string) => string {
  const rules = new Intl.PluralRules(language);
  return (count, formatted) =>
    (rules.select(count) === 'one' ? one : other).replace('#', formatted);
}
