// The pure part of the page-tools editor: the checks the API applies to a page-tools feature
// (`page:tools:custom`), run as the author types, the structured view of a tool's arguments, and
// the test page that answers a call as the business's page would.
import {
  FEATURE_TYPES,
  RESPONSE_CODES,
  rpcMethodName,
  toolTimeouts,
  type RpcToolRequest,
  type RpcToolResponse,
} from '@svc/protocol';
import { PAGE_TOOL_LIMITS, toolParametersProblems } from '@svc/protocol/agent';
import { getAt, type FieldErrors } from '../schema-form/schema-model';

/** The feature type this editor is for. */
export const PAGE_TOOLS_TYPE: string = FEATURE_TYPES.PAGE_TOOLS_CUSTOM;

/** A page tool as the draft holds it. */
export interface PageTool {
  name: string;
  type: string;
  description?: string;
  parameters?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  frontend_method?: string;
  rpc_timeout_s?: number;
}

/** A JSON Schema of arguments, as the editor reads one. */
export type ArgumentsSchema = Record<string, unknown>;

/** The types the structured editor offers; anything else is edited as JSON. */
export const ARGUMENT_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
] as const;

/** A tool the author starts from: no arguments, a name no other tool of the scenario has. */
export function newPageTool(takenNames: readonly string[]): PageTool {
  let number = 1;
  while (takenNames.includes(`page_action_${number}`)) number += 1;
  return {
    name: `page_action_${number}`,
    type: 'frontend',
    description: '',
    parameters: { type: 'object', properties: {}, required: [] },
    settings: { operation: 'custom' },
  };
}

/**
 * What the API would refuse (422) in the draft's page-tools features, under the dotted path of the
 * field: `features.0.tools.1.description`; a tool's argument schema problems all under its
 * `parameters`, each naming its place in the schema.
 */
export function pageToolErrors(draft: unknown): FieldErrors {
  const features = getAt(draft, ['features']);
  if (!Array.isArray(features)) return {};
  const errors: FieldErrors = {};
  features.forEach((feature: { type?: unknown; tools?: unknown }, index) => {
    if (feature.type !== PAGE_TOOLS_TYPE) return;
    const at = `features.${index}.tools`;
    const tools = (Array.isArray(feature.tools) ? feature.tools : []) as PageTool[];
    if (tools.length === 0) errors[at] = 'Add at least one tool the page runs';
    if (tools.length > PAGE_TOOL_LIMITS.MAX_TOOLS)
      errors[at] = `At most ${PAGE_TOOL_LIMITS.MAX_TOOLS} tools`;
    const methods = new Map<string, number>();
    tools.forEach((tool, toolIndex) => {
      const where = `${at}.${toolIndex}`;
      if (!tool.description?.trim())
        errors[`${where}.description`] =
          'Description is required: the model reads it to know when to call the tool';
      const problems = toolParametersProblems(tool.parameters);
      if (problems.length > 0)
        errors[`${where}.parameters`] = problems
          .map((problem) => `${problem.path || 'the schema'}: ${problem.message}`)
          .join('; ');
      const timeout = tool.rpc_timeout_s;
      if (
        timeout !== undefined &&
        !(timeout >= PAGE_TOOL_LIMITS.MIN_TIMEOUT_S && timeout <= PAGE_TOOL_LIMITS.MAX_TIMEOUT_S)
      )
        errors[`${where}.rpc_timeout_s`] =
          `Timeout must be between ${PAGE_TOOL_LIMITS.MIN_TIMEOUT_S} and ${PAGE_TOOL_LIMITS.MAX_TIMEOUT_S} seconds`;
      const method = rpcMethodName(tool);
      const other = methods.get(method);
      if (other !== undefined)
        errors[`${where}.frontend_method`] =
          `${method} is already the page method of tool ${other + 1}`;
      else methods.set(method, toolIndex);
    });
  });
  return errors;
}

/** One argument as the structured editor shows it. */
export interface ArgumentRow {
  name: string;
  /** One of {@link ARGUMENT_TYPES}, or `undefined` for a schema only the JSON shows whole. */
  type: (typeof ARGUMENT_TYPES)[number] | undefined;
  description: string;
  required: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const propertiesOf = (schema: ArgumentsSchema): Record<string, unknown> =>
  isObject(schema.properties) ? schema.properties : {};

const requiredOf = (schema: ArgumentsSchema): string[] =>
  Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];

/** The arguments' properties, in order, as rows. */
export function argumentRows(schema: ArgumentsSchema): ArgumentRow[] {
  const required = requiredOf(schema);
  return Object.entries(propertiesOf(schema)).map(([name, property]) => {
    const type = isObject(property) ? property.type : undefined;
    return {
      name,
      type: (ARGUMENT_TYPES as readonly unknown[]).includes(type)
        ? (type as ArgumentRow['type'])
        : undefined,
      description:
        isObject(property) && typeof property.description === 'string' ? property.description : '',
      required: required.includes(name),
    };
  });
}

/** A new property's schema of `type` (a list of strings, an object without properties). */
function propertyOfType(type: (typeof ARGUMENT_TYPES)[number], description: string) {
  return {
    type,
    ...(description ? { description } : {}),
    ...(type === 'array' ? { items: { type: 'string' } } : {}),
    ...(type === 'object' ? { properties: {} } : {}),
  };
}

/**
 * The schema with the argument at `index` changed to `row`: renamed in place (its `required` entry
 * follows), its type replaced by a plain one of the new type, its description set.
 */
export function setArgument(schema: ArgumentsSchema, index: number, row: ArgumentRow) {
  const entries = Object.entries(propertiesOf(schema));
  const current = entries[index];
  if (!current) return schema;
  const [oldName, oldProperty] = current;
  const base = isObject(oldProperty) ? oldProperty : {};
  const property =
    row.type !== undefined && row.type !== base.type
      ? propertyOfType(row.type, row.description)
      : { ...base, ...(row.description ? { description: row.description } : {}) };
  if (!row.description) delete (property as Record<string, unknown>).description;
  entries[index] = [row.name, property];
  const required = requiredOf(schema).filter((name) => name !== oldName && name !== row.name);
  return {
    ...schema,
    properties: Object.fromEntries(entries),
    required: row.required ? [...required, row.name] : required,
  };
}

/** The schema with one more string argument, named so no other has its name. */
export function addArgument(schema: ArgumentsSchema): ArgumentsSchema {
  const properties = propertiesOf(schema);
  let number = Object.keys(properties).length + 1;
  while (Object.hasOwn(properties, `argument_${number}`)) number += 1;
  return {
    ...schema,
    type: 'object',
    properties: { ...properties, [`argument_${number}`]: { type: 'string' } },
  };
}

/** The schema without the argument at `index`. */
export function removeArgument(schema: ArgumentsSchema, index: number): ArgumentsSchema {
  const entries = Object.entries(propertiesOf(schema));
  const [removed] = entries.splice(index, 1);
  return {
    ...schema,
    properties: Object.fromEntries(entries),
    required: requiredOf(schema).filter((name) => name !== removed?.[0]),
  };
}

/** Arguments a first test call can start from: each required argument with a value of its type. */
export function sampleArguments(schema: ArgumentsSchema): Record<string, unknown> {
  const sample: Record<string, unknown> = {};
  const properties = propertiesOf(schema);
  for (const name of requiredOf(schema)) {
    const property = properties[name];
    if (!isObject(property)) continue;
    if (Array.isArray(property.enum)) sample[name] = property.enum[0];
    else if (property.type === 'number' || property.type === 'integer') sample[name] = 1;
    else if (property.type === 'boolean') sample[name] = true;
    else if (property.type === 'array') sample[name] = [];
    else if (property.type === 'object') sample[name] = {};
    else sample[name] = '';
  }
  return sample;
}

/** A call the test page received and how it was answered. */
/** Reads an author's answer to a page tool call: JSON when it parses, else the text as typed. */
export function answerData(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface TestCall {
  method: string;
  request: RpcToolRequest;
  /** The page's answer to the agent, once it is given (or its budget ran out). */
  response?: RpcToolResponse;
}

/**
 * The business's page, for a test call: the tool's handler registered on its RPC method, given the
 * tool's budget (`toolTimeouts`) as the SDK gives a session tool. The handler's value answers
 * `OK`, a throw `ERROR` with its message, and the budget running out `TIMEOUT`.
 */
export async function callOnTestPage(
  tool: PageTool,
  args: Record<string, unknown>,
  handler: (request: RpcToolRequest, signal: AbortSignal) => Promise<unknown>,
  onRequest: (call: TestCall) => void,
): Promise<TestCall> {
  const method = rpcMethodName(tool);
  const request: RpcToolRequest = {
    requestId: crypto.randomUUID(),
    tool: tool.name,
    args,
    sentAt: Date.now(),
  };
  onRequest({ method, request });
  const budgetMs = toolTimeouts(tool).handlerMs;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RpcToolResponse>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({
        requestId: request.requestId,
        code: RESPONSE_CODES.TIMEOUT,
        data: `no answer within ${budgetMs} ms`,
      });
    }, budgetMs);
  });
  const answered = handler(request, controller.signal).then(
    (data): RpcToolResponse => ({ requestId: request.requestId, code: RESPONSE_CODES.OK, data }),
    (error: unknown): RpcToolResponse => ({
      requestId: request.requestId,
      code: RESPONSE_CODES.ERROR,
      data: error instanceof Error ? error.message : String(error),
    }),
  );
  const response = await Promise.race([answered, timeout]);
  clearTimeout(timer);
  return { method, request, response };
}
