import { z } from 'zod';

/**
 * The largest record id: ids are 32-bit integers on PostgreSQL, which fails a query comparing one
 * with a larger number (a 500). Such an id names nothing, so the schemas refuse it (400) before
 * any query, and the OpenAPI document says so (`maximum`), so a client knows the range.
 */
export const MAX_ID = 2_147_483_647;

/** A record id in a body. */
export const recordId = z.number().int().min(1).max(MAX_ID);

/** A record id in a path or a query string. */
export const recordIdParam = z.coerce.number().int().min(1).max(MAX_ID);
