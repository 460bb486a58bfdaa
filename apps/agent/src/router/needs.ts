// A need said instead of a kind of item ("something to boil water on a trail"): the collection's
// search reads the words by meaning, but over the whole catalogue they match the kinds whose names
// share a word with the need ("camp", "trail") more than the kind that meets it. The model names
// the category that holds what meets the need, a choice among the collection's category options on
// a short cached prompt (about 0.5 s on two cores), and the search then reads the need by meaning
// within that category. Measured on the dev needs of the shop sets before this was built
// (bench/results/understanding-needs-2026-12-02.md): the category was right for 6 of 9, the
// kind of item (49 options) for 4 of 8. A label alone says little of what a category holds
// ("Backpacks" for a son soaked on his hikes): each is shown with the kinds of item the
// collection's own search finds in it, 9 of 12 dev needs against 7 of 12 with the labels alone
// (bench/results/understanding-needs-2026-12-05.md).
import { fieldWithRole } from '@svc/protocol/agent';
import type { JsonAnswering } from '../post-call-analysis.js';
import type { RouterCatalog } from './catalog.js';
import { askChoice } from './chooser.js';
import type { ItemLookup } from './route.js';

/** The answer that names no category: the search goes as the words are. */
const NONE = 'none';

/** Longest the choice may take before the search goes without a category, ms. */
export const NEED_CATEGORY_TIMEOUT_MS = 3000;

/** The category field of the scenario's search and its options, when its collection has one. */
export interface NeedCategories {
  /** The filter key of the field whose role is `category`. */
  key: string;
  /** Each option with, when known, names of items it holds. */
  options: ReadonlyArray<{ value: string; label: string; examples?: readonly string[] }>;
}

/** How many kinds of item a category shows the model. */
const KINDS_SHOWN = 6;

/**
 * The kinds of item each category's example names say, by option value: each name without the
 * words that names of three or more categories share (a brand, "camp"), once each. "Summit Rain
 * Jacket" and "North Peak Rain Jacket" say "Rain Jacket".
 */
export function categoryKinds(categories: NeedCategories): Map<string, string[]> {
  const wordsOf = (name: string) => name.split(/\s+/u).filter(Boolean);
  const spread = new Map<string, Set<string>>();
  for (const option of categories.options)
    for (const name of option.examples ?? [])
      for (const word of wordsOf(name)) {
        const key = word.toLowerCase();
        const seen = spread.get(key) ?? new Set<string>();
        seen.add(option.value);
        spread.set(key, seen);
      }
  const kinds = new Map<string, string[]>();
  for (const option of categories.options) {
    const found = new Map<string, string>();
    for (const name of option.examples ?? []) {
      const kind = wordsOf(name)
        .filter((word) => (spread.get(word.toLowerCase())?.size ?? 0) < 3)
        .join(' ');
      if (kind && !found.has(kind.toLowerCase())) found.set(kind.toLowerCase(), kind);
    }
    kinds.set(option.value, [...found.values()].slice(0, KINDS_SHOWN));
  }
  return kinds;
}

/** The categories a need may be placed in: the search tool's collection's category field. */
export function needCategories(catalog: RouterCatalog): NeedCategories | undefined {
  const search = catalog.tools.find((tool) => tool.operation === 'search');
  const field = fieldWithRole(search?.collection, 'category');
  const options = field?.enum_options ?? [];
  return field && options.length > 1 ? { key: field.filter_key, options } : undefined;
}

/** The instructions of the choice and its answer's shape (an object: see chooser.ts). */
export function needQuestion(categories: NeedCategories): {
  instructions: string;
  schema: Record<string, unknown>;
} {
  const labels = categories.options.map((option) => option.label);
  // Each category with the kinds of item it holds, when known: "Backpacks" alone says nothing of
  // a need to stay dry, "Clothing (Rain Jacket, Wool Socks)" does.
  const kinds = categoryKinds(categories);
  const described = categories.options.map((option) => {
    const held = kinds.get(option.value) ?? [];
    return held.length > 0 ? `${option.label} (${held.join(', ')})` : option.label;
  });
  return {
    instructions: [
      "A shop's visitor says what they need, often as a problem instead of a product.",
      `Choose the one category of the shop's items that holds what meets the need, or "${NONE}" when none would.`,
      `Categories: ${described.join('; ')}.`,
    ].join('\n'),
    schema: {
      type: 'object',
      properties: { category: { enum: [...labels, NONE] } },
      required: ['category'],
    },
  };
}

/**
 * The value of the category the model places the visitor's `need` in; `undefined` when it names
 * none, answers out of shape, fails, or takes longer than {@link NEED_CATEGORY_TIMEOUT_MS}.
 */
export async function chooseNeedCategory(
  model: JsonAnswering,
  need: string,
  categories: NeedCategories,
  signal?: AbortSignal,
  timeoutMs = NEED_CATEGORY_TIMEOUT_MS,
): Promise<string | undefined> {
  // The visitor's words quoted: read, not obeyed.
  const prompt = `Visitor: ${JSON.stringify(need)}`;
  const label = await askChoice(
    model,
    { ...needQuestion(categories), prompt },
    'category',
    signal,
    timeoutMs,
  );
  return categories.options.find((option) => option.label === label)?.value;
}

/**
 * The categories with names of items each holds, fetched with the search the router uses: the
 * cheapest and the dearest of each (by the field whose role is `price`, else the first found),
 * which in a catalogue listed kind by kind are of several kinds. A failed search leaves that
 * category without examples.
 */
export async function withExamples(
  catalog: RouterCatalog,
  categories: NeedCategories,
  lookup: ItemLookup,
): Promise<NeedCategories> {
  const tool = catalog.tools.find((candidate) => candidate.operation === 'search');
  if (!tool?.collection) return categories;
  const price = catalog.roles.price?.key;
  const orders = price
    ? (['asc', 'desc'] as const).map((order) => ({ field: price, order }))
    : [undefined];
  const options = await Promise.all(
    categories.options.map(async (option) => {
      const found = await Promise.all(
        orders.map((sort) =>
          lookup(tool, '', { [categories.key]: option.value }, sort).catch(() => []),
        ),
      );
      return { ...option, examples: [...new Set(found.flat().map((item) => item.name))] };
    }),
  );
  return { ...categories, options };
}
