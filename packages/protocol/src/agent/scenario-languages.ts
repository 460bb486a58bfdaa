// Which languages a scenario serves and which of them a session's requested language means. The
// API applies it at session start (400 for a language the scenario does not serve) and when it
// builds the agent's runtime config; the studio shows the same list.
import type { ScenarioSnapshot } from './runtime-config.js';

/** The base language of a BCP-47 tag, lower case (`fr-CA` -> `fr`). */
function base(tag: string): string {
  return (tag.split('-')[0] ?? tag).toLowerCase();
}

/**
 * The languages a scenario serves: its own first, then those it has translations for, each once
 * (tags compared without regard to case).
 */
export function servedLanguages(
  language: string,
  translations: Readonly<Record<string, unknown>> | undefined,
): string[] {
  const served: string[] = [];
  for (const tag of [language, ...Object.keys(translations ?? {})]) {
    if (!served.some((known) => known.toLowerCase() === tag.toLowerCase())) served.push(tag);
  }
  return served;
}

/**
 * The served language a session's requested tag means: the same tag (any case), else the first
 * served tag of the same base language (`fr-CA` asks for a scenario in `fr-FR`: French it is), else
 * `undefined`: the scenario does not speak it.
 */
export function matchLanguage(requested: string, served: readonly string[]): string | undefined {
  const exact = served.find((tag) => tag.toLowerCase() === requested.toLowerCase());
  if (exact) return exact;
  return served.find((tag) => base(tag) === base(requested));
}

/**
 * The snapshot as a conversation in `language` sees it: the prompt and first message of that
 * language's translation where it gives them (matched as {@link matchLanguage} does), the
 * scenario's own otherwise.
 */
export function localizeScenario(snapshot: ScenarioSnapshot, language: string): ScenarioSnapshot {
  const translations = snapshot.translations ?? {};
  const tag = matchLanguage(language, Object.keys(translations));
  const translation = tag === undefined ? undefined : translations[tag];
  if (!translation) return snapshot;
  return {
    ...snapshot,
    ...(translation.prompt !== undefined ? { prompt: translation.prompt } : {}),
    ...(translation.first_message !== undefined
      ? { first_message: translation.first_message }
      : {}),
  };
}
