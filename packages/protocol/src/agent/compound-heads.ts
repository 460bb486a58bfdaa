// German compounds by the noun they end in: the collection's search indexes these heads beside
// the words, and the router reads a visitor's "Socken" as a word of the catalogue's "Wollsocken".

/** The shortest German word split for its compound heads, the shortest head and modifier. */
const COMPOUND = { word: 8, head: 4, modifier: 3 } as const;

/**
 * The heads a German compound word (folded, lower case) may end in: German puts the kind of thing
 * last ("daunenschlafsack" is a schlafsack, a "kuppelzelt" a zelt), so every ending that leaves a
 * modifier of three letters or more and is four letters or more long is offered ("schlafsack",
 * "sack", ...). A word under eight letters has none.
 */
export function compoundHeadsOf(word: string): string[] {
  const heads: string[] = [];
  if (word.length < COMPOUND.word) return heads;
  for (let start = COMPOUND.modifier; word.length - start >= COMPOUND.head; start += 1)
    heads.push(word.slice(start));
  return heads;
}
