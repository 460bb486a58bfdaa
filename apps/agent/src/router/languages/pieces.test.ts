// Every language the router reads provides every piece of a lexicon. Its types make each piece
// present; this checks what types cannot: that the tables in them hold words.
import { describe, expect, it } from 'vitest';
import { lexiconFor, ROUTER_LANGUAGES } from './index.js';

/**
 * Tables a language may leave empty: phrasings some languages have no use for ("takes the socks
 * out" is English's and German's split verb), or spell another way (Spanish writes its hundreds
 * as whole words and has no multiplier word).
 */
const MAY_BE_EMPTY = new Set([
  'toModel',
  'maximumAfter',
  'minimumAfter',
  'questionPhrases',
  'everyPhrases',
  'notOrdinal',
  'misheardCart',
  'questionSearch',
  'takeOutVerbs',
  'takeOutParticles',
  'about',
  'numbers.hundreds',
  'numbers.hundred',
  'numbers.article',
  'smallTalk.misheard',
]);

/** The empty tables of a lexicon (or of a part of it), by their path ("numbers.units"). */
function emptyTables(part: object, prefix = ''): string[] {
  return Object.entries(part).flatMap(([key, value]: [string, unknown]) => {
    const path = `${prefix}${key}`;
    if (value instanceof Set) return value.size === 0 ? [path] : [];
    if (Array.isArray(value)) return value.length === 0 ? [path] : [];
    if (value instanceof RegExp || value === null || typeof value !== 'object') return [];
    if (Object.keys(value).length === 0) return [path];
    // Word tables keyed by word hold numbers or units; records of tables are read inside.
    const inner = Object.values(value).some((entry) => typeof entry === 'object');
    return inner ? emptyTables(value, `${path}.`) : [];
  });
}

describe('router languages', () => {
  it.each(ROUTER_LANGUAGES)('%s is read by a lexicon of its own code', (code) => {
    expect(lexiconFor(code)?.code).toBe(code);
  });

  it.each(ROUTER_LANGUAGES)('%s has words in every table a language must fill', (code) => {
    const lexicon = lexiconFor(code);
    if (!lexicon) throw new Error(`no lexicon for ${code}`);
    expect(emptyTables(lexicon).filter((path) => !MAY_BE_EMPTY.has(path))).toEqual([]);
  });

  it.each(ROUTER_LANGUAGES)('%s has words for every ranking', (code) => {
    const rankings = lexiconFor(code)?.rankings ?? [];
    expect(new Set(rankings.map((ranking) => ranking.role))).toEqual(
      new Set(['price', 'rating', 'weight']),
    );
    for (const ranking of rankings) expect(ranking.words.length).toBeGreaterThan(0);
  });
});
