// A webhook tool (`webhook:tools:custom`): a tool the model calls that the API runs as one HTTPS
// request to the business's endpoint. What a tool declares lives in its `settings.webhook`; the
// API checks it when a scenario is saved and the Studio shows the same problems as the author
// types, so both read the rule from here.
import { tenantUrlProblem } from './public-address.js';

/** Limits of a webhook tool. */
export const WEBHOOK_TOOL_LIMITS = {
  /** Most tools one webhook-tools feature holds. */
  MAX_TOOLS: 20,
  /** Shortest `timeout_s`: less than a TLS handshake to a public host is not real. */
  MIN_TIMEOUT_S: 0.5,
  /**
   * Longest `timeout_s`, every attempt included: the visitor waits in silence meanwhile, and the
   * agent's page tools have the same ceiling (the contract's 10 s frontend budget).
   */
  MAX_TIMEOUT_S: 10,
  /** `timeout_s` when the tool sets none. */
  DEFAULT_TIMEOUT_S: 5,
  /** Most retries of an idempotent call (attempts are this plus one). */
  MAX_RETRIES: 2,
  /** Largest `max_response_bytes`: what the model reads of an answer, every turn after. */
  MAX_RESPONSE_BYTES: 16_384,
  /** `max_response_bytes` when the tool sets none. */
  DEFAULT_RESPONSE_BYTES: 4_096,
  /** Most headers a tool sends of its own. */
  MAX_HEADERS: 10,
  /** Longest URL template. */
  MAX_URL: 2_048,
} as const;

/** The methods a webhook tool may use. */
export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One of {@link WEBHOOK_METHODS}. */
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

/**
 * Methods whose repetition changes nothing more than their first call did (RFC 9110): only these
 * are retried, unless the tool declares that its endpoint honours `idempotency-key`.
 */
export const IDEMPOTENT_METHODS: readonly WebhookMethod[] = ['GET', 'PUT', 'DELETE'];

/** Methods that send the arguments as a JSON body; the others put them in the query string. */
export const BODY_METHODS: readonly WebhookMethod[] = ['POST', 'PUT', 'PATCH'];

/** What a webhook tool declares in `settings.webhook`. */
export interface WebhookToolSettings {
  method: WebhookMethod;
  /**
   * `https` URL of the endpoint; a path part may be `{argument}`, filled with that argument
   * (URL-encoded).
   */
  url: string;
  /**
   * Headers sent with every call; a value may hold `{{secret:name}}`, filled with the company's
   * secret of that name in the API, never shown to the model, the agent or the page.
   */
  headers?: Record<string, string>;
  /** Seconds the whole call may take, retries included (default 5). */
  timeout_s?: number;
  /** Retries after a failure that may pass (a lost connection, 408, 429, 5xx), for idempotent calls. */
  retries?: number;
  /** The endpoint deduplicates by the `idempotency-key` header: a POST or PATCH may be retried. */
  idempotency_key?: boolean;
  /** Bytes of the answer given to the model at most (default 4096). */
  max_response_bytes?: number;
}

/** A `{{secret:name}}` reference in a header value. */
export const SECRET_REFERENCE = /\{\{\s*secret:([a-z0-9][a-z0-9_-]{0,63})\s*\}\}/g;

/** A `{name}` path part of a URL template. */
const PATH_ARGUMENT = /\{([A-Za-z_][\w-]{0,63})\}/g;

/** Header names a tool may not set: the transport's own, and those the API signs and fills. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'cookie',
  'svc-signature',
  'idempotency-key',
  'user-agent',
]);

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;

/** A problem of a webhook tool's settings: where (`webhook.url`) and what. */
export interface WebhookToolProblem {
  path: string;
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The secret names a tool's headers reference. */
export function referencedSecrets(settings: Pick<WebhookToolSettings, 'headers'>): string[] {
  const names = new Set<string>();
  for (const value of Object.values(settings.headers ?? {}))
    for (const match of value.matchAll(SECRET_REFERENCE)) if (match[1]) names.add(match[1]);
  return [...names];
}

/** The `{argument}` names of a URL template's path. */
export function urlArguments(url: string): string[] {
  return [...url.matchAll(PATH_ARGUMENT)].map((match) => match[1] ?? '');
}

/**
 * The problems of a tool's `settings.webhook` (and of its URL against its argument schema's
 * properties): a known method, an `https` URL on a public host with no user or password, `{}`
 * parts only in the path and only naming declared arguments, headers that are not the platform's,
 * a bounded timeout, retries only where a repetition is safe, a bounded answer. An empty list
 * means the tool can be called.
 */
export function webhookToolProblems(
  webhook: unknown,
  parameters?: Record<string, unknown>,
): WebhookToolProblem[] {
  const problems: WebhookToolProblem[] = [];
  const fail = (path: string, message: string) =>
    problems.push({ path: path ? `webhook.${path}` : 'webhook', message });
  if (!isObject(webhook)) {
    fail('', 'is required: the method and the https URL the tool calls');
    return problems;
  }
  const method = webhook.method;
  if (!(WEBHOOK_METHODS as readonly unknown[]).includes(method))
    fail('method', `must be one of ${WEBHOOK_METHODS.join(', ')}`);

  const url = webhook.url;
  if (typeof url !== 'string' || url.length > WEBHOOK_TOOL_LIMITS.MAX_URL) {
    fail('url', `must be an https URL of at most ${WEBHOOK_TOOL_LIMITS.MAX_URL} characters`);
  } else {
    const declared = isObject(parameters?.properties) ? parameters.properties : {};
    for (const name of urlArguments(url))
      if (!Object.hasOwn(declared, name))
        fail('url', `names {${name}}, which is not among the arguments' properties`);
    // The template is checked as the URL it becomes: a placeholder stands for one path segment.
    const sample = url.replace(PATH_ARGUMENT, 'argument');
    const problem = tenantUrlProblem(sample);
    if (problem) fail('url', problem);
    else {
      const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
      if (/[{}]/.test(authority))
        fail('url', 'may fill {arguments} in its path only, not in its host');
      if (/\{|\}/.test(url.replace(PATH_ARGUMENT, '')))
        fail('url', 'has a { or } that is not an {argument} path part');
      const query = url.indexOf('?');
      if (query >= 0 && urlArguments(url.slice(query)).length > 0)
        fail('url', 'may fill {arguments} in its path only, not in its query');
    }
  }

  const headers = webhook.headers;
  if (headers !== undefined) {
    if (!isObject(headers)) fail('headers', 'must be an object of header names to values');
    else {
      const names = Object.keys(headers);
      if (names.length > WEBHOOK_TOOL_LIMITS.MAX_HEADERS)
        fail('headers', `must hold at most ${WEBHOOK_TOOL_LIMITS.MAX_HEADERS} headers`);
      for (const name of names) {
        const value = headers[name];
        if (!HEADER_NAME.test(name)) fail(`headers.${name}`, 'is not a header name');
        else if (RESERVED_HEADERS.has(name.toLowerCase()))
          fail(`headers.${name}`, 'is set by the platform');
        else if (typeof value !== 'string' || value.length > 4096 || /[\r\n\0]/.test(value))
          fail(`headers.${name}`, 'must be one line of text, at most 4096 characters');
        else if (/\{\{/.test(value.replace(SECRET_REFERENCE, '')))
          fail(`headers.${name}`, 'may hold {{secret:name}} references only (lower-case names)');
      }
    }
  }

  const timeout = webhook.timeout_s;
  if (
    timeout !== undefined &&
    !(
      typeof timeout === 'number' &&
      timeout >= WEBHOOK_TOOL_LIMITS.MIN_TIMEOUT_S &&
      timeout <= WEBHOOK_TOOL_LIMITS.MAX_TIMEOUT_S
    )
  )
    fail(
      'timeout_s',
      `must be between ${WEBHOOK_TOOL_LIMITS.MIN_TIMEOUT_S} and ${WEBHOOK_TOOL_LIMITS.MAX_TIMEOUT_S} seconds`,
    );

  const idempotencyKey = webhook.idempotency_key;
  if (idempotencyKey !== undefined && typeof idempotencyKey !== 'boolean')
    fail('idempotency_key', 'must be true or false');
  const retries = webhook.retries;
  if (retries !== undefined) {
    if (
      !(Number.isInteger(retries) && (retries as number) >= 0) ||
      (retries as number) > WEBHOOK_TOOL_LIMITS.MAX_RETRIES
    )
      fail('retries', `must be an integer from 0 to ${WEBHOOK_TOOL_LIMITS.MAX_RETRIES}`);
    else if (
      (retries as number) > 0 &&
      !IDEMPOTENT_METHODS.includes(method as WebhookMethod) &&
      idempotencyKey !== true
    )
      fail(
        'retries',
        `a ${String(method)} is retried only when the endpoint honours idempotency-key (idempotency_key: true)`,
      );
  }

  const bytes = webhook.max_response_bytes;
  if (
    bytes !== undefined &&
    !(
      Number.isInteger(bytes) &&
      (bytes as number) >= 256 &&
      (bytes as number) <= WEBHOOK_TOOL_LIMITS.MAX_RESPONSE_BYTES
    )
  )
    fail(
      'max_response_bytes',
      `must be an integer from 256 to ${WEBHOOK_TOOL_LIMITS.MAX_RESPONSE_BYTES}`,
    );

  for (const key of Object.keys(webhook))
    if (!WEBHOOK_SETTING_KEYS.has(key)) fail(key, 'is not a webhook setting');
  return problems;
}

const WEBHOOK_SETTING_KEYS = new Set([
  'method',
  'url',
  'headers',
  'timeout_s',
  'retries',
  'idempotency_key',
  'max_response_bytes',
]);

/** The body of the agent's request to run a webhook tool. */
export interface WebhookToolCallRequest {
  /** The arguments the model gave. */
  arguments: Record<string, unknown>;
  /** The model's tool call id: the `idempotency-key` of every attempt of this call. */
  tool_call_id?: string;
}
