import type { SessionConfig, SessionFeature } from '@svc/protocol';

/** A feature of the curated config, with its name resolved for the session's language. */
export interface LocalizedSessionFeature extends SessionFeature {
  /** `name` in the session's language (see {@link localizedName}); `name` itself stays as sent. */
  displayName: string;
}

/** The curated config with the session's language and every feature's name resolved for it. */
export interface LocalizedSessionConfig extends SessionConfig {
  /**
   * The session's language (BCP-47): the one the Platform API gave the session (the served tag
   * that matches the one `start()` asked for, else the scenario's own), else the one `start()`
   * asked for when the Transport does not say; null when neither is known.
   */
  language: string | null;
  features: LocalizedSessionFeature[];
}

/**
 * A localizable name in `language`: a plain name as it is; of a map of language tags to names
 * (`{ en: 'Cart', fr: 'Panier' }`) the exact tag, then its base language (`fr-CA` reads `fr`),
 * then another region of that language (`fr` reads `fr-FR`), then English, then the first name.
 * Tags compare without case, as BCP-47 says; empty names are skipped.
 */
export function localizedName(
  name: string | Readonly<Record<string, string>>,
  language?: string | null,
): string {
  if (typeof name === 'string') return name;
  const tag = (language ?? '').toLowerCase();
  const base = tag.split('-')[0];
  // One pass, keeping the best-ranked name: this runs in the root entry, which has a size budget.
  let best = '';
  let bestRank = 5;
  for (const [key, value] of Object.entries(name)) {
    const lower = key.toLowerCase();
    const rank =
      lower === tag
        ? 0
        : lower === base
          ? 1
          : lower.split('-')[0] === base
            ? 2
            : lower === 'en'
              ? 3
              : 4;
    if (value && rank < bestRank) {
      best = value;
      bestRank = rank;
    }
  }
  return best;
}

/** `config` with the session's `language` and each feature's `displayName` for it. */
export function localizeConfig(
  config: SessionConfig,
  language: string | null,
): LocalizedSessionConfig {
  return {
    ...config,
    language,
    features: config.features.map((feature) => ({
      ...feature,
      displayName: localizedName(feature.name, language),
    })),
  };
}

/**
 * The session's language as the Platform API wrote it in the room's metadata (`{ language }`:
 * the one session start asked for, else the conversation's, which is the scenario's), read from
 * the Transport's engine (a LiveKit `Room` has the room's `metadata`); null when it says none.
 */
export function roomLanguage(engine: unknown): string | null {
  try {
    const metadata = (engine as { metadata?: unknown } | null)?.metadata;
    const language =
      typeof metadata === 'string'
        ? (JSON.parse(metadata) as { language?: unknown } | null)?.language
        : undefined;
    return typeof language === 'string' && language ? language : null;
  } catch {
    // Metadata another writer left that is not JSON says nothing about the language.
    return null;
  }
}
