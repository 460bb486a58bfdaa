// Webhook signatures as Stripe writes them: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
// `<timestamp>.<raw body>`. Signing the time with the body lets a receiver refuse a replayed
// request; several `v1` entries let a sender sign with an old and a new secret while a business
// rotates it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookError } from './webhook-error.js';

/** The request header that carries the signature. */
export const SIGNATURE_HEADER = 'svc-signature';

/** How far (in seconds) a signed time may be from the receiver's clock by default. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** A raw request body: the exact bytes received, before any JSON parsing. */
export type RawBody = string | Uint8Array;

/** One secret, or several while a secret is being rotated. */
export type Secrets = string | readonly string[];

function secretList(secret: Secrets): string[] {
  const list = (typeof secret === 'string' ? [secret] : [...secret]).filter(
    (entry) => entry.length > 0,
  );
  if (list.length === 0) throw new WebhookError('SECRET_MISSING', 'no webhook secret was given');
  return list;
}

function hmacHex(secret: string, timestamp: number, body: RawBody): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('hex');
}

/** Options of `signWebhook`. */
export interface SignOptions {
  /** The signed time in unix seconds (default: now). */
  timestamp?: number;
}

/**
 * The signature header value for a body: `t=<unix seconds>,v1=<hex>`, with one `v1` per secret
 * (pass the new and the old secret while a business rotates its secret).
 *
 * @example
 * ```ts
 * const body = JSON.stringify({ order: 42 });
 * await fetch(url, { method: 'POST', body, headers: { 'svc-signature': signWebhook(body, secret) } });
 * ```
 */
export function signWebhook(body: RawBody, secret: Secrets, options: SignOptions = {}): string {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signatures = secretList(secret).map((entry) => `v1=${hmacHex(entry, timestamp, body)}`);
  return [`t=${timestamp}`, ...signatures].join(',');
}

/** Options of `verifyWebhook`. */
export interface VerifyOptions {
  /** How far (seconds) the signed time may be from now, either way (default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock in unix seconds (default: now). */
  now?: number;
}

/** What a verified signature carried. */
export interface VerifiedWebhook {
  /** The signed time, unix seconds. */
  timestamp: number;
}

/**
 * Checks that `body` was signed by the holder of `secret` within the tolerance, or throws a
 * `WebhookError` whose `code` names what failed. Pass the raw body exactly as received (parse
 * the JSON after verifying), the header value, and one secret or several (during a rotation).
 * Signatures are compared in constant time.
 *
 * @example Node's http module
 * ```ts
 * import { createServer } from 'node:http';
 * import { verifyWebhook, WebhookError } from '@svc/webhooks';
 *
 * createServer(async (request, response) => {
 *   const chunks: Buffer[] = [];
 *   for await (const chunk of request) chunks.push(chunk as Buffer);
 *   const body = Buffer.concat(chunks);
 *   try {
 *     verifyWebhook(body, request.headers['svc-signature'], process.env.SVC_WEBHOOK_SECRET!);
 *   } catch (error) {
 *     response.writeHead(WebhookError.isInstance(error) ? 401 : 500).end();
 *     return;
 *   }
 *   const payload = JSON.parse(body.toString('utf8'));
 *   response.writeHead(200, { 'content-type': 'application/json' });
 *   response.end(JSON.stringify({ received: payload }));
 * }).listen(3000);
 * ```
 *
 * @example Express (keep the raw body: `express.raw`)
 * ```ts
 * app.post('/svc', express.raw({ type: '*\/*' }), (request, response) => {
 *   verifyWebhook(request.body, request.get('svc-signature'), secret);
 *   response.json({ ok: true, payload: JSON.parse(request.body.toString('utf8')) });
 * });
 * ```
 *
 * @example Fastify (keep the raw body with a buffer parser)
 * ```ts
 * app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
 *   done(null, body),
 * );
 * app.post('/svc', async (request) => {
 *   verifyWebhook(request.body as Buffer, request.headers['svc-signature'] as string, secret);
 *   return { ok: true };
 * });
 * ```
 */
export function verifyWebhook(
  body: RawBody,
  header: string | readonly string[] | null | undefined,
  secret: Secrets,
  options: VerifyOptions = {},
): VerifiedWebhook {
  const secrets = secretList(secret);
  const value = Array.isArray(header) ? header.join(',') : (header as string | null | undefined);
  if (!value) throw new WebhookError('SIGNATURE_HEADER_MISSING', 'no signature header');
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of value.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const text = part.slice(separator + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(text)) timestamp = Number(text);
    // Other schemes (v0, a future v2) are ignored, as Stripe's receivers do.
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(text)) candidates.push(text.toLowerCase());
  }
  if (timestamp === undefined || candidates.length === 0)
    throw new WebhookError(
      'SIGNATURE_HEADER_MALFORMED',
      'the signature header needs t=<unix seconds> and at least one v1=<hex sha256>',
    );
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance)
    throw new WebhookError(
      'SIGNATURE_TIMESTAMP_OUTSIDE_TOLERANCE',
      `the signed time is ${now - timestamp} s from now, beyond the ${tolerance} s tolerance`,
    );
  // Every pair is compared, so the time taken does not tell which secret or entry matched.
  let matched = false;
  for (const entry of secrets) {
    const expected = Buffer.from(hmacHex(entry, timestamp, body), 'utf8');
    for (const candidate of candidates) {
      if (timingSafeEqual(expected, Buffer.from(candidate, 'utf8'))) matched = true;
    }
  }
  if (!matched)
    throw new WebhookError(
      'SIGNATURE_MISMATCH',
      'no v1 signature matches the body with the given secret',
    );
  return { timestamp };
}
