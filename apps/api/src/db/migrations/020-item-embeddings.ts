import type { SchemaMigration } from './schema-migration.js';

/**
 * An embedding per collection item, for searches whose words the items do not contain ("something
 * to boil water on"): computed from the item's search text when first needed, with the model that
 * computed it, and cleared when the item changes (`collections/meaning.ts`).
 */
export const itemEmbeddings: SchemaMigration = {
  name: '020_item_embeddings',
  async up(db, { dialect }) {
    await db.schema
      .alterTable('collection_items')
      // Little-endian 32-bit floats, unit length; null until first needed.
      .addColumn('embedding', dialect === 'postgres' ? 'bytea' : 'blob')
      .execute();
    await db.schema.alterTable('collection_items').addColumn('embedding_model', 'text').execute();
  },
};
