import { sql, type Kysely } from 'kysely';
import type { OpenDatabase } from '../database.js';
import type { SchemaMigration } from './schema-migration.js';

/** A collection's language, and search in it. */
export const collectionLanguage: SchemaMigration = {
  name: '012_collection_language',
  async up(db, { dialect }) {
    // A collection's language picks the stemmer and folds accents for its search; every
    // collection so far searched as English, which is the default.
    await db.schema
      .alterTable('collections')
      .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
      .execute();
    await languageIndex(db, dialect);
  },
};

/**
 * Search in a collection's language (012). SQLite: FTS5's porter stems English only, so the API
 * stores the Snowball stems of other languages in `search_stems` (accents folded), indexed by a
 * second FTS5 table (`unicode61 remove_diacritics 2`); English rows keep it empty and stay in the
 * porter index of 002. PostgreSQL: a text-search configuration per language (`unaccent`, then the
 * language's Snowball dictionary), picked per row by `search_language` in the generated
 * `search_vector`. Existing rows are English: SQLite indexes them with no stems, PostgreSQL computes
 * their vectors again, now with accents folded as SQLite's unicode61 always did.
 */
async function languageIndex(db: Kysely<unknown>, dialect: OpenDatabase['dialect']): Promise<void> {
  if (dialect === 'postgres') {
    try {
      await sql`create extension if not exists unaccent`.execute(db);
    } catch (error) {
      throw new Error(
        'collection search needs the unaccent extension (in the PostgreSQL server package; ' +
          'a trusted extension: the database owner may create it)',
        { cause: error },
      );
    }
    // Literal names: a migration keeps meaning what it meant when it ran.
    for (const language of ['english', 'french', 'spanish', 'german']) {
      await sql`create text search configuration ${sql.id(`svc_${language}`)}
        (copy = ${sql.id(language)})`.execute(db);
      await sql`alter text search configuration ${sql.id(`svc_${language}`)}
        alter mapping for hword, hword_part, word
        with unaccent, ${sql.id(`${language}_stem`)}`.execute(db);
    }
    await sql`alter table collection_items
      add column search_language text not null default 'en'`.execute(db);
    // Dropping the column drops its index; both come back computed per row's language.
    await sql`alter table collection_items drop column search_vector`.execute(db);
    await sql`alter table collection_items add column search_vector tsvector
      generated always as (to_tsvector(case search_language
        when 'fr' then 'svc_french'::regconfig
        when 'es' then 'svc_spanish'::regconfig
        when 'de' then 'svc_german'::regconfig
        else 'svc_english'::regconfig end, search_text)) stored`.execute(db);
    await sql`create index collection_items_search on collection_items
      using gin (search_vector)`.execute(db);
    return;
  }
  await sql`alter table collection_items
    add column search_stems text not null default ''`.execute(db);
  await sql`create virtual table collection_items_stems_fts using fts5(
      search_stems, content='collection_items', content_rowid='id',
      tokenize='unicode61 remove_diacritics 2')`.execute(db);
  // Kept in step as 002's index is; English rows are in it with no words, so that FTS5's own
  // integrity check holds. The rows stored before are English: the rebuild reads them as such.
  await sql`create trigger collection_items_stems_ai after insert on collection_items begin
      insert into collection_items_stems_fts(rowid, search_stems)
      values (new.id, new.search_stems); end`.execute(db);
  await sql`create trigger collection_items_stems_ad after delete on collection_items begin
      insert into collection_items_stems_fts(collection_items_stems_fts, rowid, search_stems)
      values ('delete', old.id, old.search_stems); end`.execute(db);
  await sql`create trigger collection_items_stems_au after update of search_stems
      on collection_items begin
      insert into collection_items_stems_fts(collection_items_stems_fts, rowid, search_stems)
      values ('delete', old.id, old.search_stems);
      insert into collection_items_stems_fts(rowid, search_stems)
      values (new.id, new.search_stems); end`.execute(db);
  await sql`insert into collection_items_stems_fts(collection_items_stems_fts)
      values ('rebuild')`.execute(db);
}
