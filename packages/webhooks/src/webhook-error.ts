/**
 * What went wrong, as a string a caller can switch on:
 * - `SIGNATURE_HEADER_MISSING`: the request carries no signature header.
 * - `SIGNATURE_HEADER_MALFORMED`: the header has no `t=<unix seconds>` or no `v1=<hex>`.
 * - `SIGNATURE_TIMESTAMP_OUTSIDE_TOLERANCE`: the signed time is further from now than the
 *   tolerance (a replayed or very late request, or a clock far off).
 * - `SIGNATURE_MISMATCH`: no `v1` signature matches the body with any of the secrets.
 * - `SECRET_MISSING`: no secret was given to sign or verify with.
 * - `ADDRESS_REFUSED`: an outbound request would reach an address the platform never calls
 *   (loopback, private, link-local, metadata...), or a scheme it does not follow.
 * - `TOO_MANY_REDIRECTS`: an outbound request was redirected more often than allowed.
 * - `TIMEOUT`: an outbound request did not finish (answer and body) within its time.
 */
export type WebhookErrorCode =
  | 'SIGNATURE_HEADER_MISSING'
  | 'SIGNATURE_HEADER_MALFORMED'
  | 'SIGNATURE_TIMESTAMP_OUTSIDE_TOLERANCE'
  | 'SIGNATURE_MISMATCH'
  | 'SECRET_MISSING'
  | 'ADDRESS_REFUSED'
  | 'TOO_MANY_REDIRECTS'
  | 'TIMEOUT';

/** The one error this package throws; `code` says what failed. */
export class WebhookError extends Error {
  /** What failed. */
  readonly code: WebhookErrorCode;

  constructor(code: WebhookErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }

  /** Whether a value is a `WebhookError`, also across two copies of this package. */
  static isInstance(value: unknown): value is WebhookError {
    return (
      value instanceof WebhookError ||
      (value instanceof Error &&
        value.name === 'WebhookError' &&
        typeof (value as { code?: unknown }).code === 'string')
    );
  }
}
