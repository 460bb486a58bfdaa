// Words a spoken request cannot end on, by language: the closed word classes that always need
// something after them (articles and other determiners, possessives, prepositions, coordinating
// and subordinating conjunctions, relative and interrogative words that open a clause). They come
// from each language's grammar, not from any request: a closed class is short and complete, which
// is what makes it a mechanism rather than a list of phrases.

/** The languages whose unfinished endings are known. */
export const TURN_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;

/** A language {@link UNFINISHED_WORDS} covers. */
export type TurnLanguage = (typeof TURN_LANGUAGES)[number];

/** Per language, the lower-case words after which a request is not over. */
export const UNFINISHED_WORDS: Readonly<Record<TurnLanguage, ReadonlySet<string>>> = {
  en: new Set(
    [
      // articles, determiners, possessives
      'a an the this these those every each some any no my your his her its our their whose',
      // prepositions
      'about above across after against along among around as at before behind below beneath beside besides between beyond by despite during except for from in inside into like near of off on onto out outside over past per since than through throughout till to toward towards under underneath until unlike upon via with within without',
      // conjunctions and clause openers
      'and but or nor so because although though if unless whether while whereas that which who whom where when once',
    ]
      .join(' ')
      .split(' '),
  ),
  fr: new Set(
    [
      'le la les l un une des du au aux ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs chaque quelques plusieurs aucun aucune',
      'à a de d en dans par pour sur sous avec sans chez vers entre contre depuis pendant avant après selon malgré parmi jusqu jusque près',
      'et ou mais donc car ni que qu qui dont où si quand lorsque puisque parce comme quoique',
    ]
      .join(' ')
      .split(' '),
  ),
  es: new Set(
    [
      'el la los las lo un una unos unas este esta estos estas ese esa esos esas aquel aquella mi mis tu tus su sus nuestro nuestra nuestros nuestras vuestro vuestra cada algún alguna ningún ninguna del al',
      'a ante bajo con contra de desde durante en entre hacia hasta mediante para por según sin sobre tras',
      'y e o u ni pero sino que porque aunque si cuando mientras donde como cual cuyo cuya pues',
    ]
      .join(' ')
      .split(' '),
  ),
  de: new Set(
    [
      'der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner mein meine meinen meinem meiner dein deine sein seine ihr ihre ihren ihrem unser unsere euer eure jeder jede jedes jeden jedem dieser diese dieses diesen diesem',
      'an auf aus bei bis durch für gegen hinter in mit nach neben ohne seit über um unter von vor während wegen zu zum zur zwischen',
      'und oder aber sondern denn dass ob weil wenn als da damit obwohl während wo wie sowie bevor nachdem',
    ]
      .join(' ')
      .split(' '),
  ),
};

/** The two-letter code of a BCP-47 tag (`fr-CA` is `fr`), when {@link UNFINISHED_WORDS} has it. */
export function turnLanguage(language: string | undefined): TurnLanguage | undefined {
  const base = (language ?? '').split('-')[0]?.toLowerCase();
  return TURN_LANGUAGES.find((known) => known === base);
}

/**
 * Whether a transcript reads as cut off: its last word cannot end a request in `language`, or the
 * recognizer marked it as trailing off (a comma, a dash, an ellipsis). A transcript that ends on
 * such a word is a visitor pausing mid-sentence, whatever punctuation the recognizer added.
 */
export function soundsUnfinished(transcript: string, language: TurnLanguage): boolean {
  const text = transcript.trim();
  if (!text) return false;
  if (/(,|;|:|-|–|—|\.\.\.|…)$/.test(text)) return true;
  const words = text
    .toLowerCase()
    .replace(/[.?!¿¡"“”«»()]/g, ' ')
    // Elided articles and prepositions (l', d', qu') are words of their own.
    .split(/[\s']+/)
    .filter(Boolean);
  const last = words.at(-1);
  return last !== undefined && UNFINISHED_WORDS[language].has(last);
}
