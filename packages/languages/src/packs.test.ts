// Every registered language provides every piece, filled. The types make each piece present; this
// checks what they cannot: that each language's tables have the keys English's have, hold values of
// the same kind (a text, a list, a template function), and are not empty.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, PACKS, packOf } from './index.js';

/**
 * Pieces only some languages have: sentences for English's Pocketsphinx model, and the courtesy
 * words of a recognizer prompt.
 */
const OPTIONAL = new Set(['speech.scenarioSentences', 'speech.recognizerPrompt.courtesy']);

/**
 * The router's lexicon is checked by the router's own test (`apps/agent/src/router/lexicons.test.ts`),
 * which knows the tables a language may leave empty and reads them as the router does.
 */
const CHECKED_ELSEWHERE = new Set(['router']);

/** What kind of value `value` is, as the comparison with English needs. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value instanceof Set) return 'set';
  if (value instanceof Map) return 'map';
  if (value instanceof RegExp) return 'pattern';
  if (value === null) return 'null';
  return typeof value;
}

/** The problems of `value` against English's `reference` at `path`, recursively. */
function differences(reference: unknown, value: unknown, path: string): string[] {
  if (value === undefined) return OPTIONAL.has(path) ? [] : [`${path}: missing`];
  const kind = kindOf(reference);
  if (kindOf(value) !== kind) return [`${path}: ${kindOf(value)}, English has a ${kind}`];
  if (kind === 'string' && (value as string).trim() === '') return [`${path}: empty`];
  if (kind === 'list' && (value as unknown[]).length === 0 && (reference as unknown[]).length > 0)
    return [`${path}: empty`];
  if (kind !== 'object') return [];
  const ours = value as Record<string, unknown>;
  const theirs = reference as Record<string, unknown>;
  const keys = Object.keys(theirs);
  const extra = Object.keys(ours).filter(
    (key) => !(key in theirs) && !OPTIONAL.has(`${path}.${key}`),
  );
  return [
    ...keys.flatMap((key) => differences(theirs[key], ours[key], `${path}.${key}`)),
    ...extra.map((key) => `${path}.${key}: not in English`),
  ];
}

describe('language packs', () => {
  it.each(LANGUAGES)('%s provides every piece English does, filled', (language) => {
    const pack = PACKS[language];
    expect(pack.code).toBe(language);
    const { code: _code, ...pieces } = pack;
    const { code: _english, ...reference } = PACKS.en;
    expect(
      Object.keys(reference).flatMap((piece) =>
        CHECKED_ELSEWHERE.has(piece)
          ? []
          : differences(
              reference[piece as keyof typeof reference],
              pieces[piece as keyof typeof pieces],
              piece,
            ),
      ),
    ).toEqual([]);
  });

  it('reads a tag by its language, and has no pack for a language it does not know', () => {
    expect(packOf('fr-CA')).toBe(PACKS.fr);
    expect(packOf('DE_at')).toBe(PACKS.de);
    expect(packOf('it-IT')).toBeUndefined();
    expect(packOf(undefined)).toBeUndefined();
  });
});
