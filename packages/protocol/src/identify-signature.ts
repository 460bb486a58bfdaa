// Signed identify: the business's backend vouches for a visitor's `external_id` with its
// application's secret, so a page cannot claim another visitor's id (and read their cart). The
// signature is computed here once, with WebCrypto, so the API that checks it and the backend that
// makes it (Node 18+, or any runtime with WebCrypto) agree byte for byte.

/** What the signature covers: the expiry and the external id, in that order. */
export function identifySignedText(externalId: string, expiresAt: number): string {
  return `${expiresAt}.${externalId}`;
}

/**
 * The signature of `externalId`, valid until `expiresAt` (Unix seconds), under an application's
 * identify secret: HMAC-SHA256 of {@link identifySignedText}, base64url without padding. Run it
 * on the business's backend only: the secret must never reach a page.
 *
 * @example
 * const expiresAt = Math.floor(Date.now() / 1000) + 600;
 * const signature = await signExternalId(process.env.SVC_IDENTIFY_SECRET!, user.id, expiresAt);
 * // hand { externalId: user.id, signature, expiresAt } to the page, which passes them to start()
 */
export async function signExternalId(
  secret: string,
  externalId: string,
  expiresAt: number,
): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign(
      'HMAC',
      key,
      encoder.encode(identifySignedText(externalId, expiresAt)),
    ),
  );
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
