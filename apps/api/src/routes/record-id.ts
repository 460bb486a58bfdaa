import { z } from 'zod';

/**
 * The largest record id: ids are 32-bit integers on PostgreSQL, which fails a query comparing one
 * with a larger number (a 500). Such an id names nothing, so the schemas refuse it (400) before
 * any query. A refinement, not `.max()`, so the OpenAPI document and the studio's generated client
 * stay as they are.
 */
export const MAX_ID = 2_147_483_647;

const inRange = [(id: number) => id <= MAX_ID, { message: `at most ${MAX_ID}` }] as const;

/** A record id in a body. */
export const recordId = z
  .number()
  .int()
  .positive()
  .refine(...inRange);

/** A record id in a path or a query string. */
export const recordIdParam = z.coerce
  .number()
  .int()
  .positive()
  .refine(...inRange);
