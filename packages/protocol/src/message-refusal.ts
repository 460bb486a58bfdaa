/**
 * The `event:fire` name the agent sends when it refuses a message from the visitor (too many,
 * or too large): the message is dropped, never queued, and the page can say so.
 */
export const MESSAGE_REFUSED_EVENT = 'svc.message_refused';

/** The `data` of a {@link MESSAGE_REFUSED_EVENT} event. */
export interface MessageRefusal {
  /** The topic of the refused message (`rt.chat` for a typed one). */
  topic: string;
  /** `rate_limited`: past the visitor's messages a minute; `too_large`: past the size limit. */
  reason: 'rate_limited' | 'too_large';
  /** When a message would get through again, ms; with `rate_limited`. */
  retry_after_ms?: number;
}
