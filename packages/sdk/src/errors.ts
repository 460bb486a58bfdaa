import type { SvcErrorCode } from '@svc/protocol';

// A registered symbol, so `isInstance` also recognises errors from another copy of the SDK
// (two bundles on one page, or a test double), where `instanceof` would fail.
const MARKER = Symbol.for('svc.error');

/** The one error class of the SDK: a contract error `code`, a message and the underlying cause. */
export class SvcError extends Error {
  /** What failed, from the contract's error codes. */
  readonly code: SvcErrorCode;
  /** HTTP status of the failed API call, when the failure came from the API. */
  readonly status: number | undefined;
  private readonly [MARKER] = true;

  constructor(
    code: SvcErrorCode,
    message: string,
    options: { cause?: unknown; status?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = options.status;
  }

  /** True when `error` is an `SvcError`, from this or any other copy of the SDK. */
  static isInstance(error: unknown): error is SvcError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
