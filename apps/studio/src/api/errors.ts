/**
 * A failed API call: its HTTP status, the message the API answered, and the field it names. The
 * API's 400s read `<path>: <message>` (`features.0.type: Invalid string`), so a form can put the
 * message under the field it is about.
 */
export class ApiError extends Error {
  /** The dotted path of the field the API named, or undefined when the error is not a field's. */
  readonly field: string | undefined;
  /** The message without the field path. */
  readonly detail: string;

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
    const parsed = status === 400 ? /^([\w.]+): (.+)$/s.exec(message) : null;
    this.field = parsed?.[1] === 'body' ? undefined : parsed?.[1];
    this.detail = parsed?.[2] ?? message;
  }
}

/** What openapi-fetch answers for one call. */
interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/**
 * The answer's data, or an {@link ApiError} thrown with the API's `{ error }` message, so TanStack
 * Query sees failures as failures.
 */
export async function unwrap<Data>(call: Promise<FetchResult<Data>>): Promise<Data> {
  let result: FetchResult<Data>;
  try {
    result = await call;
  } catch (error) {
    throw new ApiError(0, `the API does not answer (${(error as Error).message})`);
  }
  if (result.response.ok) return result.data as Data;
  const body = result.error as { error?: unknown } | undefined;
  const message =
    typeof body?.error === 'string'
      ? body.error
      : `${result.response.status} ${result.response.statusText}`;
  throw new ApiError(result.response.status, message);
}

/** The message to show for any error a query or mutation failed with. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return error.field ? `${error.field}: ${error.detail}` : error.detail;
  return error instanceof Error ? error.message : String(error);
}
