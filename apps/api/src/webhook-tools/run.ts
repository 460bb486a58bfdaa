// Runs one webhook tool call for the agent: the URL filled from the arguments, the headers from
// the company's secrets, the request signed, sent through the guarded fetch, and the answer cut
// to the tool's cap. Every outcome is a `ToolResult` the agent gives the model; nothing here
// throws, and nothing takes longer than the tool's timeout.
import {
  BODY_METHODS,
  IDEMPOTENT_METHODS,
  SECRET_REFERENCE,
  referencedSecrets,
  WEBHOOK_TOOL_LIMITS,
  type ToolResult,
  type WebhookToolSettings,
} from '@svc/protocol/agent';
import { signWebhook, SIGNATURE_HEADER, WebhookError } from '@svc/webhooks';
import { cappedRequest, type CappedResponse, type FetchLike } from '@svc/webhooks/outbound';
import type { CompanySecrets } from './company-secrets.js';
import type { SigningSecrets } from './signing-secrets.js';

/** One call to run. */
export interface WebhookToolCall {
  companyId: number;
  /** The tool's name, for the model's sentences. */
  name: string;
  settings: WebhookToolSettings;
  arguments: Record<string, unknown>;
  /** Stays the same over the attempts of one call: the endpoint deduplicates by it. */
  idempotencyKey: string;
}

/** What the runner calls with. */
export interface WebhookToolRunnerDeps {
  /** The guarded fetch (`@svc/webhooks/outbound`). */
  fetch: FetchLike;
  secrets: CompanySecrets;
  signing: SigningSecrets;
  /** The pause before the first retry, doubling after (default 100 ms). */
  retryDelayMs?: number;
}

/** Runs webhook tool calls. */
export interface WebhookToolRunner {
  run(call: WebhookToolCall): Promise<ToolResult>;
}

const USER_AGENT = 'Svc-Webhooks/1';

/** A path part's placeholder, as `webhook-tools.ts` of the protocol reads them. */
const PATH_ARGUMENT = /\{([A-Za-z_][\w-]{0,63})\}/g;

/** A value as it goes into a URL: text as is, anything else as JSON. */
const urlText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Whether an answer may be different when asked again. */
const transientStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** The request a call becomes, or the sentence why it cannot be made. */
function requestOf(
  call: WebhookToolCall,
): { url: URL; body: string | undefined; signed: string } | { problem: string } {
  const { settings } = call;
  const used = new Set<string>();
  let missing: string | undefined;
  const filled = settings.url.replace(PATH_ARGUMENT, (_match, name: string) => {
    const value = call.arguments[name];
    if (value === undefined || value === null || value === '') missing ??= name;
    used.add(name);
    return encodeURIComponent(urlText(value ?? ''));
  });
  if (missing) return { problem: `the argument ${missing} is needed for the address` };
  const url = new URL(filled);
  if (BODY_METHODS.includes(settings.method)) {
    const body = JSON.stringify(call.arguments);
    return { url, body, signed: body };
  }
  for (const [name, value] of Object.entries(call.arguments))
    if (!used.has(name) && value !== undefined) url.searchParams.append(name, urlText(value));
  // Without a body the signature covers what carries the arguments: the path and the query.
  return { url, body: undefined, signed: `${url.pathname}${url.search}` };
}

/** The answer as the model reads it: JSON when it is whole JSON, else text. */
function answerOf(response: CappedResponse): unknown {
  const text = new TextDecoder().decode(response.bytes);
  if (!response.truncated && /json/i.test(response.headers.get('content-type') ?? ''))
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  return text;
}

/** A short view of a failed answer's body, for the model (an endpoint's own error message). */
function detailOf(response: CappedResponse): string {
  const text = new TextDecoder().decode(response.bytes.subarray(0, 300)).trim();
  return text ? `: ${text}` : '';
}

/** The runner over the guarded fetch and the company's stores. */
export function createWebhookToolRunner(deps: WebhookToolRunnerDeps): WebhookToolRunner {
  return {
    async run(call) {
      const { settings, name } = call;
      const started = Date.now();
      const timeoutMs = (settings.timeout_s ?? WEBHOOK_TOOL_LIMITS.DEFAULT_TIMEOUT_S) * 1000;
      const deadline = started + timeoutMs;
      const failed = (reason: string): ToolResult => ({
        ok: false,
        error: `${name} did not go through: ${reason}`,
      });

      const request = requestOf(call);
      if ('problem' in request) return failed(request.problem);
      const [keys, opened] = await Promise.all([
        deps.signing.keys(call.companyId),
        deps.secrets.open(call.companyId, referencedSecrets(settings)),
      ]);
      if (keys.length === 0)
        return failed('the business has not created its webhook signing key yet');
      const headers: Record<string, string> = {};
      for (const [header, template] of Object.entries(settings.headers ?? {})) {
        let absent: string | undefined;
        headers[header] = template.replace(SECRET_REFERENCE, (_match, secret: string) => {
          const value = opened.get(secret);
          if (value === undefined) absent ??= secret;
          return value ?? '';
        });
        // The name only: the model and the logs never see a value.
        if (absent) return failed(`the business's secret ${absent} is missing`);
      }

      const retryable =
        IDEMPOTENT_METHODS.includes(settings.method) || settings.idempotency_key === true;
      const attempts = 1 + (retryable ? (settings.retries ?? 0) : 0);
      const maxBytes = settings.max_response_bytes ?? WEBHOOK_TOOL_LIMITS.DEFAULT_RESPONSE_BYTES;
      let lastFailure = `the business's server did not answer within ${timeoutMs / 1000} s`;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        if (attempt > 0) {
          const pause = (deps.retryDelayMs ?? 100) * 2 ** (attempt - 1);
          if (Date.now() + pause >= deadline) break;
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) break;
        try {
          const response = await cappedRequest(deps.fetch, {
            url: request.url.toString(),
            method: settings.method,
            headers: {
              ...headers,
              ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
              accept: 'application/json, text/plain;q=0.9, */*;q=0.1',
              'user-agent': USER_AGENT,
              'idempotency-key': call.idempotencyKey,
              // Signed at each attempt: a retry carries a fresh time.
              [SIGNATURE_HEADER]: signWebhook(request.signed, keys),
            },
            ...(request.body !== undefined ? { body: request.body } : {}),
            timeoutMs: remaining,
            maxBytes,
          });
          if (response.status >= 200 && response.status < 300) {
            return {
              ok: true,
              result: answerOf(response),
              ...(response.truncated
                ? { note: `The answer was longer than ${maxBytes} bytes; this is its beginning.` }
                : {}),
            };
          }
          lastFailure = `the business's server answered ${response.status}${detailOf(response)}`;
          if (!transientStatus(response.status)) break;
        } catch (error) {
          if (WebhookError.isInstance(error)) {
            if (error.code === 'TIMEOUT') {
              lastFailure = `the business's server did not answer within ${timeoutMs / 1000} s`;
              break;
            }
            // A refused address stays refused: asking again would only ask the same.
            lastFailure = `its address is not one the platform calls (${error.message})`;
            break;
          }
          lastFailure = `the business's server could not be reached (${causeOf(error)})`;
        }
      }
      return failed(lastFailure);
    },
  };
}

/** What a network failure was (undici hides it in `cause`): a code such as ECONNREFUSED. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
