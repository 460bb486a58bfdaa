// The payload of `event:fire` travels both ways (the page's events to the agent, the agent's
// notices such as a refused message to the page), so its parser is a module of its own: a page
// that reads it does not bundle the parsers of everything else the agent reads.
import type { EventFirePayload } from '../messages.js';
import { define, nonEmptyString, number, object, record, unknownValue } from './reader.js';

/** Parses the payload of topic `event:fire`. */
export const parseEventFirePayload = define<EventFirePayload>(
  object({ name: nonEmptyString, timestamp: number }, { data: record(unknownValue) }),
);
