import type { Collection, ConversationMessage, RestoreState, SessionMode } from '@svc/protocol';
import {
  localizeScenario,
  type EndConversationResponse,
  type RuntimeConfig,
  type SaveRestoreStateResponse,
  type ScenarioSnapshot,
  type StoredCount,
  type TurnMetrics,
} from '@svc/protocol/agent';
import { sql } from 'kysely';
import type { CollectionStore } from './collections/store.js';
import type { Credentials } from './credentials.js';
import type { OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import { recordToolCalls } from './tool-calls.js';

// The snapshot's type is the protocol's; re-exported because the publication and visitor modules
// import it from here.
export type { ScenarioSnapshot } from '@svc/protocol/agent';

/** Where a conversation belongs: what every scoped operation checks against. */
export interface ConversationScope {
  id: string;
  visitor_id: number;
  company_id: number;
  publication_uuid: string;
  snapshot: ScenarioSnapshot;
  ended_at: string | null;
}

/** Most item names the runtime config carries. */
export const VOCABULARY_LIMIT = 5000;

/** Default and ceiling of a scenario's search result `limit`. */
export const RESULT_LIMIT = { default: 5, max: 50 } as const;

/** The result limit a scenario sets, within bounds. */
export function resultLimit(snapshot: ScenarioSnapshot, asked?: number): number {
  const scenario = Math.min(
    Math.max(1, Math.floor(snapshot.limit ?? RESULT_LIMIT.default)),
    RESULT_LIMIT.max,
  );
  return asked === undefined ? scenario : Math.min(Math.max(1, asked), scenario);
}

/** Conversations as the agent and the admin API see them. */
export function createConversations(
  database: OpenDatabase,
  store: CollectionStore,
  credentials?: Pick<Credentials, 'resolve'>,
) {
  const { db } = database;

  async function scope(conversationId: string): Promise<ConversationScope> {
    const row = await db
      .selectFrom('conversations as c')
      .innerJoin('publications as p', 'p.id', 'c.publication_id')
      .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .select(['c.id', 'c.visitor_id', 'c.ended_at', 'a.company_id', 'p.uuid', 'p.snapshot'])
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown conversation ${conversationId}`);
    return {
      id: row.id,
      visitor_id: row.visitor_id,
      company_id: row.company_id,
      publication_uuid: row.uuid,
      snapshot: JSON.parse(row.snapshot) as ScenarioSnapshot,
      ended_at: row.ended_at,
    };
  }

  /** The collections a conversation may use: the ones its publication attached. */
  const collections = (target: ConversationScope): Promise<Collection[]> =>
    store.many(target.company_id, target.snapshot.collection_ids ?? []);

  async function restoreState(conversationId: string): Promise<RestoreState> {
    const latest = await db
      .selectFrom('restore_checkpoints')
      .select('state')
      .where('conversation_id', '=', conversationId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return latest ? (JSON.parse(latest.state) as RestoreState) : {};
  }

  async function messages(
    conversationId: string,
    options: { limit?: number; after?: number } = {},
  ) {
    const rows = await db
      .selectFrom('messages')
      .select(['message', 'seq'])
      .where('conversation_id', '=', conversationId)
      .$if(options.after !== undefined, (query) => query.where('seq', '>', options.after as number))
      .orderBy('seq')
      .limit(options.limit ?? 1000)
      .execute();
    return rows.map((row) => ({
      seq: Number(row.seq),
      ...(JSON.parse(row.message) as ConversationMessage),
    }));
  }

  return {
    scope,
    collections,
    restoreState,
    messages,

    /** Everything the agent needs to run a conversation. */
    async runtimeConfig(conversationId: string): Promise<RuntimeConfig> {
      const target = await scope(conversationId);
      const conversation = await db
        .selectFrom('conversations as c')
        .innerJoin('visitors as v', 'v.id', 'c.visitor_id')
        .select([
          'c.id',
          'c.language',
          'c.input_mode',
          'c.output_mode',
          'c.metadata',
          'c.started_at',
          'c.ended_at',
          'v.external_id',
        ])
        .where('c.id', '=', conversationId)
        .executeTakeFirstOrThrow();
      const history = await db
        .selectFrom('messages')
        .select(['message'])
        .where('conversation_id', '=', conversationId)
        .orderBy('seq', 'desc')
        .limit(50)
        .execute();
      const attached = await collections(target);
      // The first search field of every item (its name, usually): the agent's speech recognizer
      // builds its vocabulary from them.
      const names: string[] = [];
      for (const collection of attached) {
        const field = collection.search_fields?.[0]?.name;
        if (!field) continue;
        const rows = await db
          .selectFrom('collection_items')
          .select('data')
          .where('collection_id', '=', collection.id)
          .orderBy('id')
          .limit(VOCABULARY_LIMIT)
          .execute();
        for (const row of rows) {
          const value = (JSON.parse(row.data) as Record<string, unknown>)[field];
          if (typeof value === 'string') names.push(value);
        }
      }
      // Only the credentials this scenario names, opened for the agent alone.
      const opened = await credentials?.resolve(target.company_id, target.snapshot.voice);
      return {
        ...(opened && Object.keys(opened).length > 0 ? { credentials: opened } : {}),
        conversation: {
          id: conversation.id,
          language: conversation.language,
          // Written only through the session route, whose schema admits `audio` and `text` alone.
          input_mode: conversation.input_mode as SessionMode,
          output_mode: conversation.output_mode as SessionMode,
          metadata: JSON.parse(conversation.metadata) as Record<string, unknown>,
          started_at: conversation.started_at,
          ended_at: conversation.ended_at,
        },
        visitor: { id: target.visitor_id, external_id: conversation.external_id },
        company_id: target.company_id,
        publication_uuid: target.publication_uuid,
        // The prompt and first message of the conversation's language.
        scenario: localizeScenario(target.snapshot, conversation.language),
        collections: attached,
        item_names: [...new Set(names)].slice(0, VOCABULARY_LIMIT),
        restore_state: await restoreState(conversationId),
        // The last 50 messages, oldest first: enough for the model to pick a resumed thread up.
        history: history.reverse().map((row) => JSON.parse(row.message) as ConversationMessage),
      };
    },

    /** Appends messages; a message id seen before is skipped, so retries are harmless. */
    async appendMessages(
      conversationId: string,
      list: ConversationMessage[],
    ): Promise<StoredCount> {
      await scope(conversationId);
      let stored = 0;
      for (const message of list) {
        const values = {
          id: message.id,
          conversation_id: conversationId,
          role: message.role,
          content: message.content,
          message: JSON.stringify(message),
          timestamp: message.timestamp,
        };
        // The message and its tool-call rows in one transaction: a retry skips a message already
        // stored, so rows written apart would be lost if the connection dropped between them.
        stored += await db.transaction().execute(async (transaction) => {
          const result = await transaction
            .insertInto('messages')
            .values(
              database.dialect === 'sqlite'
                ? { ...values, seq: sql<number>`(select coalesce(max(seq), 0) + 1 from messages)` }
                : values,
            )
            .onConflict((conflict) => conflict.column('id').doNothing())
            .executeTakeFirst();
          const inserted = Number(result.numInsertedOrUpdatedRows ?? 0);
          if (inserted > 0) await recordToolCalls(transaction, conversationId, message);
          return inserted;
        });
      }
      return { stored };
    },

    /** Saves a checkpoint; one older than (or as old as) the stored one is ignored. */
    async saveRestoreState(
      conversationId: string,
      state: RestoreState,
    ): Promise<SaveRestoreStateResponse> {
      await scope(conversationId);
      const current = await db
        .selectFrom('restore_checkpoints')
        .select((eb) => eb.fn.max('version').as('version'))
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      const latest =
        current?.version === null || current?.version === undefined ? 0 : Number(current.version);
      const version = state.version ?? latest + 1;
      if (version <= latest)
        return { saved: false, restore_state: await restoreState(conversationId) };
      const saved: RestoreState = {
        ...state,
        version,
        updated_at: state.updated_at ?? new Date().toISOString(),
      };
      await db
        .insertInto('restore_checkpoints')
        .values({
          conversation_id: conversationId,
          version,
          state: JSON.stringify(saved),
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['conversation_id', 'version']).doNothing())
        .execute();
      return { saved: true, restore_state: saved };
    },

    /**
     * Records the end; the first recorded end wins, later ones change nothing. An end stamped
     * before the conversation was last resumed is its old room's and changes nothing either.
     */
    async end(
      conversationId: string,
      reason: string,
      endedAt = new Date().toISOString(),
      detail?: string,
    ): Promise<EndConversationResponse> {
      await scope(conversationId);
      await db
        .updateTable('conversations')
        .set({ ended_at: endedAt, end_reason: reason, end_detail: detail ?? null })
        .where('id', '=', conversationId)
        .where('ended_at', 'is', null)
        .where((eb) => eb.or([eb('resumed_at', 'is', null), eb('resumed_at', '<=', endedAt)]))
        .execute();
      const row = await db
        .selectFrom('conversations')
        .select(['ended_at', 'end_reason'])
        .where('id', '=', conversationId)
        .executeTakeFirstOrThrow();
      return { ended_at: row.ended_at, end_reason: row.end_reason };
    },

    /** Stores per-turn latencies; a turn sent twice keeps its first figures. */
    async recordMetrics(conversationId: string, turns: TurnMetrics[]): Promise<StoredCount> {
      await scope(conversationId);
      if (turns.length === 0) return { stored: 0 };
      const result = await db
        .insertInto('turn_metrics')
        .values(
          turns.map((turn) => ({
            conversation_id: conversationId,
            turn: turn.turn,
            end_of_turn_ms: turn.end_of_turn_ms ?? null,
            stt_ms: turn.stt_ms ?? null,
            llm_ttft_ms: turn.llm_ttft_ms ?? null,
            tts_ttfb_ms: turn.tts_ttfb_ms ?? null,
            e2e_ms: turn.e2e_ms ?? null,
            created_at: new Date().toISOString(),
          })),
        )
        .onConflict((conflict) => conflict.columns(['conversation_id', 'turn']).doNothing())
        .executeTakeFirst();
      return { stored: Number(result.numInsertedOrUpdatedRows ?? 0) };
    },
  };
}

/** The conversations service. */
export type Conversations = ReturnType<typeof createConversations>;
