import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Generated } from 'kysely';
import pg from 'pg';

/** Tables, as Kysely sees them. JSON columns hold text in both dialects. */
export interface Database {
  companies: { id: Generated<number>; name: string; created_at: string };
  applications: {
    id: Generated<number>;
    company_id: number;
    name: string;
    /** JSON array of allowed origins; empty allows any. */
    allowed_origins: string;
    created_at: string;
  };
  scenarios: {
    id: Generated<number>;
    application_id: number;
    name: string;
    /** JSON of the authored scenario (prompt, features, voice settings, ...). */
    definition: string;
    language: string;
    created_at: string;
    updated_at: string;
  };
  publications: {
    id: Generated<number>;
    uuid: string;
    scenario_id: number;
    label: string;
    /** Immutable JSON snapshot of the scenario at publish time. */
    snapshot: string;
    published_at: string;
  };
  visitors: {
    id: Generated<number>;
    application_id: number;
    external_id: string;
    created_at: string;
  };
  conversations: {
    id: string;
    publication_id: number;
    visitor_id: number;
    language: string;
    input_mode: string;
    output_mode: string;
    metadata: string;
    started_at: string;
    ended_at: string | null;
    end_reason: string | null;
  };
}

/** An open database and the dialect its queries run on. */
export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when `url` is a `postgres://` URL, else a SQLite file at `url` (a path, or
 * `file:` URL). One query codebase runs on both.
 */
export function openDatabase(url: string): OpenDatabase {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }),
    });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const path = url.replace(/^file:/, '');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  // WAL lets readers run while a write commits; the API is read-mostly.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
