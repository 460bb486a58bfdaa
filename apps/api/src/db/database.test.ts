import { describe, expect, it } from 'vitest';
import { isConnectionError } from './database.js';

describe('isConnectionError', () => {
  it('tells a database out of reach from a query that is wrong', () => {
    const withCode = (code: string, message = 'failed') =>
      Object.assign(new Error(message), { code });
    // Refused, cut, the server shutting down (57P01) or still starting (57P03), class 08.
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006'])
      expect(isConnectionError(withCode(code))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    // A unique violation, a syntax error, a non-error: the query's own fault.
    for (const code of ['23505', '42601']) expect(isConnectionError(withCode(code))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});
