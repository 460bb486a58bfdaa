import type { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { VisitorTokenClaims } from '@svc/protocol';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** A signing key with its id (the JWT `kid` header). */
export interface SigningKey {
  kid: string;
  secret: string;
}

/** Signs and checks visitor tokens. */
export interface TokenService {
  /** Lifetime of a visitor token, seconds. */
  readonly lifetimeSeconds: number;
  sign(claims: Omit<VisitorTokenClaims, 'iat' | 'exp'>): Promise<string>;
  /** The claims of a valid token; throws on a bad signature, an unknown key or an expired token. */
  verify(token: string): Promise<VisitorTokenClaims>;
}

const ISSUER = 'svc';
const AUDIENCE = 'svc:visitor';

/**
 * Visitor tokens signed with HS256 under the current key. Tokens signed with the previous key stay
 * valid until they expire, so rotating the key logs nobody out.
 */
export function createTokenService(
  current: SigningKey,
  previous?: SigningKey,
  lifetimeSeconds = 86_400,
): TokenService {
  // Imported once as WebCrypto keys: jose would import raw bytes again on every call.
  const keys = new Map(
    [current, ...(previous ? [previous] : [])].map((key) => [
      key.kid,
      crypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(key.secret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign', 'verify'],
      ),
    ]),
  );
  return {
    lifetimeSeconds,
    sign: async (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', kid: current.kid })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(await (keys.get(current.kid) as Promise<webcrypto.CryptoKey>)),
    async verify(token) {
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          const key = header.kid ? keys.get(header.kid) : undefined;
          if (!key) throw new Error('unknown signing key');
          return key;
        },
        { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] },
      );
      return payload as JWTPayload & VisitorTokenClaims;
    },
  };
}

/** The visitor of a request's `Authorization: Bearer` visitor token; 401 otherwise. */
export async function authenticateVisitor(
  tokens: TokenService,
  request: FastifyRequest,
): Promise<VisitorTokenClaims & { visitorId: number }> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new HttpError(401, 'missing Bearer token');
  const claims = await tokens.verify(header.slice('Bearer '.length).trim()).catch(() => {
    throw new HttpError(401, 'invalid or expired token');
  });
  return { ...claims, visitorId: Number(claims.sub) };
}
