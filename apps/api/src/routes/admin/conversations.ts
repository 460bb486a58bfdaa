import { Readable } from 'node:stream';
import type { TurnMetrics } from '@svc/protocol/agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Conversations } from '../../conversations.js';
import type { OpenDatabase } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { PREVIEW_LABEL } from '../../publications.js';
import type { Holds, Same } from '../protocol-match.js';
import { adminErrors, companyOf, errorBody, json, recordIdParam } from './shared.js';

const filters = z.object({
  publication_uuid: z.uuid().optional(),
  scenario_id: recordIdParam.optional(),
  external_id: z.string().max(256).optional(),
  status: z.enum(['running', 'ended']).optional(),
  /** An end reason such as `completed` or `visitor_left`. */
  end_reason: z.string().min(1).max(64).optional(),
  /** Previews the studio started (label `_preview`): `include` (default), `exclude` or `only`. */
  previews: z.enum(['include', 'exclude', 'only']).default('include'),
  /** ISO timestamps bounding `started_at`. */
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
type Filters = Partial<z.infer<typeof filters>>;

/** A conversation in a listing. */
const conversation = z.object({
  id: z.string(),
  publication_uuid: z.string(),
  label: z.string(),
  scenario_id: z.number(),
  external_id: z.string(),
  language: z.string(),
  input_mode: z.string(),
  output_mode: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
  message_count: z.number(),
});
const nullableMs = z.number().nullable();
/** A turn's latencies as stored (`TurnMetrics` with every part present, null when unmeasured). */
const storedTurnMetrics = z.object({
  turn: z.number(),
  end_of_turn_ms: nullableMs,
  stt_ms: nullableMs,
  llm_ttft_ms: nullableMs,
  tts_ttfb_ms: nullableMs,
  e2e_ms: nullableMs,
});
/** A conversation with everything that happened in it. */
const conversationDetail = conversation.extend({
  /** `ConversationMessage`s as the agent sent them, with their arrival order. */
  messages: z.array(
    z.looseObject({ seq: z.number(), id: z.string(), role: z.string(), content: z.string() }),
  ),
  restore_state: z.looseObject({}),
  /** Every saved checkpoint, oldest first (`restore_state` is the last). */
  restore_checkpoints: z.array(
    z.object({ version: z.number(), state: z.looseObject({}), created_at: z.string() }),
  ),
  turn_metrics: z.array(storedTurnMetrics),
});

/**
 * The stored figures against the protocol's `TurnMetrics`, where the shape is declared: every
 * field is there, null where the agent did not measure it. A mismatch is a compile error.
 */
export type StoredTurnMetricsMatchTheProtocol = Holds<
  Same<z.output<typeof storedTurnMetrics>, Required<TurnMetrics>>
>;

/** A cursor is the last row's `started_at|id`, base64url, so pages stay stable while rows arrive. */
const encodeCursor = (row: { started_at: string; id: string }) =>
  Buffer.from(`${row.started_at}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { started_at: string; id: string } {
  const [started_at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  // A string the schema allows, but not one this API answered: 422.
  if (!started_at || !id) throw new HttpError(422, 'cursor: not a cursor this API answered');
  return { started_at, id };
}

const CSV_COLUMNS = [
  'id',
  'publication_uuid',
  'label',
  'external_id',
  'language',
  'input_mode',
  'output_mode',
  'started_at',
  'ended_at',
  'end_reason',
  'message_count',
] as const;
/**
 * One CSV cell. Text a visitor or tenant chose (an external id, a label) that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return would run as a formula in a spreadsheet: as OWASP's CSV
 * injection advice has it, such a cell gets a leading `'` (shown as text) and is quoted.
 */
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text))
    return `"'${text.replaceAll('"', '""')}"`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Conversations with their messages and metrics: filtered, paginated, exported. */
export function conversationRoutes(
  database: OpenDatabase,
  conversations: Conversations,
): FastifyPluginAsyncZod {
  const { db } = database;
  const tags = ['admin: conversations'];

  const query = (companyId: number, f: Filters) =>
    db
      .selectFrom('conversations as c')
      .innerJoin('publications as p', 'p.id', 'c.publication_id')
      .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .innerJoin('visitors as v', 'v.id', 'c.visitor_id')
      .select((eb) => [
        'c.id',
        'p.uuid as publication_uuid',
        'p.label',
        's.id as scenario_id',
        'v.external_id',
        'c.language',
        'c.input_mode',
        'c.output_mode',
        'c.metadata',
        'c.started_at',
        'c.ended_at',
        'c.end_reason',
        eb
          .selectFrom('messages as m')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .as('message_count'),
      ])
      .where('a.company_id', '=', companyId)
      .$if(f.publication_uuid !== undefined, (q) =>
        q.where('p.uuid', '=', f.publication_uuid as string),
      )
      .$if(f.scenario_id !== undefined, (q) => q.where('s.id', '=', f.scenario_id as number))
      .$if(f.external_id !== undefined, (q) =>
        q.where('v.external_id', '=', f.external_id as string),
      )
      .$if(f.status === 'running', (q) => q.where('c.ended_at', 'is', null))
      .$if(f.status === 'ended', (q) => q.where('c.ended_at', 'is not', null))
      .$if(f.end_reason !== undefined, (q) => q.where('c.end_reason', '=', f.end_reason as string))
      .$if(f.previews === 'exclude', (q) => q.where('p.label', '!=', PREVIEW_LABEL))
      .$if(f.previews === 'only', (q) => q.where('p.label', '=', PREVIEW_LABEL))
      .$if(f.from !== undefined, (q) =>
        q.where('c.started_at', '>=', new Date(f.from as string).toISOString()),
      )
      .$if(f.to !== undefined, (q) =>
        q.where('c.started_at', '<', new Date(f.to as string).toISOString()),
      )
      .orderBy('c.started_at', 'desc')
      .orderBy('c.id', 'desc');
  const toWire = <T extends { metadata: string; message_count: number | null }>(row: T) => ({
    ...row,
    metadata: json<Record<string, unknown>>(row.metadata),
    message_count: Number(row.message_count ?? 0),
  });

  return async (app) => {
    app.get(
      '/conversations',
      {
        schema: {
          operationId: 'listConversations',
          tags,
          summary: 'List conversations, newest first (cursor paginated, filtered)',
          querystring: filters.extend({
            limit: z.coerce.number().int().min(1).max(200).default(50),
            cursor: z.string().max(200).optional(),
          }),
          response: {
            200: z.object({
              conversations: z.array(conversation),
              next_cursor: z.string().nullable(),
            }),
            ...adminErrors,
            422: errorBody('The cursor is not one this API answered'),
          },
        },
      },
      async (request) => {
        const { limit, cursor, ...f } = request.query;
        const after = cursor ? decodeCursor(cursor) : undefined;
        const rows = await query(companyOf(request), f)
          .$if(after !== undefined, (q) =>
            q.where((eb) =>
              eb.or([
                eb('c.started_at', '<', after?.started_at as string),
                eb.and([
                  eb('c.started_at', '=', after?.started_at as string),
                  eb('c.id', '<', after?.id as string),
                ]),
              ]),
            ),
          )
          .limit(limit + 1)
          .execute();
        const pageRows = rows.slice(0, limit);
        const last = pageRows[pageRows.length - 1];
        return {
          conversations: pageRows.map(toWire),
          next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
        };
      },
    );

    app.get(
      '/conversations/export',
      {
        schema: {
          operationId: 'exportConversations',
          tags,
          summary: 'Export conversations (streamed): NDJSON with messages, or CSV without',
          querystring: filters.extend({ format: z.enum(['ndjson', 'csv']).default('ndjson') }),
          response: {
            200: {
              description: 'One JSON object a line (with messages), or CSV with a header row',
              content: {
                'application/x-ndjson': { schema: z.string() },
                'text/csv': { schema: z.string() },
              },
            },
            ...adminErrors,
          },
        },
      },
      async (request, reply) => {
        const { format, ...f } = request.query;
        const companyId = companyOf(request);
        // Pages of 200 rows, one after another: the export never holds everything in memory.
        async function* lines(): AsyncGenerator<string> {
          if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\n`;
          let after: { started_at: string; id: string } | undefined;
          for (;;) {
            const rows = await query(companyId, f)
              .$if(after !== undefined, (q) =>
                q.where((eb) =>
                  eb.or([
                    eb('c.started_at', '<', after?.started_at as string),
                    eb.and([
                      eb('c.started_at', '=', after?.started_at as string),
                      eb('c.id', '<', after?.id as string),
                    ]),
                  ]),
                ),
              )
              .limit(200)
              .execute();
            for (const row of rows) {
              const wire = toWire(row);
              if (format === 'csv')
                yield `${CSV_COLUMNS.map((column) => csvCell(wire[column])).join(',')}\n`;
              else
                yield `${JSON.stringify({ ...wire, messages: await conversations.messages(row.id, { limit: 10_000 }) })}\n`;
            }
            const last = rows[rows.length - 1];
            if (!last || rows.length < 200) return;
            after = last;
          }
        }
        const day = new Date().toISOString().slice(0, 10);
        return (
          reply
            .header(
              'content-type',
              format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
            )
            .header('content-disposition', `attachment; filename="conversations-${day}.${format}"`)
            // A stream, which the documented string body types cannot name.
            .send(Readable.from(lines()) as unknown as string)
        );
      },
    );

    app.get(
      '/conversations/:id',
      {
        schema: {
          operationId: 'getConversation',
          tags,
          summary:
            'A conversation with its messages, restore checkpoints (the last is its restore state) and turn metrics',
          params: z.object({ id: z.string().min(1).max(128) }),
          response: { 200: conversationDetail, ...adminErrors },
        },
      },
      async (request) => {
        const row = await query(companyOf(request), {})
          .where('c.id', '=', request.params.id)
          .executeTakeFirst();
        if (!row) throw new HttpError(404, `unknown conversation ${request.params.id}`);
        const metrics = await db
          .selectFrom('turn_metrics')
          .select(['turn', 'end_of_turn_ms', 'stt_ms', 'llm_ttft_ms', 'tts_ttfb_ms', 'e2e_ms'])
          .where('conversation_id', '=', row.id)
          .orderBy('turn')
          .execute();
        const checkpoints = await db
          .selectFrom('restore_checkpoints')
          .select(['version', 'state', 'created_at'])
          .where('conversation_id', '=', row.id)
          .orderBy('version')
          .execute();
        const detail: z.input<typeof conversationDetail> = {
          ...toWire(row),
          // Stored as the agent sent them: fields a newer agent adds are kept, hence loose.
          messages: (await conversations.messages(row.id, { limit: 10_000 })) as z.input<
            typeof conversationDetail
          >['messages'],
          restore_state: { ...(await conversations.restoreState(row.id)) },
          restore_checkpoints: checkpoints.map((checkpoint) => ({
            version: Number(checkpoint.version),
            state: json<Record<string, unknown>>(checkpoint.state),
            created_at: checkpoint.created_at,
          })),
          turn_metrics: metrics,
        };
        return detail;
      },
    );
  };
}
