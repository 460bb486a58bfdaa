/** The readable reason of a failure, for the messages of `SvcError`s and tool answers. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
