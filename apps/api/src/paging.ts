import { z } from 'zod';

/** One page of a list: at most `limit` records after the first `offset`. */
export interface Page {
  limit: number;
  offset: number;
}

/** The largest page any list answers. */
export const MAX_PAGE = 200;

/**
 * The query parameters of an offset-paged list: `limit` (1-200, default 200, so a list of up to
 * 200 records comes whole in one page) and `offset` (default 0).
 */
export const pageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .default(MAX_PAGE)
    .describe(`Records per page (1-${MAX_PAGE})`),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .default(0)
    .describe('Records to skip: the `next_offset` of the previous page'),
};

/** `next_offset` of a paged answer: null on the last page. */
export const nextOffset = z
  .number()
  .nullable()
  .describe('The `offset` of the next page; null when this page is the last');

/** Rows a store fetches for `page`: one more than the page, to tell whether another follows. */
export const rowsFor = (page: Page) => ({ limit: page.limit + 1, offset: page.offset });

/** The page of `rows` (fetched with {@link rowsFor}) and the offset of the next one. */
export function pageOf<Row>(
  rows: readonly Row[],
  page: Page,
): { rows: Row[]; next_offset: number | null } {
  return {
    rows: rows.slice(0, page.limit),
    next_offset: rows.length > page.limit ? page.offset + page.limit : null,
  };
}
