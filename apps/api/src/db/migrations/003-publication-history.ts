import { sql } from 'kysely';
import type { SchemaMigration } from './schema-migration.js';

/** Publication history: every publish, rollback and unpublish of a label. */
export const publicationHistory: SchemaMigration = {
  name: '003_publication_history',
  async up(db, { id, now }) {
    // Every publish, rollback and unpublish of a label, with who did it; a label's row keeps
    // serving its snapshot, and `history_id` names the entry it serves.
    await id(db.schema.createTable('publication_history'))
      .addColumn('publication_id', 'integer', (column) =>
        column.notNull().references('publications.id').onDelete('cascade'),
      )
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('snapshot', 'text')
      .addColumn('admin_id', 'integer', (column) =>
        column.references('admins.id').onDelete('set null'),
      )
      .addColumn('api_key_id', 'integer', (column) =>
        column.references('api_keys.id').onDelete('set null'),
      )
      .addColumn('rollback_of', 'integer')
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createIndex('publication_history_publication')
      .on('publication_history')
      .columns(['publication_id', 'id'])
      .execute();
    await db.schema.alterTable('publications').addColumn('history_id', 'integer').execute();
    // What was published before history was kept becomes its first entry, by nobody known.
    await sql`insert into publication_history (publication_id, action, snapshot, created_at)
      select id, 'publish', snapshot, published_at from publications`.execute(db);
    await sql`update publications set history_id = (select max(h.id) from publication_history h
      where h.publication_id = publications.id)`.execute(db);
  },
};
