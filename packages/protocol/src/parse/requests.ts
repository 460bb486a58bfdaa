// What the API reads: request bodies, and the error body every failure answers.
import type { ErrorBody, IdentifyRequest, SessionRequest } from '../identity.js';
import { define, nonEmptyString, object, oneOf, record, string, unknownValue } from './reader.js';

const mode = oneOf(['audio', 'text']);

/** Parses the body of identify. */
export const parseIdentifyRequest = define<IdentifyRequest>(
  object({ scenario_uuid: nonEmptyString, external_id: nonEmptyString }),
);

/** Parses the body of session start. */
export const parseSessionRequest = define<SessionRequest>(
  object(
    { scenario_uuid: nonEmptyString },
    {
      input_mode: mode,
      output_mode: mode,
      language: nonEmptyString,
      resume_conversation_id: nonEmptyString,
      metadata: record(unknownValue),
    },
  ),
);

/** Parses an error response body. */
export const parseErrorBody = define<ErrorBody>(object({ error: string }));
