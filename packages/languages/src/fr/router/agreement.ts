// French adjectives agree with their noun ("un sac léger", "une tente légère", "des gants
// légers"), and Snowball keeps several of those forms apart ("léger" and "légère", "petit" and
// "petits", "sportif" and "sportive"). Before a word is stemmed it is brought to its masculine
// singular here, so every side of a comparison (the visitor's words, the pack's, the catalogue's)
// meets whatever agreement it was said in. Words arrive with their accents folded.

/**
 * Feminine and plural endings and the masculine singular they fold to, tried in order, the first
 * that applies winning. Each keeps at least two letters before the ending, so short words
 * ("une", "des", "ces") are left as they are.
 */
const AGREEMENT: readonly (readonly [RegExp, string])[] = [
  // légère, légères, légers -> léger; première -> premier
  [/^(.{2,})eres?$/, '$1er'],
  [/^(.{2,})ers$/, '$1er'],
  // lumineuse -> lumineux
  [/^(.{2,})euses?$/, '$1eux'],
  // sportive, sportifs -> sportif
  [/^(.{2,})ives?$/, '$1if'],
  [/^(.{2,})ifs$/, '$1if'],
  // notée, notées -> noté (accents folded: "notee" -> "note")
  [/^(.{2,}e)es?$/, '$1'],
  // naturelle -> naturel, ancienne -> ancien
  [/^(.{2,})elles?$/, '$1el'],
  [/^(.{2,})ennes?$/, '$1en'],
  // chaude, petites -> chaud, petit: the masculine is the bare form after a consonant.
  [/^(.{2,}[^aeiouy])es?$/, '$1'],
  // économiques -> économique: the plural of an adjective whose masculine ends in "e".
  [/^(.{2,}e)s$/, '$1'],
  // petits, verts -> petit, vert; "gris" and "doux" end so in the singular too, and "-ons" is a
  // verb's ("aimerions").
  [/^(?!.*ons$)(.{2,}[^aeiouysx])s$/, '$1'],
];

/** A French word in its masculine singular ("légères" -> "leger", "chaude" -> "chaud"). */
export function masculineSingular(word: string): string {
  for (const [ending, masculine] of AGREEMENT)
    if (ending.test(word)) return word.replace(ending, masculine);
  return word;
}
