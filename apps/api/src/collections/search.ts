import { MEANING_SEARCH_LANGUAGES } from '@svc/protocol/agent';
import type { FilterValue } from '@svc/protocol/content';
import { sql, type RawBuilder } from 'kysely';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import type { FilterField, Item } from './collection.js';
import { ENGLISH_STOP_WORDS } from '../stop-words.js';
import type { ItemMeaning } from './meaning.js';
import {
  phraseHead,
  searchLanguage,
  stemWords,
  TEXT_SEARCH_CONFIGURATIONS,
  type SearchLanguage,
} from './search-language.js';

/** One filter value: the content routes' shape, declared once in the protocol. */
export type { FilterValue };

/** A search in one collection. */
export interface SearchQuery {
  collectionId: number;
  /** The collection's language (a BCP-47 tag): how the query's words are stemmed and folded. */
  language: string;
  /** Free text; empty lists the items in their stored order. */
  query?: string | undefined;
  /** By filter key; only keys of the collection's filter fields are accepted. */
  filters?: Record<string, FilterValue> | undefined;
  filterFields: FilterField[];
  limit: number;
  /** A numeric field of the items to order by first ("the two lightest"); items without it last. */
  sort?: SearchSort | undefined;
}

/** An order of the results by a numeric field of the items' data. */
export interface SearchSort {
  /** The field's path in an item's data, dot-separated (`weight_g`, `specs.weight`). */
  field: string;
  order: 'asc' | 'desc';
}

/**
 * What an item row stores for the index besides `search_text`, by dialect: SQLite the stems of a
 * language FTS5 cannot stem (`search_stems`, empty for English), PostgreSQL the language its
 * `search_vector` is computed in (`search_language`).
 */
export type IndexColumns = { search_stems: string } | { search_language: SearchLanguage };

/** Full-text search with filters over a collection's items, one interface for both dialects. */
export interface ItemSearch {
  search(query: SearchQuery): Promise<Item[]>;
  /** The index columns of an item row in a collection of `language`, for its search text. */
  indexColumns(language: string, searchText: string): IndexColumns;
}

/** The words of a free-text query; punctuation and operators never reach the index. */
export function queryTerms(text: string | undefined): string[] {
  return (
    (text ?? '')
      // Composed, so a decomposed accent does not split a word.
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 16) ?? []
  );
}

/** Dialect-specific pieces of the search query. */
interface Dialect {
  /** Reads a field as text (booleans as `true`/`false`), or null. */
  text(path: string[]): RawBuilder<unknown>;
  /** Reads a numeric field as a number, or null when it is not a number. */
  number(path: string[]): RawBuilder<unknown>;
  /** See {@link ItemSearch.indexColumns}. */
  indexColumns(language: SearchLanguage, searchText: string): IndexColumns;
  /** The free-text match of any of the words in a language, and its rank (lower sorts first). */
  fullText(
    terms: string[],
    language: SearchLanguage,
  ): {
    join: RawBuilder<unknown>;
    where: RawBuilder<unknown>;
    rank: RawBuilder<unknown>;
  };
  /**
   * Whether an item's text has one word (prefix-matched, stemmed as the index is), as a condition
   * of its own that may stand inside an `or`. A word the language's configuration drops (a stop
   * word) holds for every item.
   */
  hasWord(word: string, language: SearchLanguage): RawBuilder<unknown>;
}

const sqlite: Dialect = {
  text: (path) =>
    sql`(case json_type(i.data, ${'$.' + path.join('.')})
      when 'true' then 'true' when 'false' then 'false'
      else cast(json_extract(i.data, ${'$.' + path.join('.')}) as text) end)`,
  number: (path) =>
    sql`(case when json_type(i.data, ${'$.' + path.join('.')}) in ('integer', 'real')
      then json_extract(i.data, ${'$.' + path.join('.')}) end)`,
  fullText: (terms, language) => {
    // OR of prefix terms: every word helps, items matching more words rank first (bm25).
    const match = (words: string[]) => [...new Set(words)].map((word) => `"${word}"*`).join(' OR ');
    if (language === 'en') {
      return {
        join: sql`join collection_items_fts f on f.rowid = i.id`,
        where: sql`collection_items_fts match ${match(terms)}`,
        rank: sql`bm25(collection_items_fts)`,
      };
    }
    // Other languages are stemmed here, as their items' `search_stems` were.
    return {
      join: sql`join collection_items_stems_fts f on f.rowid = i.id`,
      where: sql`collection_items_stems_fts match ${match(stemWords(terms.join(' '), language))}`,
      rank: sql`bm25(collection_items_stems_fts)`,
    };
  },
  hasWord: (word, language) => {
    // FTS5's MATCH cannot stand inside an `or`; a subquery of the index by row id can.
    if (language === 'en') {
      return sql`i.id in (select rowid from collection_items_fts
        where collection_items_fts match ${`"${word}"*`})`;
    }
    const stems = stemWords(word, language);
    if (stems.length === 0) return sql`1 = 1`;
    return sql`i.id in (select rowid from collection_items_stems_fts
      where collection_items_stems_fts match ${stems.map((stem) => `"${stem}"*`).join(' AND ')})`;
  },
  indexColumns: (language, searchText) => ({
    search_stems: stemWords(searchText, language).join(' '),
  }),
};

const postgres: Dialect = {
  text: (path) => sql`(i.data::jsonb #>> ${path}::text[])`,
  number: (path) =>
    sql`(case when jsonb_typeof(i.data::jsonb #> ${path}::text[]) = 'number'
      then (i.data::jsonb #>> ${path}::text[])::numeric end)`,
  fullText: (terms, language) => {
    // The configuration the rows' `search_vector` was computed in (migration 012).
    const query = sql`to_tsquery(${TEXT_SEARCH_CONFIGURATIONS[language]}::regconfig,
      ${terms.map((term) => `${term}:*`).join(' | ')})`;
    return {
      join: sql``,
      where: sql`i.search_vector @@ ${query}`,
      rank: sql`-ts_rank(i.search_vector, ${query})`,
    };
  },
  hasWord: (word, language) => {
    const query = sql`to_tsquery(${TEXT_SEARCH_CONFIGURATIONS[language]}::regconfig, ${`${word}:*`})`;
    // A stop word of the configuration ("de") leaves an empty query, which matches nothing.
    return sql`(numnode(${query}) = 0 or i.search_vector @@ ${query})`;
  },
  indexColumns: (language) => ({ search_language: language }),
};

/** The SQL condition of one filter, or a 400 naming what is wrong. */
function filterCondition(
  dialect: Dialect,
  field: FilterField,
  value: FilterValue,
): RawBuilder<unknown> {
  const path = field.filter_key.split('.');
  if (field.field_type === 'number') {
    if (typeof value === 'number') return sql`${dialect.number(path)} = ${value}`;
    if (typeof value === 'object' && !Array.isArray(value)) {
      const parts: RawBuilder<unknown>[] = [];
      if (typeof value.min === 'number') parts.push(sql`${dialect.number(path)} >= ${value.min}`);
      if (typeof value.max === 'number') parts.push(sql`${dialect.number(path)} <= ${value.max}`);
      if (parts.length > 0) return sql.join(parts, sql` and `);
    }
    throw new HttpError(400, `filters.${field.filter_key}: expected a number or { min, max }`);
  }
  if (field.field_type === 'boolean') {
    if (typeof value !== 'boolean')
      throw new HttpError(400, `filters.${field.filter_key}: expected true or false`);
    return sql`${dialect.text(path)} = ${String(value)}`;
  }
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0 || values.some((v) => typeof v === 'object')) {
    throw new HttpError(400, `filters.${field.filter_key}: expected a value or a list of values`);
  }
  if (field.field_type === 'enum' && field.enum_options) {
    const allowed = new Set(field.enum_options.map((option) => option.value));
    const unknown = values.find((v) => !allowed.has(String(v)));
    if (unknown !== undefined)
      throw new HttpError(400, `filters.${field.filter_key}: unknown option ${String(unknown)}`);
  }
  return sql`${dialect.text(path)} in (${sql.join(values.map(String))})`;
}

/**
 * The similarity (MiniLM's) from which an item is taken to be what a query means. Chosen on the
 * needs of the understanding sets' dev parts and on asks the demo shop has nothing for: "roomier
 * for two people" finds the two-person tents at 0.29; "pizza", "dog food", "a laptop charger" or
 * "a xylophone" find nothing above 0.25 among outdoor gear, and answer as nothing found.
 */
export const MEANING_FLOOR = 0.27;

/**
 * The same for the multilingual model of French, Spanish and German collections (Universal
 * Sentence Encoder Multilingual, whose similarities run lower). Chosen on the French, Spanish and
 * German dev needs (their catalogue's best items at 0.19-0.28) and on asks the demo shop has nothing
 * for in those languages (a pizza, a laptop charger, a xylophone, the price of shipping, opening
 * hours: 0.05-0.17; dog food reaches 0.18-0.19, as a kettle and a bottle).
 */
export const MULTILINGUAL_MEANING_FLOOR = 0.18;

/**
 * The reciprocal rank fusion's constant, and the weight of the words' ranking against meaning's
 * 1: the words only order items meaning finds near each other (a brand or colour named among
 * unknown words), since the words the items contain are the generic ones ("water", "trail").
 */
const FUSION_K = 5;
const TEXT_WEIGHT = 0.25;

/** The words of a query that may describe something: no number, no English stop word, once each. */
function describingWords(terms: string[]): string[] {
  return [...new Set(terms)].filter((term) => !/\d/.test(term) && !ENGLISH_STOP_WORDS.has(term));
}

/**
 * Whether a query's word names a yes-or-no field: it begins a word of the field's label or key, as
 * the index prefix-matches ("waterproof" names Waterproof; "stock" names In stock), after the
 * language's stemming.
 */
function namesField(word: string, field: FilterField, language: SearchLanguage): boolean {
  const stem = (text: string) => (language === 'en' ? queryTerms(text) : stemWords(text, language));
  const [said] = stem(word);
  if (!said) return false;
  return stem(`${field.name} ${field.filter_key.replace(/[._]/g, ' ')}`).some((named) =>
    named.startsWith(said),
  );
}

/** Whether a query's words describe something: two or more {@link describingWords}. */
function described(terms: string[]): boolean {
  return describingWords(terms).length >= 2;
}

/**
 * The similarity (MiniLM's) from which a description means a yes-or-no field's label: "stays dry
 * in a storm" or "wet weather" are 0.47-0.60 from "Waterproof", "available today" 0.48 from "In
 * stock"; "for the beach" (0.41), "light" (0.36) or "cheap" (0.29-0.34) are below it. The
 * multilingual model of the other languages puts single-word labels as near to unrelated words
 * ("ligera" 0.39 from "Impermeable") as to descriptions of them ("que no se moje" 0.11), so
 * those collections are not read this way.
 */
export const FLAG_FLOOR = 0.45;

/** How many of the best by meaning a sort by field orders ("the cheapest thing to boil water on"). */
const SORTED_POOL = 20;

/** What the search may use besides the index. */
export interface ItemSearchOptions {
  /**
   * Ranks items by meaning when a query has words no item of the collection contains; without it
   * (or when its model cannot load) such a query is searched by its words alone.
   */
  meaning?: ItemMeaning | undefined;
  /** Told when meaning could not be used and the words alone answered. */
  onMeaningError?: ((error: unknown) => void) | undefined;
}

/** The search for a database's dialect: FTS5 on SQLite, tsvector on PostgreSQL. */
export function createItemSearch(
  database: OpenDatabase,
  options: ItemSearchOptions = {},
): ItemSearch {
  const dialect = database.dialect === 'postgres' ? postgres : sqlite;
  const { meaning } = options;

  /**
   * The words of `terms` no item of the collection contains. Words with digits and English stop
   * words never count ("to", "for": PostgreSQL's configuration drops them from every query).
   */
  async function unmatched(
    collectionId: number,
    terms: string[],
    language: SearchLanguage,
  ): Promise<string[]> {
    const words = describingWords(terms);
    if (words.length === 0) return [];
    const found = await sql<Record<string, number | null>>`select ${sql.join(
      words.map((word, index) => {
        const text = dialect.fullText([word], language);
        return sql`(select 1 from collection_items i ${text.join}
          where i.collection_id = ${collectionId} and ${text.where} limit 1) as ${sql.ref(`t${index}`)}`;
      }),
    )}`.execute(database.db);
    const row = found.rows[0] ?? {};
    return words.filter((_, index) => row[`t${index}`] == null);
  }

  /**
   * The search by meaning: the items the filters let through, ranked by how near they are to the
   * query, the words' ranking fused in; a sort by field orders the best few. Undefined when
   * meaning is not available, so the words answer.
   */
  async function byMeaning(
    query: SearchQuery,
    conditions: RawBuilder<unknown>[],
    text: ReturnType<Dialect['fullText']>,
  ): Promise<Item[] | undefined> {
    if (!meaning) return undefined;
    const candidates = await sql<{ id: number }>`
      select i.id from collection_items i where ${sql.join(conditions, sql` and `)} order by i.id`.execute(
      database.db,
    );
    let meant;
    try {
      const english = searchLanguage(query.language) === 'en';
      meant = await meaning.rank(
        candidates.rows.map((row) => Number(row.id)),
        query.query ?? '',
        english ? MEANING_FLOOR : MULTILINGUAL_MEANING_FLOOR,
        query.language,
      );
    } catch (error) {
      options.onMeaningError?.(error);
      return undefined;
    }
    const worded = await sql<{ id: number }>`
      select i.id from collection_items i ${text.join}
      where ${sql.join([...conditions, text.where], sql` and `)}
      order by ${text.rank}, i.id limit ${Math.max(50, query.limit)}`.execute(database.db);
    const scores = new Map<number, number>();
    meant.forEach(({ rowId }, rank) => scores.set(rowId, 1 / (FUSION_K + rank + 1)));
    worded.rows.forEach(({ id }, rank) => {
      const rowId = Number(id);
      // Only items meaning found: a word that matches an item says nothing of what is meant.
      const score = scores.get(rowId);
      if (score !== undefined) scores.set(rowId, score + TEXT_WEIGHT / (FUSION_K + rank + 1));
    });
    const fused = [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([rowId]) => rowId);
    // A sort, or a yes-or-no field the words may mean, orders more than the page shows.
    const pool = fused.slice(0, Math.max(SORTED_POOL, query.limit));
    if (pool.length === 0) return [];
    const rows = await sql<{ id: number; item_id: string; data: string }>`
      select i.id, i.item_id, i.data from collection_items i where i.id in (${sql.join(pool)})`.execute(
      database.db,
    );
    const byId = new Map(rows.rows.map((row) => [Number(row.id), row]));
    const items = pool.flatMap((rowId) => {
      const row = byId.get(rowId);
      return row
        ? [{ id: row.item_id, data: JSON.parse(row.data) as Record<string, unknown> }]
        : [];
    });
    const ordered = query.sort ? sortedBy(items, query.sort) : items;
    return (await withMeantFlagsFirst(ordered, query)).slice(0, query.limit);
  }

  /**
   * Items that have every yes-or-no field the query describes ("a tent that stays dry in a
   * storm": Waterproof) first, each part in its order: a preference, not a filter, so that a
   * description read as a field never hides what meaning found.
   */
  async function withMeantFlagsFirst(items: Item[], query: SearchQuery): Promise<Item[]> {
    if (!meaning || searchLanguage(query.language) !== 'en' || !query.query) return items;
    const flags = query.filterFields.filter(
      (field) => field.field_type === 'boolean' && query.filters?.[field.filter_key] === undefined,
    );
    if (flags.length === 0) return items;
    let near: number[];
    try {
      near = await meaning.similarities(
        query.query,
        flags.map((field) => field.name),
        query.language,
      );
    } catch (error) {
      options.onMeaningError?.(error);
      return items;
    }
    const meant = flags.filter((_, index) => (near[index] ?? 0) >= FLAG_FLOOR);
    if (meant.length === 0) return items;
    const has = (item: Item) =>
      meant.every((field) => {
        const value = valueAt(item.data, field.filter_key.split('.'));
        return value === true || value === 'true';
      });
    return [...items.filter(has), ...items.filter((item) => !has(item))];
  }

  return {
    indexColumns: (language, searchText) =>
      dialect.indexColumns(searchLanguage(language), searchText),
    async search(query) {
      const { collectionId, language, filters, filterFields, limit, sort } = query;
      const conditions: RawBuilder<unknown>[] = [sql`i.collection_id = ${collectionId}`];
      for (const [key, value] of Object.entries(filters ?? {})) {
        const field = filterFields.find((candidate) => candidate.filter_key === key);
        if (!field) throw new HttpError(400, `filters.${key}: not a filter of this collection`);
        conditions.push(filterCondition(dialect, field, value));
      }
      const terms = queryTerms(query.query);
      const words = searchLanguage(language);
      const text = terms.length > 0 ? dialect.fullText(terms, words) : undefined;
      // Languages no model reads keep to their words. One word is a name or a kind, not a
      // description: what no item holds ("ada", "xylophone") is not there.
      if (text && meaning && MEANING_SEARCH_LANGUAGES.includes(words) && described(terms)) {
        if ((await unmatched(collectionId, terms, words)).length > 0) {
          const meant = await byMeaning(query, conditions, text);
          if (meant) return meant;
        }
      }
      // A field sort goes first and the text rank breaks its ties; items without a number last.
      const sorted = sort ? dialect.number(sort.field.split('.')) : undefined;
      const byField = sorted
        ? sql`(${sorted} is null), ${sorted} ${sql.raw(sort?.order === 'desc' ? 'desc' : 'asc')}, `
        : sql``;
      const found = async (match: typeof text) => {
        const result = await sql<{ item_id: string; data: string }>`
          select i.item_id, i.data from collection_items i ${match?.join ?? sql``}
          where ${sql.join(match ? [...conditions, match.where] : conditions, sql` and `)}
          order by ${byField}${match ? sql`${match.rank}, ` : sql``}i.id
          limit ${limit}`.execute(database.db);
        return result.rows.map((row) => ({
          id: row.item_id,
          data: JSON.parse(row.data) as Record<string, unknown>,
        }));
      };
      // "Rain jacket": the items with every word the visitor said, when some have them all; a
      // fleece jacket only shares a word of it. A word that names a yes-or-no field of the
      // collection is had by an item whose field is true ("waterproof boots": a winter boot whose
      // Waterproof is yes). Else any word helps, the most words first.
      const describing = describingWords(terms);
      if (text && describing.length >= 2) {
        const flags = filterFields.filter(
          (field) => field.field_type === 'boolean' && filters?.[field.filter_key] === undefined,
        );
        const every = describing.map((word) => {
          const has = dialect.hasWord(word, words);
          const named = flags.filter((field) => namesField(word, field, words));
          if (named.length === 0) return has;
          const set = named.map(
            (field) => sql`${dialect.text(field.filter_key.split('.'))} = 'true'`,
          );
          return sql`(${sql.join([has, ...set], sql` or `)})`;
        });
        const everyWord = await found({
          ...text,
          where: sql.join([text.where, ...every], sql` and `),
        });
        if (everyWord.length > 0) return everyWord;
        // "Mountain bikes", of which no item has both words: what has the word of what the thing
        // is (a bike light) before what only shares a word about it (a mountain boot).
        const head = phraseHead(describing, words);
        if (head) {
          const headed = await found({
            ...text,
            where: sql`${text.where} and ${dialect.hasWord(head, words)}`,
          });
          if (headed.length > 0) return headed;
        }
      }
      return found(text);
    },
  };
}

/** The value at a dot-separated path of an item's data. */
function valueAt(data: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = data;
  for (const key of path)
    value =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** Items ordered by a numeric field (stable: ties keep their order), those without it last. */
function sortedBy(items: Item[], sort: SearchSort): Item[] {
  const path = sort.field.split('.');
  const valueOf = (item: Item): number | undefined => {
    const value = valueAt(item.data, path);
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  };
  const sign = sort.order === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : 1) : -1;
    return sign * (x - y);
  });
}
