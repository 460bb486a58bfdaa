import type {
  ErrorBody,
  Identity,
  IdentifyRequest,
  SessionCredentials,
  SessionRequest,
  StoredIdentity,
} from '../identity.js';
import {
  define,
  nonEmptyString,
  number,
  object,
  oneOf,
  record,
  string,
  unknownValue,
} from './reader.js';

const mode = oneOf(['audio', 'text']);

/** Parses the response of identify. */
export const parseIdentity = define<Identity>(
  object({
    user_token: nonEmptyString,
    user_id: number,
    application_id: number,
    expires_in: number,
  }),
);

/** Parses the response of session start. */
export const parseSessionCredentials = define<SessionCredentials>(
  object({ rt_token: nonEmptyString, rt_url: nonEmptyString, expires_in: number }),
);

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

/** Parses the identity blob the client stores. */
export const parseStoredIdentity = define<StoredIdentity>(
  object({
    user_token: nonEmptyString,
    user_id: number,
    application_id: number,
    external_id: nonEmptyString,
  }),
);
