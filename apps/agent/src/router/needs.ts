// A need said instead of a kind of item ("something to boil water on a trail"): the collection's
// search reads the words by meaning, but over the whole catalogue they match the kinds whose names
// share a word with the need ("camp", "trail") more than the kind that meets it. The model names
// the category that holds what meets the need, a choice among the collection's category options on
// a short cached prompt (about 0.5 s on two cores), and the search then reads the need by meaning
// within that category. Measured on the dev needs of the shop sets before this was built
// (bench/results/understanding-needs-2026-12-02.md): the category was right for 6 of 9, the
// kind of item (49 options) for 4 of 8.
import { fieldWithRole } from '@svc/protocol/agent';
import type { JsonAnswering } from '../post-call-analysis.js';
import type { RouterCatalog } from './catalog.js';
import { askChoice } from './chooser.js';

/** The answer that names no category: the search goes as the words are. */
const NONE = 'none';

/** Longest the choice may take before the search goes without a category, ms. */
export const NEED_CATEGORY_TIMEOUT_MS = 3000;

/** The category field of the scenario's search and its options, when its collection has one. */
export interface NeedCategories {
  /** The filter key of the field whose role is `category`. */
  key: string;
  options: ReadonlyArray<{ value: string; label: string }>;
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
  return {
    instructions: [
      "A shop's visitor says what they need, often as a problem instead of a product.",
      `Choose the one category of the shop's items that holds what meets the need, or "${NONE}" when none would.`,
      `Categories: ${labels.join(', ')}.`,
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
