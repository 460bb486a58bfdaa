// Every language the router reads provides every piece of a lexicon. Its types make each piece
// present; this checks what types cannot: that the tables in them hold words, that its words are
// compared by the Snowball stemmer of its language (after its own agreement step, if it has one;
// English's British spellings are compared as American ones, tested on their own),
// and that this runtime's Intl.Segmenter splits its text into words.
import { describe, expect, it } from 'vitest';
import { formsOf, lexiconFor, ROUTER_LANGUAGES, type Lexicon } from '@svc/languages/router';
import { segmentWords } from './text.js';

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
  // English repairs no near miss (`repairsHearing`).
  'soundAlikeStarts.groups',
  // A language says minutes around an hour in some of these ways, not all: "half past seven",
  // "sept heures et demie", "siete y media", "halb acht".
  'clock.beforeHour',
  'clock.afterHour',
  'clock.past',
  'clock.to',
  'clock.plus',
  'clock.minus',
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

/** The lexicon of a registered language. */
function lexiconOf(code: string): Lexicon {
  const lexicon = lexiconFor(code);
  if (!lexicon) throw new Error(`no lexicon for ${code}`);
  return lexicon;
}

/** A language's English name in lower case, as `@orama/stemmers` names its stemmers ("french"). */
function englishName(code: string): string | undefined {
  return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
    .of(code)
    ?.toLowerCase();
}

/** The language's own single words of three letters or more (its filler): text it must read. */
function ownWords(lexicon: Lexicon): string[] {
  return [...lexicon.filler].filter((word) => /^[a-z]{3,}$/.test(word));
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

  it.each(ROUTER_LANGUAGES)('%s compares words by the Snowball stemmer of its language', (code) => {
    const lexicon = lexiconOf(code);
    expect(
      lexicon.stemmer.language,
      `${code}: its reading declares the Snowball stemmer "${lexicon.stemmer.language}", not one for ${englishName(code) ?? 'a language this runtime cannot name'}`,
    ).toBe(englishName(code));
    const words = ownWords(lexicon);
    expect(words.length, `${code}: its filler has no word to stem`).toBeGreaterThan(0);
    const unstemmed = words.filter(
      (word) =>
        lexicon.stem(word) !== (lexicon.stemmer.stemmer(lexicon.agreement?.(word) ?? word) || word),
    );
    expect(unstemmed, `${code}: words whose comparing form is not their Snowball stem`).toEqual([]);
  });

  it('compares British and American English spellings as one word', () => {
    const { stem } = lexiconOf('en-US');
    expect(stem('colour')).toBe(stem('color'));
    expect(stem('flavours')).toBe(stem('flavors'));
    expect(stem('grey')).toBe(stem('gray'));
    // Short words keep their "u": "four" is no "for", "hours" no "hors".
    expect(stem('four')).not.toBe(stem('for'));
    expect(stem('hours')).toBe('hour');
  });

  it.each(ROUTER_LANGUAGES)(
    '%s points at what was shown by every form of its demonstratives',
    (code) => {
      const { demonstratives, pronouns, every, comparePronouns } = lexiconOf(code);
      for (const number of [demonstratives.singular, demonstratives.plural]) {
        expect(Object.keys(number).length, `${code}: a number without forms`).toBeGreaterThan(0);
        for (const [cell, forms] of Object.entries(number))
          expect(forms.length, `${code}: no form for "${cell}"`).toBeGreaterThan(0);
      }
      expect(
        formsOf(demonstratives.singular).filter((form) => !pronouns.includes(form)),
        `${code}: singular forms that do not point at the item in focus`,
      ).toEqual([]);
      expect(
        formsOf(demonstratives.plural).filter(
          (form) => !every.has(form) || !comparePronouns.includes(form),
        ),
        `${code}: plural forms that do not mean the items shown`,
      ).toEqual([]);
    },
  );

  it.each(ROUTER_LANGUAGES)('%s is split into words by its Intl.Segmenter', (code) => {
    expect(
      Intl.Segmenter.supportedLocalesOf([code]),
      `${code}: this runtime's Intl.Segmenter has no rules for it`,
    ).toEqual([code]);
    const words = ownWords(lexiconOf(code));
    expect(
      segmentWords(`${words.join(', ')}.`, code),
      `${code}: its Intl.Segmenter does not split the language's own words apart`,
    ).toEqual(words);
  });
});
