import { LANGUAGES, languageOf, SPEECH } from '@svc/languages/speech';
import type { RuntimeConfig } from '@svc/protocol/agent';

/**
 * What visitors of this scenario are likely to say, for the embedded recognizer's domain model:
 * the prompt and first message, tool names, collection names, filter values, item names, and the
 * item names in the sentences people put them in.
 */
export function scenarioPhrases(
  runtime: Pick<RuntimeConfig, 'scenario' | 'collections' | 'item_names'>,
): string[] {
  const phrases: string[] = [];
  const { scenario } = runtime;
  if (scenario.prompt) phrases.push(...scenario.prompt.split(/[.!?\n]+/));
  if (scenario.first_message) phrases.push(...scenario.first_message.split(/[.!?\n]+/));
  for (const feature of scenario.features ?? []) {
    for (const tool of feature.tools ?? []) phrases.push(tool.name.replaceAll('_', ' '));
  }
  const values: string[] = [];
  for (const collection of runtime.collections) {
    phrases.push(collection.name);
    for (const field of collection.filter_fields ?? []) {
      for (const option of field.enum_options ?? []) values.push(option.label, option.value);
    }
  }
  phrases.push(...values);
  // Pocketsphinx's installed acoustic model is US English: the sentences are English's.
  const sentences = SPEECH.en.scenarioSentences;
  for (const value of values)
    phrases.push(...(sentences?.value ?? []).map((sentence) => filled(sentence, { value })));
  for (const item of runtime.item_names ?? [])
    phrases.push(item, ...(sentences?.item ?? []).map((sentence) => filled(sentence, { item })));
  // Neighbouring names in a comparison ("compare the X and the Y"), so comparisons are in the
  // model too.
  const names = runtime.item_names ?? [];
  for (let i = 0; sentences && i + 1 < names.length; i += 2)
    phrases.push(filled(sentences.pair, { item: names[i] ?? '', other: names[i + 1] ?? '' }));
  return phrases.map((phrase) => phrase.trim()).filter(Boolean);
}

/** A sentence with its slots (`{value}`, `{item}`, `{other}`) filled in from `words`. */
function filled(sentence: string, words: Readonly<Record<string, string>>): string {
  return sentence.replace(/\{(\w+)\}/g, (slot, name: string) => words[name] ?? slot);
}

/**
 * Tokens of Whisper's prompt at most: faster-whisper keeps the last 223 of a longer one (half the
 * decoder's 448, less one), so what does not fit is lost from the front, whatever it says.
 */
const PROMPT_TOKENS = 223;

/**
 * Characters per token of Whisper's tokenizer in a language whose pack has not measured it: the
 * fewest of those measured, so that the estimate errs long.
 */
const FEWEST_CHARS_PER_TOKEN = Math.min(
  ...LANGUAGES.map((language) => SPEECH[language].recognizerPrompt.charsPerToken),
);

/**
 * The kinds of items a shop sells: each name without the filter value (a brand, a colour) that
 * sets it apart from names of the same kind, in front ("North Peak Solo Tent") or behind ("Tente
 * solo North Peak"). A value is taken off only where what remains is shared by another name, so
 * "Éclairage de vélo North Peak" reads as "Éclairage de vélo" although "Éclairage" is a category.
 */
export function itemKinds(names: readonly string[], values: readonly string[]): string[] {
  const lowerValues = values.map((value) => value.toLowerCase()).filter(Boolean);
  const remainders = (name: string): string[] => {
    const lower = name.toLowerCase();
    const found: string[] = [];
    for (const value of lowerValues) {
      if (lower.startsWith(`${value} `)) found.push(name.slice(value.length + 1));
      if (lower.endsWith(` ${value}`)) found.push(name.slice(0, -value.length - 1));
    }
    return found;
  };
  let current = [...names];
  // Twice: a name may carry a brand and a colour.
  for (let round = 0; round < 2; round += 1) {
    const shared = new Map<string, number>();
    for (const name of new Set(current)) {
      for (const rest of new Set(remainders(name).map((rest) => rest.toLowerCase())))
        shared.set(rest, (shared.get(rest) ?? 0) + 1);
    }
    current = current.map(
      (name) => remainders(name).find((rest) => (shared.get(rest.toLowerCase()) ?? 0) >= 2) ?? name,
    );
  }
  return [...new Set(current)];
}

/** A noun and its modifiers, as languages that put the noun first write a kind: "Tente solo". */
const MODIFIED = /^(\S+) (\p{Ll}.*)$/u;

/**
 * The longest ending of four letters or more a one-word kind shares with another, each with three
 * letters or more in front of it: the noun a compound ends in ("zelt" of "Kuppelzelt" and
 * "Tunnelzelt"), lower case.
 */
function sharedEnding(kind: string, compounds: readonly string[]): string | undefined {
  const lower = kind.toLowerCase();
  for (let start = 3; start <= lower.length - 4; start += 1) {
    const ending = lower.slice(start);
    if (
      compounds.some((other) => {
        const word = other.toLowerCase();
        return word !== lower && word.endsWith(ending) && word.length - ending.length >= 3;
      })
    )
      return ending;
  }
  return undefined;
}

/**
 * Kinds of the same noun, as groups. Where the noun comes first: "Tente solo", "deux places",
 * "familiale" for "Tente solo, Tente deux places, Tente familiale", only where what follows it
 * starts in lower case, as modifiers do ("Hiking Boot" and "Hiking Pack" are two nouns). Compounds
 * that end in the same noun ("Kuppelzelt", "Tunnelzelt") group whole.
 */
export function groupedKinds(kinds: readonly string[]): string[][] {
  const groups: string[][] = [];
  const byHead = new Map<string, string[]>();
  const compounds = kinds.filter((kind) => !kind.includes(' '));
  for (const kind of kinds) {
    // A compound joins whole under its ending; a noun-first kind joins by its modifiers.
    const ending = kind.includes(' ') ? undefined : sharedEnding(kind, compounds);
    const match = ending === undefined ? MODIFIED.exec(kind) : null;
    const key = ending !== undefined ? `-${ending}` : match?.[1]?.toLowerCase();
    const group = key === undefined ? undefined : byHead.get(key);
    if (group) group.push(match?.[2] ?? kind);
    else {
      const fresh = [kind];
      groups.push(fresh);
      if (key !== undefined) byHead.set(key, fresh);
    }
  }
  return groups;
}

/**
 * As many of the grouped kinds as `fits` allows: first every group once, by its noun alone
 * ("Tente", "Sac", "Réchaud") where its kinds are a noun and modifiers, else whole ("Hiking Boot");
 * then the kinds that are alone under their noun whole ("Filtre à eau", "Bouteille isotherme": the noun
 * alone teaches half the name, and "filtres à eau" was heard as "défile très haut"), each that
 * fits; then the other groups' kinds with their modifiers, breadth first, while they fit. When not
 * even every group fits once, as many as fit, spread evenly over the list: a catalogue lists its
 * kinds by category, so every category keeps some.
 */
function kindsThatFit(
  groups: readonly string[][],
  fits: (kinds: string[]) => boolean,
  said: ReadonlySet<string>,
): string[] {
  // 0: the noun alone; n: the group's first n kinds.
  const taken: number[] = groups.map((group) => (MODIFIED.test(group[0] ?? '') ? 0 : 1));
  const shown = (index: number) => {
    const group = groups[index] ?? [];
    if (taken[index] !== 0) return group.slice(0, taken[index]).join(', ');
    const noun = group[0]?.split(' ')[0] ?? '';
    // A noun the fields say already ("Tente" beside the category "Tentes") teaches nothing.
    return said.has(singular(noun)) ? '' : noun;
  };
  const listed = (indices: readonly number[]) =>
    [...new Set(indices.map(shown))].filter((kind) => kind !== '');
  const spread = (count: number) =>
    Array.from({ length: count }, (_, at) => Math.floor((at * groups.length) / count));
  let count = groups.length;
  while (count > 0 && !fits(listed(spread(count)))) count -= 1;
  const chosen = spread(count);
  for (const index of chosen) {
    if (groups[index]?.length !== 1 || taken[index] !== 0) continue;
    taken[index] = 1;
    if (!fits(listed(chosen))) taken[index] = 0;
  }
  const deepest = Math.max(0, ...groups.map((group) => group.length));
  for (let depth = 1; depth <= deepest; depth += 1) {
    for (const index of chosen) {
      const before = taken[index] ?? 0;
      if ((groups[index]?.length ?? 0) < depth || before >= depth) continue;
      taken[index] = depth;
      if (!fits(listed(chosen))) {
        taken[index] = before;
        return listed(chosen);
      }
    }
  }
  return listed(chosen);
}

/**
 * The Whisper recognizer's prompt for a scenario, in the conversation's language: what the shop
 * is, its filter values by field ("Brand: North Peak, Blue Ridge."), the kinds of items it sells
 * ({@link itemKinds}), and what visitors ask for. Whisper copies the style and words of its prompt,
 * and a prompt written as a description (not a bare list it could go on with) keeps it from writing
 * the list back when the audio is unclear.
 *
 * The whole must fit Whisper's prompt window ({@link PROMPT_TOKENS}, estimated from characters):
 * when it does not, the description goes first (the fields say it again), then kinds whose every
 * word the rest says already, then the fields whose values are everyday words (colours: lower
 * case, not names), then kinds sharing a noun are said once ({@link groupedKinds}), by the noun
 * alone before their modifiers, a noun the fields say already not at all. The names among the
 * filter values (brands) and the closing phrases are kept: the recognizer cannot guess names, and
 * the phrases are what visitors say in every turn.
 */
export function whisperPrompt(
  runtime: Pick<RuntimeConfig, 'scenario' | 'collections' | 'item_names'>,
  language = 'en',
): string {
  // The words are the language's own: Whisper copies its prompt's language. A language without a
  // pack keeps English's words.
  const registered = languageOf(language);
  const words = SPEECH[registered ?? 'en'].recognizerPrompt;
  const perToken = registered ? words.charsPerToken : FEWEST_CHARS_PER_TOKEN;
  // The tokenizer puts a space in front of the prompt: one character more.
  const fits = (text: string) => (text.length + 1) / perToken <= PROMPT_TOKENS;
  const intro = runtime.collections[0]?.description || runtime.scenario.name;
  const fields: { text: string; common: boolean }[] = [];
  const values: string[] = [];
  for (const collection of runtime.collections) {
    for (const field of collection.filter_fields ?? []) {
      const options = (field.enum_options ?? []).map((option) => option.label);
      if (options.length === 0) continue;
      values.push(...options);
      fields.push({
        text: `${field.name}: ${options.join(', ')}.`,
        // Words of the language ("noir, bleu, vert"), which the recognizer knows, not names.
        common: options.every((option) => /^\p{Ll}/u.test(option)),
      });
    }
  }
  // "North Peak Solo Tent" sells as "Solo Tent" under every brand: the kinds are fewer words.
  const kinds = itemKinds(runtime.item_names ?? [], values);
  const prompt = (withIntro: boolean, kindList: readonly string[], withCommon = true) =>
    [
      ...(withIntro && intro ? [intro.replace(/[.\s]+$/, '') + '.'] : []),
      ...fields.filter((field) => withCommon || !field.common).map((field) => field.text),
      ...(kindList.length > 0 ? [`${words.products}: ${kindList.join(', ')}.`] : []),
      ...(words.courtesy ? [words.courtesy] : []),
      words.actions,
    ].join(' ');
  const whole = prompt(true, kinds);
  if (fits(whole)) return whole;
  const without = (listed: readonly string[]) => prompt(false, listed);
  const kept = withoutRepeatedWords(kinds, without, fits);
  if (fits(without(kept))) return without(kept);
  // The kinds' own words teach more than everyday words the recognizer hears without help: on
  // French shop requests, "isotherme", "en laine" and "randonnée" were heard once in the prompt.
  const named = (listed: readonly string[]) => prompt(false, listed, false);
  if (fits(named(kept))) return named(kept);
  const said = new Set(
    contentWords(
      fields
        .filter((field) => !field.common)
        .map((field) => field.text)
        .join(' '),
    ).map(singular),
  );
  return named(kindsThatFit(groupedKinds(kept), (listed) => fits(named(listed)), said));
}

/** A lower-case word without a plural's final s or x ("tentes", "sacs", "réchaux"). */
function singular(word: string): string {
  const lower = word.toLowerCase();
  return lower.length > 3 && /[sx]$/u.test(lower) ? lower.slice(0, -1) : lower;
}

/** A text's words of three letters or more, lower case: what a prompt teaches the recognizer. */
function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);
}

/**
 * The kinds without those, from the end of the list, whose every word the rest of the prompt
 * says already ("Winter Sleeping Bag" beside "Winter Boot" and "Down Sleeping Bag"), until the
 * prompt fits: the prompt is there for its words, and those cost room and teach none.
 */
function withoutRepeatedWords(
  kinds: readonly string[],
  prompt: (kinds: readonly string[]) => string,
  fits: (text: string) => boolean,
): string[] {
  const kept = [...kinds];
  for (let index = kept.length - 1; index >= 0 && !fits(prompt(kept)); index -= 1) {
    const others = kept.filter((_, at) => at !== index);
    const said = new Set(contentWords(prompt(others)));
    if (contentWords(kept[index] ?? '').every((word) => said.has(word))) kept.splice(index, 1);
  }
  return kept;
}
