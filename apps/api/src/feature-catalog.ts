import { FEATURE_TYPES, LIMITS, type FeatureType } from '@svc/protocol';
import {
  DEFAULT_TOOLS,
  KNOWLEDGE_ANSWERS,
  TOOL_OPERATIONS,
  declaredOperation,
  toolDefaults,
  type OperationTool,
  type ToolOperation,
} from '@svc/protocol/agent';
import { z } from 'zod';
import { HttpError } from './errors.js';
import { checkPageTools, type PageToolToCheck } from './page-tools.js';
import { checkWebhookTools } from './webhook-tools/check.js';

// What each feature type is, what it may be set to, and the tools it brings: the studio builds its
// forms from it, and scenario writes are checked against it. The descriptions and argument
// schemas are the defaults the agent gives a tool that names none (`toolDefaults`, shared with
// the agent); the search tool's filter arguments come from the collection at run time, so the
// catalog shows only `query`.

type JsonSchema = Record<string, unknown>;

/** What a tool does with the agent's API; `settings.operation` of a tool may set it. */
export { TOOL_OPERATIONS };

/** A tool a feature type brings, with the defaults the agent applies. */
export interface CatalogTool {
  name: string;
  /** `frontend`: the page runs it over RPC after the API part; `server`: the agent alone. */
  type: 'frontend' | 'server';
  operation: ToolOperation;
  description: string;
  /** JSON Schema of the arguments the model gives. */
  parameters: JsonSchema;
  /** The RPC method the page registers (the tool's name unless overridden). */
  frontend_method: string;
  /** The page's handler budget, seconds, unless the tool sets its own. */
  rpc_timeout_s: number;
}

/** One feature type of the catalog. */
export interface CatalogFeature {
  type: FeatureType;
  title: string;
  description: string;
  /** JSON Schema of the feature's `settings`. */
  settings_schema: JsonSchema;
  tools: CatalogTool[];
}

// Settings are open objects: the page's panels get them too and may read keys of their own
// (a currency, a layout); the keys named here are checked.
const collectionId = z
  .number()
  .int()
  .positive()
  .describe('The attached collection this feature works on; the first attached when left out.');
const settingsSchemas = {
  [FEATURE_TYPES.COLLECTION_ITEMS_SEARCH]: z.looseObject({
    collection_id: collectionId.optional(),
  }),
  [FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY]: z.looseObject({
    collection_id: collectionId.optional(),
  }),
  [FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON]: z.looseObject({
    collection_id: collectionId.optional(),
    max_items: z
      .number()
      .int()
      .min(2)
      .max(10)
      .optional()
      .describe('Most items compared side by side (default 3).'),
  }),
  [FEATURE_TYPES.BUCKET_LIST_CRUD]: z.looseObject({
    collection_id: collectionId.optional(),
    bucket: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .optional()
      .describe("The visitor's list the tools act on (default cart)."),
  }),
  [FEATURE_TYPES.WORKFLOW_CONVERSATION_END]: z.looseObject({}),
  // What a page tool does and takes is in the tool itself (`page-tools.ts`).
  [FEATURE_TYPES.PAGE_TOOLS_CUSTOM]: z.looseObject({}),
  // Each webhook tool carries its request in `settings.webhook` (`webhook-tools/check.ts`).
  [FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM]: z.looseObject({}),
  [FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH]: z.looseObject({
    document_ids: z
      .array(z.number().int().positive())
      .max(1000)
      .optional()
      .describe(
        'The company’s knowledge documents the agent answers from (none listed: it finds nothing and says it does not know).',
      ),
    answers: z
      .enum(KNOWLEDGE_ANSWERS)
      .optional()
      .describe(
        'Who answers from what the search found: `passages` reads the documents’ own words out (nothing can be invented, no model time), `model` has the model write the answer from them in the scenario’s voice. Default: `passages` on the embedded model, `model` on a hosted one.',
      ),
  }),
} satisfies Record<FeatureType, z.ZodType>;

const toolSettings = z.looseObject({ operation: z.enum(TOOL_OPERATIONS).optional() });

/**
 * The tools a feature type brings (`DEFAULT_TOOLS`, shared with the agent), with the agent's
 * defaults for the rest; `type` is where they run.
 */
const tools = (featureType: FeatureType, type: CatalogTool['type'] = 'frontend'): CatalogTool[] =>
  DEFAULT_TOOLS[featureType].map(({ name, operation }) => ({
    name,
    type,
    operation,
    ...toolDefaults(operation),
    frontend_method: name,
    rpc_timeout_s: LIMITS.FRONTEND_TOOL_MS / 1000,
  }));

const settingsSchema = (type: FeatureType): JsonSchema =>
  z.toJSONSchema(settingsSchemas[type], { io: 'input' }) as JsonSchema;

/** The feature types, in the order a scenario usually lists them. */
export const FEATURE_CATALOG: readonly CatalogFeature[] = [
  {
    type: FEATURE_TYPES.COLLECTION_ITEMS_SEARCH,
    title: 'Search a collection',
    description:
      "Finds items by the visitor's words and the collection's filter fields, and shows the results on the page.",
    settings_schema: settingsSchema(FEATURE_TYPES.COLLECTION_ITEMS_SEARCH),
    tools: tools(FEATURE_TYPES.COLLECTION_ITEMS_SEARCH),
  },
  {
    type: FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY,
    title: 'Show an item',
    description: "Shows one item in detail, with the collection's view filled in.",
    settings_schema: settingsSchema(FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY),
    tools: tools(FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY),
  },
  {
    type: FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON,
    title: 'Compare items',
    description: 'Shows two or more items side by side, one row per field.',
    settings_schema: settingsSchema(FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON),
    tools: tools(FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON),
  },
  {
    type: FEATURE_TYPES.BUCKET_LIST_CRUD,
    title: 'Cart',
    description:
      "Keeps the visitor's list (a cart, a wishlist): add, remove, change quantities, show, empty. A tool named as one of these does what it does; a tool of another name declares its operation in its settings.",
    settings_schema: settingsSchema(FEATURE_TYPES.BUCKET_LIST_CRUD),
    tools: tools(FEATURE_TYPES.BUCKET_LIST_CRUD),
  },
  {
    type: FEATURE_TYPES.WORKFLOW_CONVERSATION_END,
    title: 'End the conversation',
    description: 'Lets the agent say goodbye and close the conversation when the visitor is done.',
    settings_schema: settingsSchema(FEATURE_TYPES.WORKFLOW_CONVERSATION_END),
    tools: tools(FEATURE_TYPES.WORKFLOW_CONVERSATION_END, 'server'),
  },
  {
    type: FEATURE_TYPES.PAGE_TOOLS_CUSTOM,
    title: 'Page tools',
    description:
      "The business's own actions on its page (book a visit, open a map): the page runs each tool over RPC with the arguments its JSON Schema declares, and its answer goes to the model.",
    settings_schema: settingsSchema(FEATURE_TYPES.PAGE_TOOLS_CUSTOM),
    // The business writes every tool: none to bring.
    tools: [],
  },
  {
    type: FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM,
    title: 'Webhook tools',
    description:
      "Calls to the business's own backend (book an appointment, look up an order): the API sends each call to the tool's https endpoint, signed, with headers filled from the company's secrets, and gives the answer to the model.",
    settings_schema: settingsSchema(FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM),
    tools: [],
  },
  {
    type: FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH,
    title: 'Knowledge base',
    description:
      "Answers from the company's documents (policies, prices, hours, procedures): the agent searches the listed documents by words and meaning, answers only from the passages it found, names the document, and says it does not know when nothing relevant is found.",
    settings_schema: settingsSchema(FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH),
    tools: [],
  },
];

/** What {@link checkFeatures} reads of a feature. */
export interface FeatureToCheck {
  type: string;
  settings?: Record<string, unknown> | undefined;
  tools?: readonly PageToolToCheck[] | undefined;
}

/**
 * Checks a scenario's features against the catalog: a known type, settings that fit its schema,
 * tool operations that exist. Throws a 400 naming the first field at fault, such as
 * `features[2].settings.max_items: must be integer`; a page tool the model or the page could not
 * use is a 422 (`checkPageTools`).
 */
export function checkFeatures(features: readonly FeatureToCheck[]): void {
  for (const [index, feature] of features.entries()) {
    const at = `features[${index}]`;
    const schema = settingsSchemas[feature.type as FeatureType] as z.ZodType | undefined;
    if (!schema) {
      const known = FEATURE_CATALOG.map((entry) => entry.type).join(', ');
      throw new HttpError(
        400,
        `${at}.type: unknown feature type ${feature.type} (one of ${known})`,
      );
    }
    failOn(`${at}.settings`, schema.safeParse(feature.settings ?? {}));
    for (const [toolIndex, tool] of (feature.tools ?? []).entries())
      failOn(`${at}.tools[${toolIndex}].settings`, toolSettings.safeParse(tool.settings ?? {}));
    if (feature.type === FEATURE_TYPES.PAGE_TOOLS_CUSTOM) checkPageTools(feature.tools ?? [], at);
    if (feature.type === FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM)
      checkWebhookTools(feature.tools ?? [], at);
  }
}

/**
 * The features with every tool's operation declared in its `settings.operation`, filled in by
 * `declaredOperation` where the author left it out, so what a tool does is stored with the
 * scenario and never read from its name. Throws a 422 naming a tool whose operation cannot be
 * told: a bucket-list tool that declares none and is not named as one of the catalog's.
 */
export function declareOperations<
  Tool extends OperationTool,
  Feature extends { type: string; tools: readonly Tool[] },
>(
  features: readonly Feature[],
): (Omit<Feature, 'tools'> & { tools: (Tool & { settings: Record<string, unknown> })[] })[] {
  return features.map((feature, index) => ({
    ...feature,
    tools: feature.tools.map((tool, toolIndex) => {
      const operation = declaredOperation(feature, tool);
      if (operation === undefined) {
        const names = (DEFAULT_TOOLS[feature.type as FeatureType] ?? []).map((known) => known.name);
        throw new HttpError(
          422,
          `features[${index}].tools[${toolIndex}]: tool ${tool.name} must declare settings.operation (one of ${TOOL_OPERATIONS.join(', ')}), or be named as a tool of ${feature.type} (${names.join(', ')})`,
        );
      }
      return { ...tool, settings: { ...tool.settings, operation } };
    }),
  }));
}

function failOn(at: string, result: z.ZodSafeParseResult<unknown>): void {
  if (result.success) return;
  const issue = result.error.issues[0];
  if (!issue) throw new HttpError(400, `${at}: invalid`);
  const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`));
  throw new HttpError(400, `${at}${path.join('')}: ${describeIssue(issue)}`);
}

/** An issue in the words JSON Schema validators use, so the studio shows one style. */
function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${issue.expected === 'int' ? 'integer' : issue.expected}`;
    case 'too_small':
      return `must be >= ${String(issue.minimum)}`;
    case 'too_big':
      return `must be <= ${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue
        ? `must match pattern ${String(issue.pattern)}`
        : `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return issue.message;
  }
}
