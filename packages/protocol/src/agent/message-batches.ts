/**
 * Bounds of one `POST .../messages` request: the API refuses a body past either of them (400 for
 * too many messages, 413 for too many bytes), and the agent sizes its batches under both.
 */
export const MESSAGE_BATCH_LIMITS = {
  /** Messages in one request. */
  MAX_MESSAGES: 100,
  /** Bytes of one request's JSON body, UTF-8: the API's body limit. */
  MAX_BODY_BYTES: 256 * 1024,
} as const;
