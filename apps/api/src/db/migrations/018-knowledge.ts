import { sql } from 'kysely';
import type { SchemaMigration } from './schema-migration.js';

/**
 * The knowledge base: a company's documents, their passages with an embedding each, and a
 * full-text index of the passages (FTS5 kept in step by triggers on SQLite, a generated `tsvector`
 * with a GIN index on PostgreSQL; both stem English words).
 */
export const knowledge: SchemaMigration = {
  name: '018_knowledge',
  async up(db, { id, now, dialect }) {
    await id(db.schema.createTable('knowledge_documents'))
      .addColumn('company_id', 'integer', (column) =>
        column.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (column) => column.notNull())
      // `upload` or `url`; a URL is fetched once, when the business asks.
      .addColumn('source', 'text', (column) => column.notNull())
      .addColumn('source_url', 'text')
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('bytes', 'integer', (column) => column.notNull())
      .addColumn('text_chars', 'integer', (column) => column.notNull())
      .addColumn('passage_count', 'integer', (column) => column.notNull())
      // Which table and width the passages' vectors were computed with: a question is embedded
      // the same way, and a document of another model is re-embedded, never compared.
      .addColumn('embedding_model', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createIndex('knowledge_documents_company')
      .on('knowledge_documents')
      .columns(['company_id', 'id'])
      .execute();
    await id(db.schema.createTable('knowledge_passages'))
      .addColumn('document_id', 'integer', (column) =>
        column.notNull().references('knowledge_documents.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('heading', 'text')
      .addColumn('text', 'text', (column) => column.notNull())
      // Little-endian 32-bit floats, unit length.
      .addColumn('embedding', dialect === 'postgres' ? 'bytea' : 'blob', (column) =>
        column.notNull(),
      )
      .addUniqueConstraint('knowledge_passages_document_position', ['document_id', 'position'])
      .execute();
    if (dialect === 'postgres') {
      await sql`alter table knowledge_passages add column search_vector tsvector
        generated always as (to_tsvector('english', coalesce(heading, '') || ' ' || text)) stored`.execute(
        db,
      );
      await sql`create index knowledge_passages_search on knowledge_passages using gin (search_vector)`.execute(
        db,
      );
      return;
    }
    await sql`create virtual table knowledge_passages_fts using fts5(
        heading, text, content='knowledge_passages', content_rowid='id',
        tokenize='porter unicode61')`.execute(db);
    await sql`create trigger knowledge_passages_ai after insert on knowledge_passages begin
        insert into knowledge_passages_fts(rowid, heading, text)
        values (new.id, new.heading, new.text); end`.execute(db);
    await sql`create trigger knowledge_passages_ad after delete on knowledge_passages begin
        insert into knowledge_passages_fts(knowledge_passages_fts, rowid, heading, text)
        values ('delete', old.id, old.heading, old.text); end`.execute(db);
  },
};
