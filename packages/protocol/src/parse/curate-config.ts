import type { Collection, ConfigPayload, SessionConfig } from '../config.js';
import { parseCollection } from './config.js';

/** Moves a parser error under `path`: `(root): x` becomes `path: x`, `id: x` becomes `path.id: x`. */
function atPath(path: string, error: string): string {
  return error.startsWith('(root)') ? path + error.slice('(root)'.length) : `${path}.${error}`;
}

/**
 * The curated, camelCase view of a `config` payload. Backend plumbing (company_id, voice_stack,
 * conversation_id, restore_state, tool wiring) stays in the raw payload. Collections that do not
 * parse are left out and reported through `onInvalidCollection`.
 */
export function curateConfig(
  raw: ConfigPayload,
  onInvalidCollection?: (error: string, index: number) => void,
): SessionConfig {
  const collections: Collection[] = [];
  raw.collections.forEach((entry, index) => {
    const parsed = parseCollection(entry);
    if (parsed.ok) collections.push(parsed.value);
    else onInvalidCollection?.(atPath(`collections[${index}]`, parsed.error), index);
  });
  return {
    features: raw.features.map(({ name, type, settings }) => ({ name, type, settings })),
    collections,
    avatarEnabled: raw.avatar_enabled,
    audioDictationEnabled: raw.audio_dictation,
  };
}
