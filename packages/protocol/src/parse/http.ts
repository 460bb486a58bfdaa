// What the SDK reads: the API's answers and its own stored blob.
import type { Identity, SessionCredentials, StoredIdentity } from '../identity.js';
import { define, nonEmptyString, number, object } from './reader.js';

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

/** Parses the identity blob the client stores. */
export const parseStoredIdentity = define<StoredIdentity>(
  object({
    user_token: nonEmptyString,
    user_id: number,
    application_id: number,
    external_id: nonEmptyString,
  }),
);
