import { sql, type Kysely } from 'kysely';
import type { OpenDatabase } from '../database.js';
import type { SchemaMigration, TableBuilder } from './schema-migration.js';

/** Content and administration: collections and their search, messages, restore checkpoints, carts, turn metrics, admins and API keys. */
export const contentAndAdmin: SchemaMigration = {
  name: '002_content_and_admin',
  async up(db, { id, now, dialect }) {
    await db.schema
      .alterTable('applications')
      .addColumn('limits', 'text', (column) => column.notNull().defaultTo('{}'))
      .execute();
    await db.schema.alterTable('publications').addColumn('unpublished_at', 'text').execute();
    await id(db.schema.createTable('collections'))
      .addColumn('company_id', 'integer', (column) =>
        column.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('view', 'text')
      .addColumn('search_fields', 'text', (column) => column.notNull().defaultTo('[]'))
      .addColumn('filter_fields', 'text', (column) => column.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
      .execute();
    await id(db.schema.createTable('collection_items'))
      .addColumn('collection_id', 'integer', (column) =>
        column.notNull().references('collections.id').onDelete('cascade'),
      )
      .addColumn('item_id', 'text', (column) => column.notNull())
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
      .addUniqueConstraint('collection_items_collection_item', ['collection_id', 'item_id'])
      .execute();
    await fullTextIndex(db, dialect);
    await db.schema
      .createTable('scenario_collections')
      .addColumn('scenario_id', 'integer', (column) =>
        column.notNull().references('scenarios.id').onDelete('cascade'),
      )
      .addColumn('collection_id', 'integer', (column) =>
        column.notNull().references('collections.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('scenario_collections_pk', ['scenario_id', 'collection_id'])
      .execute();
    const seq = (table: TableBuilder) =>
      dialect === 'postgres'
        ? table.addColumn('seq', 'bigserial', (column) => column.notNull().unique())
        : table.addColumn('seq', 'integer', (column) => column.notNull().unique());
    await seq(
      db.schema
        .createTable('messages')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('conversation_id', 'text', (column) =>
          column.notNull().references('conversations.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('timestamp', 'text', (column) => column.notNull()),
    ).execute();
    await db.schema
      .createIndex('messages_conversation')
      .on('messages')
      .columns(['conversation_id', 'seq'])
      .execute();
    await db.schema
      .createTable('restore_checkpoints')
      .addColumn('conversation_id', 'text', (column) =>
        column.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('restore_checkpoints_pk', ['conversation_id', 'version'])
      .execute();
    await id(db.schema.createTable('buckets'))
      .addColumn('visitor_id', 'integer', (column) =>
        column.notNull().references('visitors.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
      .addUniqueConstraint('buckets_visitor_name', ['visitor_id', 'name'])
      .execute();
    await db.schema
      .createTable('bucket_items')
      .addColumn('bucket_id', 'integer', (column) =>
        column.notNull().references('buckets.id').onDelete('cascade'),
      )
      .addColumn('collection_id', 'integer', (column) =>
        column.notNull().references('collections.id').onDelete('cascade'),
      )
      .addColumn('item_id', 'text', (column) => column.notNull())
      .addColumn('quantity', 'integer', (column) => column.notNull())
      .addColumn('added_at', 'text', (column) => column.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('bucket_items_pk', ['bucket_id', 'collection_id', 'item_id'])
      .execute();
    await id(db.schema.createTable('turn_metrics'))
      .addColumn('conversation_id', 'text', (column) =>
        column.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('turn', 'integer', (column) => column.notNull())
      .addColumn('end_of_turn_ms', 'real')
      .addColumn('stt_ms', 'real')
      .addColumn('llm_ttft_ms', 'real')
      .addColumn('tts_ttfb_ms', 'real')
      .addColumn('e2e_ms', 'real')
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addUniqueConstraint('turn_metrics_conversation_turn', ['conversation_id', 'turn'])
      .execute();
    await id(db.schema.createTable('admins'))
      .addColumn('company_id', 'integer', (column) =>
        column.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createTable('admin_sessions')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('admin_id', 'integer', (column) =>
        column.notNull().references('admins.id').onDelete('cascade'),
      )
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .execute();
    await id(db.schema.createTable('api_keys'))
      .addColumn('company_id', 'integer', (column) =>
        column.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('prefix', 'text', (column) => column.notNull())
      .addColumn('key_hash', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('conversations_publication')
      .on('conversations')
      .columns(['publication_id', 'started_at'])
      .execute();
  },
};

/**
 * Full-text search over `collection_items.search_text`: an FTS5 table kept in step by triggers on
 * SQLite, a generated `tsvector` column with a GIN index on PostgreSQL. Both stem English words
 * (porter, `english`), so "boots" finds "boot".
 */
async function fullTextIndex(db: Kysely<unknown>, dialect: OpenDatabase['dialect']): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table collection_items add column search_vector tsvector
      generated always as (to_tsvector('english', search_text)) stored`.execute(db);
    await sql`create index collection_items_search on collection_items using gin (search_vector)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table collection_items_fts using fts5(
      search_text, content='collection_items', content_rowid='id', tokenize='porter unicode61')`.execute(
    db,
  );
  await sql`create trigger collection_items_ai after insert on collection_items begin
      insert into collection_items_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(
    db,
  );
  await sql`create trigger collection_items_ad after delete on collection_items begin
      insert into collection_items_fts(collection_items_fts, rowid, search_text)
      values ('delete', old.id, old.search_text); end`.execute(db);
  await sql`create trigger collection_items_au after update of search_text on collection_items begin
      insert into collection_items_fts(collection_items_fts, rowid, search_text)
      values ('delete', old.id, old.search_text);
      insert into collection_items_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(
    db,
  );
}
