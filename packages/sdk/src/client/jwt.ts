import { EXPIRY_BUFFER_SECONDS } from '@svc/protocol';

/** Decodes the claims of a JWT without verifying it; null for anything malformed. */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const part = typeof token === 'string' ? token.split('.')[1] : undefined;
  if (!part) return null;
  try {
    // atob takes base64 without its padding; it gives one char per byte, and TextDecoder turns
    // the bytes back into UTF-8 text.
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` claim of a JWT (Unix seconds), or null when absent or malformed. Never throws. */
export function getJWTExpiry(token: string): number | null {
  const exp = decodeJwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/**
 * True when a JWT is expired or within `EXPIRY_BUFFER_SECONDS` (90 s) of expiry; malformed tokens
 * and tokens without `exp` count as expired. Checked locally, with no server round trip.
 */
export function isTokenExpired(token: string): boolean {
  const exp = getJWTExpiry(token);
  return exp === null || exp - EXPIRY_BUFFER_SECONDS <= Date.now() / 1000;
}

/** Reads a numeric claim, accepting a numeric string too. */
export function numericClaim(token: string, claim: string): number | null {
  const value = decodeJwtClaims(token)?.[claim];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** The company id of a visitor JWT (its `company_id` claim), or null. Never throws. */
export function getCompanyIdFromToken(token: string): number | null {
  return numericClaim(token, 'company_id');
}
