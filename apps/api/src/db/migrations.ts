import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { ConversationMessage } from '@svc/protocol';
import { recordToolCalls } from '../tool-calls.js';
import type { Database, OpenDatabase } from './database.js';

/** Builds the migrations for a dialect: ids are `serial` on PostgreSQL, autoincrement on SQLite. */
function migrations(dialect: OpenDatabase['dialect']): Record<string, Migration> {
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (column) => column.primaryKey())
      : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
  const now =
    dialect === 'postgres'
      ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    '001_public_api': {
      async up(db) {
        await id(db.schema.createTable('companies'))
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .execute();
        await id(db.schema.createTable('applications'))
          .addColumn('company_id', 'integer', (column) =>
            column.notNull().references('companies.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('allowed_origins', 'text', (column) => column.notNull().defaultTo('[]'))
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .execute();
        await id(db.schema.createTable('scenarios'))
          .addColumn('application_id', 'integer', (column) =>
            column.notNull().references('applications.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('definition', 'text', (column) => column.notNull())
          .addColumn('language', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
          .execute();
        await id(db.schema.createTable('publications'))
          .addColumn('uuid', 'text', (column) => column.notNull().unique())
          .addColumn('scenario_id', 'integer', (column) =>
            column.notNull().references('scenarios.id').onDelete('cascade'),
          )
          .addColumn('label', 'text', (column) => column.notNull())
          .addColumn('snapshot', 'text', (column) => column.notNull())
          .addColumn('published_at', 'text', (column) => column.notNull().defaultTo(now))
          .addUniqueConstraint('publications_scenario_label', ['scenario_id', 'label'])
          .execute();
        await id(db.schema.createTable('visitors'))
          .addColumn('application_id', 'integer', (column) =>
            column.notNull().references('applications.id').onDelete('cascade'),
          )
          .addColumn('external_id', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .addUniqueConstraint('visitors_application_external', ['application_id', 'external_id'])
          .execute();
        await db.schema
          .createTable('conversations')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('publication_id', 'integer', (column) =>
            column.notNull().references('publications.id'),
          )
          .addColumn('visitor_id', 'integer', (column) =>
            column.notNull().references('visitors.id'),
          )
          .addColumn('language', 'text', (column) => column.notNull())
          .addColumn('input_mode', 'text', (column) => column.notNull())
          .addColumn('output_mode', 'text', (column) => column.notNull())
          .addColumn('metadata', 'text', (column) => column.notNull().defaultTo('{}'))
          .addColumn('started_at', 'text', (column) => column.notNull().defaultTo(now))
          .addColumn('ended_at', 'text')
          .addColumn('end_reason', 'text')
          .execute();
        await db.schema
          .createIndex('conversations_visitor')
          .on('conversations')
          .column('visitor_id')
          .execute();
      },
    },
    '002_content_and_admin': {
      async up(db) {
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
        const seq = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
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
    },
    '003_publication_history': {
      async up(db) {
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
    },
    '004_dashboard': {
      async up(db) {
        // The dashboard reads tool results, which are text the agent wrote; a malformed one must
        // count as no result, not fail the query. SQLite has json_valid; PostgreSQL 15 has no
        // safe cast, so a function gives one.
        if (dialect === 'postgres') {
          await sql`create or replace function svc_try_jsonb(value text) returns jsonb
            language plpgsql immutable as $$
            begin return value::jsonb; exception when others then return null; end $$`.execute(db);
        }
      },
    },
    '005_scenario_tests': {
      async up(db) {
        await id(db.schema.createTable('scenario_tests'))
          .addColumn('scenario_id', 'integer', (column) =>
            column.notNull().references('scenarios.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('turns', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
          .addUniqueConstraint('scenario_tests_scenario_name', ['scenario_id', 'name'])
          .execute();
      },
    },
    '006_tool_calls': {
      async up(db) {
        await db.schema
          .createTable('tool_calls')
          .addColumn('conversation_id', 'text', (column) =>
            column.notNull().references('conversations.id').onDelete('cascade'),
          )
          .addColumn('call_id', 'text', (column) => column.notNull())
          .addColumn('name', 'text')
          .addColumn('query', 'text')
          .addColumn('result_count', 'integer')
          .addPrimaryKeyConstraint('tool_calls_pk', ['conversation_id', 'call_id'])
          .execute();
        // The dashboard reads these rows now, not the messages' JSON.
        if (dialect === 'postgres')
          await sql`drop function if exists svc_try_jsonb(text)`.execute(db);
        // Conversations stored before: their messages, in pages, through the same reading.
        const typed = db as unknown as Kysely<Database>;
        for (let after = -1; ;) {
          const page = await typed
            .selectFrom('messages')
            .select(['conversation_id', 'message', 'seq'])
            .where('role', 'in', ['assistant', 'tool'])
            .where('seq', '>', after)
            .orderBy('seq')
            .limit(1000)
            .execute();
          for (const row of page)
            await recordToolCalls(
              typed,
              row.conversation_id,
              JSON.parse(row.message) as ConversationMessage,
            );
          const last = page[page.length - 1];
          if (!last) break;
          after = Number(last.seq);
        }
      },
    },
    '007_test_runs': {
      async up(db) {
        // Runs of a scenario's tests: what they ran against and each turn's verdict, as JSON.
        await id(db.schema.createTable('test_runs'))
          .addColumn('scenario_id', 'integer', (column) =>
            column.notNull().references('scenarios.id').onDelete('cascade'),
          )
          .addColumn('target', 'text', (column) => column.notNull())
          .addColumn('publication_uuid', 'text')
          .addColumn('draft_hash', 'text')
          .addColumn('status', 'text', (column) => column.notNull())
          .addColumn('error', 'text')
          .addColumn('results', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
          .addColumn('finished_at', 'text')
          .execute();
        await db.schema
          .createIndex('test_runs_scenario')
          .on('test_runs')
          .columns(['scenario_id', 'id'])
          .execute();
        // The publish gate: 1 when publishing to production needs the draft's tests to pass.
        await db.schema
          .alterTable('scenarios')
          .addColumn('require_passing_tests', 'integer', (column) => column.notNull().defaultTo(0))
          .execute();
      },
    },
    '008_dashboard_indexes': {
      async up(db) {
        // The dashboard walks from a company to its conversations (`stats.ts`), then reads what
        // it counts of each conversation, its turn latencies and tool calls from these indexes
        // alone, without the rows.
        const index = (name: string, table: string, columns: string[]) =>
          db.schema.createIndex(name).on(table).columns(columns).execute();
        await index('applications_company', 'applications', ['company_id']);
        await index('scenarios_application', 'scenarios', ['application_id']);
        // Starts with the columns of `conversations_publication`, which it replaces.
        await index('conversations_dashboard', 'conversations', [
          'publication_id',
          'started_at',
          'id',
          'ended_at',
          'end_reason',
        ]);
        await db.schema.dropIndex('conversations_publication').execute();
        await index('turn_metrics_latency', 'turn_metrics', ['conversation_id', 'e2e_ms']);
        await index('tool_calls_dashboard', 'tool_calls', [
          'conversation_id',
          'name',
          'result_count',
          'query',
        ]);
      },
    },
    '009_conversation_resumed_at': {
      async up(db) {
        // A resumed conversation runs again: its next end must be recorded, and the end its old
        // room's agent sends after the resume must not close it.
        await db.schema.alterTable('conversations').addColumn('resumed_at', 'text').execute();
      },
    },
    '010_conversation_end_detail': {
      async up(db) {
        // Why a conversation ended in an agent error, in words an admin can act on.
        await db.schema.alterTable('conversations').addColumn('end_detail', 'text').execute();
      },
    },
    '011_agent_capabilities': {
      async up(db) {
        // What each agent (by its dispatch name) reported it can serve, when it last started.
        await db.schema
          .createTable('agent_capabilities')
          .addColumn('agent_name', 'text', (column) => column.primaryKey())
          .addColumn('capabilities', 'text', (column) => column.notNull())
          .addColumn('reported_at', 'text', (column) => column.notNull())
          .execute();
      },
    },
    '012_collection_language': {
      async up(db) {
        // A collection's language picks the stemmer and folds accents for its search; every
        // collection so far searched as English, which is the default.
        await db.schema
          .alterTable('collections')
          .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
          .execute();
        await languageIndex(db, dialect);
      },
    },
    '013_credentials': {
      async up(db) {
        // A company's provider keys, sealed (`secret-box.ts`): a scenario names one, and only the
        // agent of that company's conversations receives it, opened.
        await id(db.schema.createTable('credentials'))
          .addColumn('company_id', 'integer', (column) =>
            column.notNull().references('companies.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('provider', 'text', (column) => column.notNull())
          .addColumn('base_url', 'text')
          .addColumn('sealed_key', 'text', (column) => column.notNull())
          .addColumn('key_hint', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
          .addUniqueConstraint('credentials_company_name', ['company_id', 'name'])
          .execute();
      },
    },
    '015_session_caps_and_signed_identify': {
      async up(db) {
        // The room a running conversation is served in: a resume joins it instead of opening a
        // second room with a second agent.
        await db.schema.alterTable('conversations').addColumn('room', 'text').execute();
        // The address that started it: live conversations are capped per client address too.
        await db.schema.alterTable('conversations').addColumn('client_address', 'text').execute();
        // The application's key for signed identify; set, an unsigned identify is refused.
        await db.schema.alterTable('applications').addColumn('identify_secret', 'text').execute();
      },
    },
    '016_application_retention': {
      async up(db) {
        // Days an application keeps its ended conversations; null keeps them.
        await db.schema.alterTable('applications').addColumn('retention_days', 'integer').execute();
        // The retention sweep finds the conversations that ended before a date.
        await db.schema
          .createIndex('conversations_ended')
          .on('conversations')
          .columns(['ended_at'])
          .execute();
      },
    },
  };
}

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

/**
 * Brings the schema up to date; safe to run at every start. `to` stops at a named migration
 * (tests of a later migration's data changes start there).
 */
export async function migrate(
  database: OpenDatabase,
  options: { to?: string } = {},
): Promise<void> {
  await runMigrations(database, migrations(database.dialect), options);
}

/**
 * Runs the pending ones of `list` in name order, each in a transaction of its own with the record
 * that it ran: one that fails leaves the schema and the data as the migration before it left
 * them, and the next start runs it again from its beginning. (Kysely's migrator would put every
 * pending migration in one transaction on PostgreSQL, so a failure undid the ones that had
 * worked; SQLite runs them in a transaction once its adapter says it can, see database.ts.)
 */
export async function runMigrations(
  { db }: OpenDatabase,
  list: Record<string, Migration>,
  options: { to?: string } = {},
): Promise<void> {
  if (options.to !== undefined && !(options.to in list))
    throw new Error(`database migration ${options.to} does not exist`);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });
  const ran = (await migrator.getMigrations()).filter((migration) => migration.executedAt);
  if (options.to !== undefined && ran.some((migration) => migration.name === options.to)) return;
  for (;;) {
    // One step at a time: the migrator reads what ran under its lock, so a replica that migrated
    // meanwhile is not run twice.
    const { error, results = [] } = await migrator.migrateUp();
    const failed = results.find((result) => result.status === 'Error');
    if (error || failed) {
      throw new Error(
        `database migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`,
        { cause: error },
      );
    }
    const step = results.find((result) => result.status === 'Success');
    if (!step || step.migrationName === options.to) return;
  }
}
