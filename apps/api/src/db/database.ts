import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type Generated,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import { sqliteNativeBinding } from './sqlite-binding.js';
import { HttpError } from '../errors.js';

/** Tables, as Kysely sees them. JSON columns hold text in both dialects. */
export interface Database {
  companies: { id: Generated<number>; name: string; created_at: string };
  applications: {
    id: Generated<number>;
    company_id: number;
    name: string;
    /** JSON array of allowed origins; empty allows any. */
    allowed_origins: string;
    /** JSON {@link ApplicationLimits}; missing keys take the defaults. */
    limits: Generated<string>;
    created_at: string;
    /** Days its conversations are kept once ended (016); null keeps them. */
    retention_days: Generated<number | null>;
    /** The key signed identify is checked with (015); null when identify needs no signature. */
    identify_secret: string | null;
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
    /** 1 when publishing to production needs a passing run of every test on the draft. */
    require_passing_tests: Generated<number>;
  };
  publications: {
    id: Generated<number>;
    uuid: string;
    scenario_id: number;
    label: string;
    /** Immutable JSON snapshot of the scenario at publish time. */
    snapshot: string;
    published_at: string;
    /** Set while the label is unpublished; public routes treat it as unknown. */
    unpublished_at: Generated<string | null>;
    /** The `publication_history` entry whose snapshot the label serves. */
    history_id: number | null;
  };
  publication_history: {
    id: Generated<number>;
    publication_id: number;
    /** `publish`, `rollback` or `unpublish`. */
    action: string;
    /** The snapshot the label served from then on; null for `unpublish`. */
    snapshot: string | null;
    /** Who: a signed-in admin or an API key (null when unknown, or deleted since). */
    admin_id: number | null;
    api_key_id: number | null;
    /** For `rollback`: the earlier entry whose snapshot the label went back to. */
    rollback_of: number | null;
    created_at: string;
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
    /** When the visitor last resumed it: an end the agent stamped before then is the old room's. */
    resumed_at: string | null;
    /** A readable account of the end (why an `agent_error` happened); null for most ends. */
    end_detail: string | null;
    /** The Transport room it runs in (015): a resume while it runs joins this one. */
    room: string | null;
    /** The client address that started (or last resumed) it (015), for the per-address cap. */
    client_address: string | null;
  };
  credentials: {
    id: Generated<number>;
    company_id: number;
    name: string;
    provider: string;
    /** The company's own server (`openai-compatible` only). */
    base_url: string | null;
    /** The key, sealed by `secret-box.ts` for `company:{id}:credential:{name}`. */
    sealed_key: string;
    /** The key's last four characters, to tell keys apart in lists. */
    key_hint: string;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  /** Values a webhook tool's headers name (017). */
  company_secrets: {
    id: Generated<number>;
    company_id: number;
    name: string;
    /** The value, sealed by `secret-box.ts` for `company:{id}:secret:{name}`. */
    sealed_value: string;
    /** The value's last four characters, to tell values apart in lists. */
    value_hint: string;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  /** The key a company's webhook calls are signed with (017). */
  webhook_signing_secrets: {
    id: Generated<number>;
    company_id: number;
    /** Sealed for `company:{id}:webhook-signing`. */
    sealed_secret: string;
    secret_hint: string;
    /** The secret before the last rotation, still signing until `previous_until`. */
    sealed_previous: string | null;
    previous_until: string | null;
    created_at: Generated<string>;
    rotated_at: string | null;
  };
  agent_capabilities: {
    agent_name: string;
    /** JSON `AgentCapabilities`. */
    capabilities: string;
    reported_at: string;
  };
  collections: {
    id: Generated<number>;
    company_id: number;
    name: string;
    description: string;
    /** JSON `{ template, mapping }` or null. */
    view: string | null;
    /** JSON array of `{ name, index_type }`. */
    search_fields: string;
    /** JSON array of `{ name, filter_key, field_type, enum_options? }`. */
    filter_fields: string;
    created_at: string;
    updated_at: string;
  };
  collection_items: {
    id: Generated<number>;
    collection_id: number;
    /** The item's id as its owner knows it (a SKU); unique in its collection. */
    item_id: string;
    /** JSON object of the item's fields. */
    data: string;
    /** The search fields' values, joined: what full-text search indexes. */
    search_text: string;
    created_at: string;
    updated_at: string;
  };
  scenario_collections: { scenario_id: number; collection_id: number };
  messages: {
    id: string;
    conversation_id: string;
    role: string;
    content: string;
    /** JSON of the whole ConversationMessage as sent on `message:new`. */
    message: string;
    timestamp: string;
    /** Arrival order within the API, for stable listing. */
    seq: Generated<number>;
  };
  restore_checkpoints: {
    conversation_id: string;
    version: number;
    /** JSON RestoreState. */
    state: string;
    created_at: string;
  };
  buckets: {
    id: Generated<number>;
    visitor_id: number;
    name: string;
    created_at: string;
    updated_at: string;
  };
  bucket_items: {
    bucket_id: number;
    collection_id: number;
    item_id: string;
    quantity: number;
    added_at: string;
  };
  turn_metrics: {
    id: Generated<number>;
    conversation_id: string;
    turn: number;
    end_of_turn_ms: number | null;
    stt_ms: number | null;
    llm_ttft_ms: number | null;
    tts_ttfb_ms: number | null;
    e2e_ms: number | null;
    created_at: string;
  };
  scenario_tests: {
    id: Generated<number>;
    scenario_id: number;
    /** Unique within the scenario. */
    name: string;
    /** JSON array of `{ user, expect: { tool?, reply_contains?, reply_not_contains? } }`. */
    turns: string;
    created_at: string;
    updated_at: string;
  };
  test_runs: {
    id: Generated<number>;
    scenario_id: number;
    /** `draft` or `publication`. */
    target: string;
    /** The publication run against (the preview's for the draft). */
    publication_uuid: string | null;
    /** SHA-256 of the draft snapshot a draft run ran against (the publish gate compares it). */
    draft_hash: string | null;
    /** `running`, `passed` or `failed`. */
    status: string;
    /** Why the run as a whole failed (the API stopped, the Transport did not answer). */
    error: string | null;
    /** JSON array of each test's result with its turns' verdicts. */
    results: string;
    created_at: string;
    updated_at: string;
    finished_at: string | null;
  };
  tool_calls: {
    conversation_id: string;
    /** The call's id in `tool_calls` of the assistant message. */
    call_id: string;
    /** Null until the calling message is stored (a result may arrive first). */
    name: string | null;
    /** The call's `query` argument, when a string. */
    query: string | null;
    /** How many items a search found; null when unanswered or not a search. */
    result_count: number | null;
  };
  admins: {
    id: Generated<number>;
    company_id: number;
    email: string;
    /** `scrypt$N$r$p$salt$hash`, base64url parts. */
    password_hash: string;
    created_at: string;
  };
  admin_sessions: {
    /** SHA-256 of the session token; the token itself is never stored. */
    token_hash: string;
    admin_id: number;
    expires_at: string;
    created_at: string;
  };
  api_keys: {
    id: Generated<number>;
    company_id: number;
    name: string;
    /** The first characters of the key, shown in listings. */
    prefix: string;
    /** SHA-256 of the key. */
    key_hash: string;
    created_at: string;
    revoked_at: string | null;
  };
  /** What the agent read out of an ended conversation (019). */
  conversation_analyses: {
    conversation_id: string;
    /** JSON object: every declared field by name, typed, null when not said. */
    data: string;
    /** JSON array of `{ name, result, rationale }`. */
    criteria: string;
    created_at: Generated<string>;
  };
  /** An application's post-call webhook (019). */
  application_webhooks: {
    application_id: number;
    url: string;
    /** The signing secret, sealed by `secret-box.ts` for `application:{id}:webhook`. */
    sealed_secret: string;
    /** 1 delivers, 0 keeps the settings and delivers nothing. */
    enabled: Generated<number>;
    /** When it was last enabled: conversations that ended before are not delivered. */
    enabled_at: Generated<string>;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  /** Post-call deliveries: the durable queue (019). */
  webhook_deliveries: {
    id: Generated<number>;
    application_id: number;
    conversation_id: string;
    /** `pending`, `delivered` or `failed`. */
    status: string;
    attempts: Generated<number>;
    /** ISO time the next attempt is due. */
    next_attempt_at: string;
    /** Set while a process sends it; another process leaves it alone until then. */
    claimed_until: string | null;
    /** Who holds the claim (a random token per attempt). */
    claim: string | null;
    /** The JSON body, frozen at the first attempt so that every retry sends the same. */
    payload: string | null;
    last_status_code: number | null;
    last_error: string | null;
    delivered_at: string | null;
    created_at: Generated<string>;
  };
  webhook_delivery_attempts: {
    id: Generated<number>;
    delivery_id: number;
    attempted_at: string;
    /** The receiver's status; null when no answer came. */
    status_code: number | null;
    error: string | null;
    duration_ms: number;
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
      dialect: new PostgresDialect({
        pool: answeringPool(new pg.Pool({ connectionString: url, max: 10 })),
      }),
    });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const path = url.replace(/^file:/, '');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path, { nativeBinding: sqliteNativeBinding() });
  // WAL lets readers run while a write commits; the API is read-mostly.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new TransactionalSqliteDialect({ database: sqlite }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * SQLite as Kysely knows it, but saying that schema changes roll back with their transaction,
 * which SQLite does (Kysely's adapter says they do not, so its migrator would run a migration
 * with no transaction and leave half of one applied when it fails).
 */
class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * The database cannot be reached (down, restarting, the connection cut): the request answers 503
 * `{ error }`, and the next one tries again on a new connection.
 */
export class DatabaseUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, 'the database is unavailable; retry shortly');
    this.name = 'DatabaseUnavailableError';
    this.cause = cause;
  }
}

// PostgreSQL's error classes 08 (connection exception) and 57P (operator intervention: the server
// shutting down, crashed, or still starting), and the socket's own errors.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
]);

/** Whether `error` says the server could not be reached rather than that the query was wrong. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^(08|57P)/.test(code)))
    return true;
  // pg's own wording for a connection that ended under a query, or one not usable any more.
  return /Connection terminated|not queryable|Connection closed/i.test(error.message);
}

const unavailable = (error: unknown): unknown =>
  isConnectionError(error) ? new DatabaseUnavailableError(error) : error;

/**
 * pg's pool as the dialect uses it, made to survive the server going away: a restart closes every
 * idle connection, and pg then emits `error` on the pool, which ends the process when nobody
 * listens. The pool drops such a connection by itself and opens a new one for the next query, so
 * the error needs no more than to be heard; so does a connection's while it is checked out.
 * Failures to reach the server become {@link DatabaseUnavailableError}s.
 */
function answeringPool(pool: pg.Pool): PostgresPool {
  const ignoreCheckedOutError = () => undefined;
  pool.on('error', () => {
    // An idle connection closed by the server: already dropped from the pool (see above).
  });
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailable(error);
      });
      // The pool hears a connection only while it is idle. One checked out with no query running
      // (between two statements of a transaction) that the server closes emits `error` too: heard
      // here, the next query on it fails as unavailable, and the pool drops it on release.
      client.on('error', ignoreCheckedOutError);
      return {
        // Kysely passes a cursor only when the dialect is given a cursor class, which it is not.
        query: ((sql: string, parameters: ReadonlyArray<unknown>) =>
          client.query(sql, parameters as unknown[]).catch((error: unknown) => {
            throw unavailable(error);
          })) as unknown as PostgresPoolClient['query'],
        release: () => {
          client.off('error', ignoreCheckedOutError);
          client.release();
        },
      };
    },
    end: () => pool.end(),
  };
}
