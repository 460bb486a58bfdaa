import { describe, expect, it } from 'vitest';
import { getCompanyIdFromToken, getJWTExpiry, isTokenExpired } from './jwt.js';
import { makeJwt } from './test-server.js';

const now = () => Math.floor(Date.now() / 1000);

describe('JWT helpers', () => {
  it('isTokenExpired is false outside the 90 s buffer and true within it or past expiry', () => {
    expect(isTokenExpired(makeJwt({ exp: now() + 3600 }))).toBe(false);
    expect(isTokenExpired(makeJwt({ exp: now() + 95 }))).toBe(false);
    expect(isTokenExpired(makeJwt({ exp: now() + 89 }))).toBe(true);
    expect(isTokenExpired(makeJwt({ exp: now() - 10 }))).toBe(true);
  });

  it('treats malformed tokens as expired and never throws', () => {
    const bad = ['', 'abc', 'a.b.c', 'a.!!!.c', `x.${btoa('not json')}.y`, `x.${btoa('[1]')}.y`];
    for (const token of [...bad, makeJwt({ sub: '1' }), makeJwt({ exp: 'soon' })]) {
      expect(isTokenExpired(token)).toBe(true);
      expect(getJWTExpiry(token)).toBeNull();
      expect(getCompanyIdFromToken(token)).toBeNull();
    }
    expect(isTokenExpired(undefined as unknown as string)).toBe(true);
  });

  it('decodes base64url without padding and with unicode claims', () => {
    const exp = now() + 1000;
    // Claims whose base64url needs padding and uses "-" and "_".
    for (const name of ['é', 'ab', 'abc', '???>>>', '日本語 🛒']) {
      const token = makeJwt({ exp, name, company_id: 7 });
      expect(token.split('.')[1]).not.toMatch(/[=+/]/);
      expect(getJWTExpiry(token)).toBe(exp);
      expect(getCompanyIdFromToken(token)).toBe(7);
    }
  });

  it('getCompanyIdFromToken reads the company_id claim, as a number or a numeric string', () => {
    expect(getCompanyIdFromToken(makeJwt({ company_id: 42 }))).toBe(42);
    expect(getCompanyIdFromToken(makeJwt({ company_id: '42' }))).toBe(42);
    expect(getCompanyIdFromToken(makeJwt({ company_id: 'acme' }))).toBeNull();
    expect(getCompanyIdFromToken(makeJwt({ companyId: 42 }))).toBeNull();
  });
});
