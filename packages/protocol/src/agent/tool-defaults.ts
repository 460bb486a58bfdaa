// What a tool of a feature does and says when the scenario leaves it to the defaults. The agent
// gives the model these descriptions and argument schemas, and the API's feature catalog shows
// the same ones to the author, so both read them from here.

import { FEATURE_TYPES, type FeatureType } from '../features.js';

/** What a tool does with the agent's API; `settings.operation` of a tool may set it. */
export const TOOL_OPERATIONS = [
  'search',
  'display',
  'compare',
  'cart_add',
  'cart_remove',
  'cart_set',
  'cart_list',
  'cart_clear',
  'end',
  'custom',
] as const;

/** One of {@link TOOL_OPERATIONS}; `custom` tools only call the page. */
export type ToolOperation = (typeof TOOL_OPERATIONS)[number];

/**
 * Who answers from what a knowledge search found (`settings.answers` of a knowledge feature):
 * `passages` reads the documents' own words out, `model` has the model write the answer from them.
 */
export const KNOWLEDGE_ANSWERS = ['passages', 'model'] as const;

/** One of {@link KNOWLEDGE_ANSWERS}. */
export type KnowledgeAnswers = (typeof KNOWLEDGE_ANSWERS)[number];

/**
 * The languages (primary subtags) in which a collection search reads a description by meaning when
 * some of its words are in no item (the API's embedding models: MiniLM for English, a multilingual
 * one for the others): the agent's router sends a described need whole only in these, and keeps to
 * the catalogue's words in the others.
 */
export const MEANING_SEARCH_LANGUAGES: readonly string[] = ['en', 'fr', 'es', 'de'];

/** A tool a feature type brings when the scenario names no tools of its own. */
export interface DefaultTool {
  name: string;
  operation: ToolOperation;
}

/**
 * The tools each feature type brings, by name. A bucket-list tool named as one of these does what
 * its catalog namesake does; any other name must declare its `settings.operation`.
 */
export const DEFAULT_TOOLS: Readonly<Record<FeatureType, readonly DefaultTool[]>> = {
  [FEATURE_TYPES.COLLECTION_ITEMS_SEARCH]: [{ name: 'search_products', operation: 'search' }],
  [FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY]: [{ name: 'show_product', operation: 'display' }],
  [FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON]: [{ name: 'compare_products', operation: 'compare' }],
  [FEATURE_TYPES.BUCKET_LIST_CRUD]: [
    { name: 'add_to_cart', operation: 'cart_add' },
    { name: 'remove_from_cart', operation: 'cart_remove' },
    { name: 'set_cart_quantity', operation: 'cart_set' },
    { name: 'show_cart', operation: 'cart_list' },
    { name: 'clear_cart', operation: 'cart_clear' },
  ],
  [FEATURE_TYPES.WORKFLOW_CONVERSATION_END]: [{ name: 'end_conversation', operation: 'end' }],
  // The business names and describes every page tool: the type brings none of its own.
  [FEATURE_TYPES.PAGE_TOOLS_CUSTOM]: [],
  // Each webhook tool is the business's, like a page tool.
  [FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM]: [],
  // The agent searches the attached documents itself (the API's knowledge search): no page tool.
  [FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH]: [],
};

/** What {@link operationOf} reads of a feature. */
export interface OperationFeature {
  type: string;
}

/** What {@link operationOf} reads of a tool. */
export interface OperationTool {
  name: string;
  settings?: Record<string, unknown> | undefined;
}

const isOperation = (value: unknown): value is ToolOperation =>
  (TOOL_OPERATIONS as readonly unknown[]).includes(value);

/**
 * The operation a tool declares, or the one its feature type leaves no doubt about: its
 * `settings.operation`, else the feature type's only operation, else that of the catalog's tool of
 * exactly its name. `undefined` for a tool of a known type with several operations (a bucket
 * list) that names none of them: what it does cannot be told, and a name is never read for it.
 * A feature type this version does not know belongs to the page: `custom`.
 */
export function declaredOperation(
  feature: OperationFeature,
  tool: OperationTool,
): ToolOperation | undefined {
  const declared = tool.settings?.operation;
  if (declared !== undefined) return isOperation(declared) ? declared : 'custom';
  if (!Object.hasOwn(DEFAULT_TOOLS, feature.type)) return 'custom';
  const defaults = DEFAULT_TOOLS[feature.type as FeatureType];
  // A type that brings no tools of its own (page tools) has only the page's: `custom`.
  if (defaults.length === 0) return 'custom';
  const [only] = defaults;
  if (defaults.length === 1 && only) return only.operation;
  return defaults.find((candidate) => candidate.name === tool.name)?.operation;
}

/**
 * What a tool does: {@link declaredOperation}, and `custom` (the page's own tool) when nothing
 * declares it. The API stores this at save time; the agent applies it again, so a scenario or a
 * publication stored before operations were declared runs the same way.
 */
export function operationOf(feature: OperationFeature, tool: OperationTool): ToolOperation {
  return declaredOperation(feature, tool) ?? 'custom';
}

/** A JSON Schema object, as a tool's `parameters` are. */
export type ToolParameters = Record<string, unknown>;

/** What shapes a default beyond its operation. */
export interface ToolDefaultsContext {
  /** What the search looks through, e.g. the collection's name (default "the catalogue"). */
  subject?: string | undefined;
  /** Most items the compare tool takes (default 3). */
  maxItems?: number | undefined;
  /** The search's filter arguments, from the collection's filter fields (default none). */
  filterProperties?: ToolParameters | undefined;
  /** The feature type a `custom` tool belongs to, named in its description. */
  featureType?: string | undefined;
}

/** A tool's default description and JSON Schema of its arguments. */
export interface ToolDefaults {
  description: string;
  parameters: ToolParameters;
}

const ITEM_ID = { type: 'string', description: 'The id of an item, as given in search results.' };

// Closed objects: small models otherwise invent arguments the tool does not take.
const object = (properties: ToolParameters, required: string[] = []): ToolParameters => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** The default description and arguments of a tool that does `operation`. */
export function toolDefaults(
  operation: ToolOperation,
  context: ToolDefaultsContext = {},
): ToolDefaults {
  const subject = context.subject ?? 'the catalogue';
  const maxItems = context.maxItems ?? 3;
  switch (operation) {
    case 'search':
      return {
        description: `Search ${subject} and show the results to the visitor. Use it whenever the visitor looks for something.`,
        parameters: object({
          query: {
            type: 'string',
            description: 'What the visitor is looking for, in a few words.',
          },
          ...context.filterProperties,
        }),
      };
    case 'display':
      return {
        description: 'Show one item in detail to the visitor.',
        parameters: object({ item_id: ITEM_ID }, ['item_id']),
      };
    case 'compare':
      return {
        description: `Show two to ${maxItems} items side by side so the visitor can compare them.`,
        parameters: object({ item_ids: { type: 'array', items: ITEM_ID, minItems: 2, maxItems } }, [
          'item_ids',
        ]),
      };
    case 'cart_add':
      return {
        description: "Add an item to the visitor's cart.",
        parameters: object(
          {
            item_id: ITEM_ID,
            quantity: { type: 'integer', minimum: 1, description: 'How many (default 1).' },
          },
          ['item_id'],
        ),
      };
    case 'cart_remove':
      return {
        description: "Remove an item from the visitor's cart.",
        parameters: object({ item_id: ITEM_ID }, ['item_id']),
      };
    case 'cart_set':
      return {
        description: 'Change how many of an item are in the cart.',
        parameters: object({ item_id: ITEM_ID, quantity: { type: 'integer', minimum: 0 } }, [
          'item_id',
          'quantity',
        ]),
      };
    case 'cart_list':
      return { description: "Show the visitor's cart and what is in it.", parameters: object({}) };
    case 'cart_clear':
      return { description: "Empty the visitor's cart.", parameters: object({}) };
    case 'end':
      return {
        description:
          'End the conversation when the visitor is done or says goodbye. Say goodbye first.',
        parameters: object({
          reason: { type: 'string', description: 'Why the conversation ends, in a few words.' },
        }),
      };
    default:
      // `custom`, or an operation a stored snapshot names that this version does not know: the
      // page decides what such a tool takes, so its arguments stay open.
      return {
        description: `Run ${context.featureType ?? 'this feature'} on the page.`,
        parameters: { type: 'object', properties: {}, additionalProperties: true },
      };
  }
}
