// The knowledge base's tables: a company's documents and their passages. A document never changes
// once stored (a new version is a new upload), which is what lets the search keep its passages'
// vectors in memory without asking whether they are still current.
import type { Embedder } from '@svc/embeddings';
import { sql, type Generated } from 'kysely';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import { rowsFor, type Page } from '../paging.js';
import { vectorBytes } from '../vectors.js';
import type { Passage } from './passages.js';

/** The knowledge tables, as Kysely sees them (migration 018). */
export type KnowledgeTables = {
  knowledge_documents: {
    id: Generated<number>;
    company_id: number;
    title: string;
    source: string;
    source_url: string | null;
    content_type: string;
    bytes: number;
    text_chars: number;
    passage_count: number;
    embedding_model: string;
    created_at: Generated<string>;
  };
  knowledge_passages: {
    id: Generated<number>;
    document_id: number;
    position: number;
    heading: string | null;
    text: string;
    embedding: Uint8Array;
  };
};

/** A stored document, as the admin API shows it. */
export interface KnowledgeDocument {
  id: number;
  title: string;
  /** `upload`, or `url` for a page fetched once on the business's request. */
  source: 'upload' | 'url';
  source_url: string | null;
  content_type: string;
  bytes: number;
  text_chars: number;
  passage_count: number;
  created_at: string;
}

/** A stored passage, as the admin API shows it. */
export interface StoredPassage {
  id: number;
  document_id: number;
  position: number;
  heading: string | null;
  text: string;
}

/** What a new document is made of. */
export interface NewDocument {
  title: string;
  source: 'upload' | 'url';
  source_url?: string | undefined;
  content_type: string;
  bytes: number;
  text_chars: number;
  passages: Passage[];
}

/** The text a passage is embedded from: its document's title and heading give it context. */
export function embeddingText(title: string, heading: string | null, text: string): string {
  return [title, heading, text].filter(Boolean).join('. ');
}

/**
 * Embeds again, with `model`, the passages of those of `documentIds` another model embedded, and
 * records the model with each: vectors of two models are not comparable, and the texts are kept,
 * so a change of model costs one pass over a document when it is next searched. Each document is
 * rewritten whole or not at all. Resolves to the ids of the documents it embedded again.
 */
export async function reembedDocuments(
  database: OpenDatabase,
  documentIds: readonly number[],
  model: Embedder,
): Promise<number[]> {
  if (documentIds.length === 0) return [];
  const db = database.db.withTables<KnowledgeTables>();
  const stale = await db
    .selectFrom('knowledge_documents')
    .select(['id', 'title'])
    .where('id', 'in', [...documentIds])
    .where('embedding_model', '<>', model.model)
    .execute();
  for (const document of stale) {
    const passages = await db
      .selectFrom('knowledge_passages')
      .select(['id', 'heading', 'text'])
      .where('document_id', '=', document.id)
      .execute();
    const vectors: Uint8Array[] = [];
    for (const passage of passages)
      vectors.push(
        vectorBytes(
          await model.embed(embeddingText(document.title, passage.heading, passage.text)),
        ),
      );
    await db.transaction().execute(async (transaction) => {
      for (const [index, passage] of passages.entries())
        await transaction
          .updateTable('knowledge_passages')
          .set({ embedding: vectors[index] ?? new Uint8Array() })
          .where('id', '=', passage.id)
          .execute();
      await transaction
        .updateTable('knowledge_documents')
        .set({ embedding_model: model.model })
        .where('id', '=', document.id)
        .execute();
    });
  }
  return stale.map((document) => document.id);
}

/** The knowledge base's documents and passages, one interface for both dialects. */
export interface KnowledgeStore {
  create(companyId: number, document: NewDocument): Promise<KnowledgeDocument>;
  list(companyId: number, page: Page): Promise<KnowledgeDocument[]>;
  /** The company's document; 404 when it has none of that id. */
  get(companyId: number, id: number): Promise<KnowledgeDocument>;
  passages(companyId: number, id: number, page: Page): Promise<StoredPassage[]>;
  remove(companyId: number, id: number): Promise<void>;
  /** Which of `ids` are documents of the company (the rest are ignored). */
  existing(companyId: number, ids: readonly number[]): Promise<number[]>;
  /** The first passage's text of each document, for a preview of what an upload became. */
  previews(ids: readonly number[]): Promise<Map<number, string>>;
}

/** The store over an open database; `embedder` computes the passages' vectors. */
export function createKnowledgeStore(
  database: OpenDatabase,
  embedder: () => Promise<Embedder>,
): KnowledgeStore {
  const db = database.db.withTables<KnowledgeTables>();
  const documentColumns = [
    'id',
    'title',
    'source',
    'source_url',
    'content_type',
    'bytes',
    'text_chars',
    'passage_count',
    'created_at',
  ] as const;
  const shown = (
    row: Omit<KnowledgeDocument, 'source'> & { source: string },
  ): KnowledgeDocument => ({
    ...row,
    source: row.source === 'url' ? 'url' : 'upload',
  });

  const get: KnowledgeStore['get'] = async (companyId, id) => {
    const row = await db
      .selectFrom('knowledge_documents')
      .select(documentColumns)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown document ${id}`);
    return shown(row);
  };

  return {
    async create(companyId, document) {
      const model = await embedder();
      const vectors: Uint8Array[] = [];
      // One after another: the model runs on one thread, and the API's other requests share it.
      for (const passage of document.passages)
        vectors.push(
          vectorBytes(
            await model.embed(embeddingText(document.title, passage.heading, passage.text)),
          ),
        );
      const id = await db.transaction().execute(async (transaction) => {
        const { id } = await transaction
          .insertInto('knowledge_documents')
          .values({
            company_id: companyId,
            title: document.title,
            source: document.source,
            source_url: document.source_url ?? null,
            content_type: document.content_type,
            bytes: document.bytes,
            text_chars: document.text_chars,
            passage_count: document.passages.length,
            embedding_model: model.model,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // In batches: a long document has hundreds of passages, a statement has a parameter cap.
        for (let start = 0; start < document.passages.length; start += 100) {
          await transaction
            .insertInto('knowledge_passages')
            .values(
              document.passages.slice(start, start + 100).map((passage, index) => ({
                document_id: id,
                position: passage.position,
                heading: passage.heading,
                text: passage.text,
                embedding: vectors[start + index] ?? new Uint8Array(),
              })),
            )
            .execute();
        }
        return id;
      });
      return get(companyId, id);
    },
    async list(companyId, page) {
      const rows = await db
        .selectFrom('knowledge_documents')
        .select(documentColumns)
        .where('company_id', '=', companyId)
        .orderBy('id')
        .limit(rowsFor(page).limit)
        .offset(page.offset)
        .execute();
      return rows.map(shown);
    },
    get,
    async passages(companyId, id, page) {
      await get(companyId, id);
      return db
        .selectFrom('knowledge_passages')
        .select(['id', 'document_id', 'position', 'heading', 'text'])
        .where('document_id', '=', id)
        .orderBy('position')
        .limit(rowsFor(page).limit)
        .offset(page.offset)
        .execute();
    },
    async remove(companyId, id) {
      const result = await db
        .deleteFrom('knowledge_documents')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new HttpError(404, `unknown document ${id}`);
    },
    async existing(companyId, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('knowledge_documents')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((row) => row.id);
    },
    async previews(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('knowledge_passages')
        .select(['document_id', sql<string>`substr(text, 1, 200)`.as('preview')])
        .where('document_id', 'in', [...ids])
        .where('position', '=', 0)
        .execute();
      return new Map(rows.map((row) => [row.document_id, row.preview]));
    },
  };
}
