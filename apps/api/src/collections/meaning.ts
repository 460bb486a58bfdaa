// Items ranked by meaning: a visitor's words that no item contains ("something to boil water on
// a trail", "I get cold feet at camp") are compared, as a sentence, with each item's search text
// by the embedding model the knowledge base uses. Full text finds what is named; this finds what
// is meant.
// Each item's vector is computed from its search text when first needed and stored in its row with
// the model that computed it (an item changed has it cleared), and kept here by the row's id and
// `updated_at`, so every replica reads what another computed and never compares a stale one.
import type { Embedder } from '@svc/embeddings';
import { MEANING_SEARCH_LANGUAGES } from '@svc/protocol/agent';
import { searchLanguage } from './search-language.js';
import type { OpenDatabase } from '../db/database.js';
import type { SearchColumns } from './collection.js';
import { dot, vectorBytes, vectorFromBytes } from '../vectors.js';

/** The columns migration 020 adds to an item row. */
export type MeaningColumns = {
  collection_items: {
    /** Little-endian 32-bit floats, unit length; null until first needed. */
    embedding: Uint8Array | null;
    /** The model that computed `embedding`: a vector of another model is computed again. */
    embedding_model: string | null;
  };
};

/** An item row ranked by meaning: its row id and its similarity to the query (cosine, -1 to 1). */
export interface MeaningHit {
  rowId: number;
  similarity: number;
}

/** Ranks a collection's item rows by how near their meaning is to a query. */
export interface ItemMeaning {
  /**
   * The rows of `rowIds` (items of a collection in `language`) at `floor` similarity or more to
   * `query`, best first, by the model of the language. Rejects when the model cannot be loaded
   * (the search then keeps to the words).
   */
  rank(
    rowIds: readonly number[],
    query: string,
    floor: number,
    language: string,
  ): Promise<MeaningHit[]>;
  /**
   * How near `query` is to each of `texts` (short ones: a field's label), by the model of
   * `language`, in their order. Rejects when the model cannot be loaded.
   */
  similarities(query: string, texts: readonly string[], language: string): Promise<number[]>;
  /** Settles when the vectors a search left for later are computed. */
  idle(): Promise<void>;
  /**
   * Computes, after whatever is under way, the vectors every item of a collection in a language
   * read by meaning is missing, so that the first description a visitor says is not the one that
   * waits on them.
   * Settles when they are done; a failure is told to `onBackgroundError`.
   */
  warm(): Promise<void>;
}

/** Vectors kept in memory at most (about 1.5 KB each at 384 numbers). */
const CACHED_ITEMS = 100_000;

/** Short texts (labels, recent queries) whose vectors are kept. */
const CACHED_TEXTS = 1_000;

/** Rows read or embedded at once. */
const BATCH = 200;

/**
 * Vectors one search computes before it answers (about 1.5 s on one core); the rest are computed
 * after it. The demo shop's 294 items are all computed by its first search.
 */
const EMBEDDED_PER_SEARCH = 400;

/** Options of {@link createItemMeaning}. */
export interface ItemMeaningOptions {
  /** Vectors one search computes before it answers (default 400); the rest after it. */
  embeddedPerSearch?: number;
  /** Told when computing the vectors left for later failed. */
  onBackgroundError?: (error: unknown) => void;
  /**
   * The model of the collections in the other languages of `MEANING_SEARCH_LANGUAGES`; without
   * it, only English collections are read by meaning.
   */
  multilingual?: () => Promise<Embedder>;
}

/**
 * Whether a collection's language (a BCP-47 tag) is read as English, by the main model: English,
 * and a language search does not know, which it searches as English.
 */
function english(language: string): boolean {
  return searchLanguage(language) === 'en';
}

interface CachedVector {
  updatedAt: string;
  vector: Float32Array;
}

/** Meaning over an open database's items, with `embedder` (loaded on first use). */
export function createItemMeaning(
  database: OpenDatabase,
  embedder: () => Promise<Embedder>,
  options: ItemMeaningOptions = {},
): ItemMeaning {
  const { embeddedPerSearch = EMBEDDED_PER_SEARCH, onBackgroundError, multilingual } = options;
  /** The model that reads a collection in `language`. */
  const modelFor = (language: string): Promise<Embedder> => {
    if (english(language)) return embedder();
    if (!multilingual) return Promise.reject(new Error(`no model reads ${language} by meaning`));
    return multilingual();
  };
  const db = database.db.withTables<MeaningColumns>();
  const cache = new Map<number, CachedVector>();
  /**
   * Vectors of short texts by model and text: a collection's few field labels, and the last
   * queries, which a search ranks by and then compares with those labels.
   */
  const texts = new Map<string, Float32Array>();
  /** The vector of a short text, computed once (see `texts`). */
  async function textVector(model: Embedder, text: string): Promise<Float32Array> {
    const key = `${model.model}\u0000${text}`;
    let vector = texts.get(key);
    if (!vector) {
      // Labels are the authors' and few, queries the visitors': a bound keeps it small.
      if (texts.size >= CACHED_TEXTS) texts.clear();
      vector = await model.embed(text);
      texts.set(key, vector);
    }
    return vector;
  }
  let background: Promise<void> = Promise.resolve();

  /** The rows' vectors: kept ones as they are, the others read, and computed when missing. */
  async function vectorsOf(
    rowIds: readonly number[],
    model: Embedder,
  ): Promise<Map<number, Float32Array>> {
    const current: { id: number; updated_at: string }[] = [];
    for (let start = 0; start < rowIds.length; start += BATCH)
      current.push(
        ...(await db
          .selectFrom('collection_items')
          .select(['id', 'updated_at'])
          .where('id', 'in', rowIds.slice(start, start + BATCH))
          .execute()),
      );
    const stale = current.filter((row) => cache.get(row.id)?.updatedAt !== row.updated_at);
    for (let start = 0; start < stale.length; start += BATCH)
      await read(
        stale.slice(start, start + BATCH).map((row) => row.id),
        model,
      );
    const missing = stale.filter((row) => cache.get(row.id)?.updatedAt !== row.updated_at);
    await embed(
      missing.slice(0, embeddedPerSearch).map((row) => row.id),
      model,
    );
    const later = missing.slice(embeddedPerSearch).map((row) => row.id);
    if (later.length > 0) {
      // In order after any other pass; a failure only leaves those items unranked until next time.
      background = background
        .then(() => embed(later, model))
        .catch((error: unknown) => onBackgroundError?.(error));
    }
    const vectors = new Map<number, Float32Array>();
    for (const row of current) {
      const kept = cache.get(row.id);
      if (kept?.updatedAt === row.updated_at) vectors.set(row.id, kept.vector);
    }
    return vectors;
  }

  /** Keeps the rows' stored vectors of `model` (the others are computed by `embed`). */
  async function read(rowIds: number[], model: Embedder): Promise<void> {
    const rows = await db
      .selectFrom('collection_items')
      .select(['id', 'updated_at', 'embedding', 'embedding_model'])
      .where('id', 'in', rowIds)
      .execute();
    if (cache.size + rows.length > CACHED_ITEMS) cache.clear();
    for (const row of rows)
      if (row.embedding && row.embedding_model === model.model)
        cache.set(row.id, { updatedAt: row.updated_at, vector: vectorFromBytes(row.embedding) });
  }

  /** Computes, stores and keeps the vectors of the rows (read again: they may have changed). */
  async function embed(rowIds: number[], model: Embedder): Promise<void> {
    for (let start = 0; start < rowIds.length; start += BATCH) {
      const rows = await db
        .selectFrom('collection_items')
        .select(['id', 'search_text', 'updated_at'])
        .where('id', 'in', rowIds.slice(start, start + BATCH))
        .execute();
      for (const row of rows) {
        if (cache.get(row.id)?.updatedAt === row.updated_at) continue;
        const vector = await model.embed(row.search_text);
        // Only if the item is still as read: one changed meanwhile has its vector cleared anew.
        await db
          .updateTable('collection_items')
          .set({ embedding: vectorBytes(vector), embedding_model: model.model })
          .where('id', '=', row.id)
          .where('updated_at', '=', row.updated_at)
          .execute();
        cache.set(row.id, { updatedAt: row.updated_at, vector });
      }
    }
  }

  return {
    idle: () => background,
    warm() {
      background = background
        .then(async () => {
          const rows = await database.db
            .withTables<MeaningColumns & SearchColumns>()
            .selectFrom('collection_items as i')
            .innerJoin('collections as c', 'c.id', 'i.collection_id')
            .select(['i.id', 'i.embedding_model', 'c.language'])
            .orderBy('i.id')
            .execute();
          // Each language's items by its model, English first (the demo's own language).
          const byLanguage = new Map<string, typeof rows>();
          for (const row of rows) {
            const primary = searchLanguage(row.language);
            if (!MEANING_SEARCH_LANGUAGES.includes(primary)) continue;
            if (!english(primary) && !multilingual) continue;
            const same = byLanguage.get(primary);
            if (same) same.push(row);
            else byLanguage.set(primary, [row]);
          }
          for (const [language, items] of [...byLanguage].sort(([a], [b]) =>
            english(a) === english(b) ? a.localeCompare(b) : english(a) ? -1 : 1,
          )) {
            const model = await modelFor(language);
            const missing = items
              .filter((row) => row.embedding_model !== model.model)
              .map((row) => row.id);
            await embed(missing, model);
          }
        })
        .catch((error: unknown) => onBackgroundError?.(error));
      return background;
    },
    async similarities(query, labels, language) {
      const model = await modelFor(language);
      const asked = await textVector(model, query);
      const result: number[] = [];
      for (const label of labels) {
        const vector = await textVector(model, label);
        result.push(vector.length === asked.length ? dot(vector, 0, asked, asked.length) : 0);
      }
      return result;
    },
    async rank(rowIds, query, floor, language) {
      if (rowIds.length === 0) return [];
      const model = await modelFor(language);
      const asked = await textVector(model, query);
      const vectors = await vectorsOf(rowIds, model);
      const hits: MeaningHit[] = [];
      for (const rowId of rowIds) {
        const vector = vectors.get(rowId);
        if (!vector || vector.length !== asked.length) continue;
        const similarity = dot(vector, 0, asked, asked.length);
        if (similarity >= floor) hits.push({ rowId, similarity });
      }
      // Stable: equal similarities keep the rows' order.
      return hits.sort((a, b) => b.similarity - a.similarity);
    },
  };
}
