// Signed identify (optional per application): the business's backend signs the visitor's
// `external_id` with the application's identify secret, so a page cannot name another visitor's
// id and read their cart. The secret is shown once, when it is made; the API keeps it to check.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { signExternalId } from '@svc/protocol/identify';
import { HttpError } from './errors.js';

/** A new identify secret: 32 random bytes, base64url, prefixed so a leaked one is recognisable. */
export function newIdentifySecret(): string {
  return `svc_is_${randomBytes(32).toString('base64url')}`;
}

/** What an identify request carries to prove its external id. */
export interface IdentifyProof {
  external_id: string;
  signature?: string | undefined;
  expires_at?: number | undefined;
}

/**
 * Checks an identify against the application's secret; nothing to check when it has none. 401
 * when the signature is missing, expired or wrong.
 */
export async function checkIdentifySignature(
  secret: string | null,
  proof: IdentifyProof,
  now: number = Date.now(),
): Promise<void> {
  if (secret === null) return;
  if (proof.signature === undefined || proof.expires_at === undefined)
    throw new HttpError(
      401,
      'this application requires a signed identify: send signature and expires_at from your backend',
    );
  if (proof.expires_at * 1000 <= now)
    throw new HttpError(401, 'the identify signature has expired; sign the external id again');
  const expected = Buffer.from(await signExternalId(secret, proof.external_id, proof.expires_at));
  const given = Buffer.from(proof.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new HttpError(401, 'the identify signature does not match this external id');
}
