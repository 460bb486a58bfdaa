import { sql, type RawBuilder } from 'kysely';
import type { OpenDatabase } from './db/database.js';
import { PREVIEW_LABEL } from './publications.js';

/**
 * Which conversations a dashboard counts: one company's, started in `[from, to)`; the studio's
 * previews are not visitors and never count.
 */
export interface StatsFilter {
  companyId: number;
  /** ISO timestamps bounding `started_at`. */
  from: string;
  to: string;
  publicationUuid?: string | undefined;
  scenarioId?: number | undefined;
  applicationId?: number | undefined;
}

/** One publication's totals. */
export interface PublicationTotals {
  publication_uuid: string;
  label: string;
  scenario_id: number;
  scenario_name: string;
  conversations: number;
  /** Conversations with a recorded end. */
  ended: number;
  /** Ended with reason `completed` (the end tool: the visitor was done). */
  completed: number;
}

/** The dashboard's figures; every row names its publication. */
export interface Stats {
  publications: PublicationTotals[];
  /** UTC days (`YYYY-MM-DD`) with at least one conversation, oldest first. */
  conversations_per_day: { publication_uuid: string; day: string; conversations: number }[];
  /** `end_reason` null: still running (or never recorded). */
  end_reasons: { publication_uuid: string; end_reason: string | null; conversations: number }[];
  /** Voice-to-voice (`e2e_ms`) by nearest rank; turns without the figure are left out. */
  turn_latency: { publication_uuid: string; turns: number; p50_ms: number; p95_ms: number }[];
  tool_usage: { publication_uuid: string; tool: string; calls: number }[];
  /**
   * Searches whose result was empty, by tool and query (null: a search without words), from the
   * tool calls recorded as messages arrive (`tool-calls.ts`).
   */
  empty_searches: {
    publication_uuid: string;
    tool: string;
    query: string | null;
    searches: number;
  }[];
}

/** Dashboard aggregations, computed by the database (SQLite or PostgreSQL). */
export function createStats({ db }: OpenDatabase) {
  // The conversations in scope with their publication, as a CTE every query starts from.
  const scoped = (filter: StatsFilter): RawBuilder<unknown> => sql`with scoped as (
      select c.id, c.started_at, c.ended_at, c.end_reason, p.uuid as publication_uuid
      from conversations c
      join publications p on p.id = c.publication_id
      join scenarios s on s.id = p.scenario_id
      join applications a on a.id = s.application_id
      where a.company_id = ${filter.companyId} and p.label <> ${PREVIEW_LABEL}
        and c.started_at >= ${filter.from} and c.started_at < ${filter.to}
        ${filter.publicationUuid !== undefined ? sql`and p.uuid = ${filter.publicationUuid}` : sql``}
        ${filter.scenarioId !== undefined ? sql`and s.id = ${filter.scenarioId}` : sql``}
        ${filter.applicationId !== undefined ? sql`and a.id = ${filter.applicationId}` : sql``}
    )`;
  const rows = async <Row>(query: RawBuilder<Row>): Promise<Row[]> =>
    (await query.execute(db)).rows;

  return {
    /** Every figure of the dashboard for the conversations `filter` selects. */
    async compute(filter: StatsFilter): Promise<Stats> {
      const cte = scoped(filter);
      const [publications, days, reasons, latency, tools, empty] = await Promise.all([
        rows<PublicationTotals>(sql`${cte}
          select sc.publication_uuid, p.label, s.id as scenario_id, s.name as scenario_name,
            count(*) as conversations, count(sc.ended_at) as ended,
            sum(case when sc.end_reason = 'completed' then 1 else 0 end) as completed
          from scoped sc
          join publications p on p.uuid = sc.publication_uuid
          join scenarios s on s.id = p.scenario_id
          group by sc.publication_uuid, p.label, s.id, s.name
          order by s.id, p.label`),
        rows<Stats['conversations_per_day'][number]>(sql`${cte}
          select publication_uuid, substr(started_at, 1, 10) as day, count(*) as conversations
          from scoped group by publication_uuid, substr(started_at, 1, 10)
          order by day, publication_uuid`),
        rows<Stats['end_reasons'][number]>(sql`${cte}
          select publication_uuid, end_reason, count(*) as conversations
          from scoped group by publication_uuid, end_reason
          order by publication_uuid, conversations desc`),
        // Nearest rank: the smallest figure with at least p of the turns at or under it, from one
        // sorted window both databases have.
        rows<Stats['turn_latency'][number]>(sql`${cte}, ranked as (
            select sc.publication_uuid, t.e2e_ms,
              cume_dist() over (partition by sc.publication_uuid order by t.e2e_ms) as share
            from scoped sc join turn_metrics t on t.conversation_id = sc.id
            where t.e2e_ms is not null
          )
          select publication_uuid, count(*) as turns,
            min(case when share >= 0.5 then e2e_ms end) as p50_ms,
            min(case when share >= 0.95 then e2e_ms end) as p95_ms
          from ranked group by publication_uuid order by publication_uuid`),
        rows<Stats['tool_usage'][number]>(sql`${cte}
          select sc.publication_uuid, tc.name as tool, count(*) as calls
          from scoped sc join tool_calls tc on tc.conversation_id = sc.id
          where tc.name is not null
          group by sc.publication_uuid, tc.name order by sc.publication_uuid, calls desc, tool`),
        rows<Stats['empty_searches'][number]>(sql`${cte}
          select sc.publication_uuid, tc.name as tool, tc.query, count(*) as searches
          from scoped sc join tool_calls tc on tc.conversation_id = sc.id
          where tc.result_count = 0 and tc.name is not null
          group by sc.publication_uuid, tc.name, tc.query
          order by sc.publication_uuid, searches desc, tc.query`),
      ]);
      // PostgreSQL answers counts as bigint strings.
      const numbers = <Row extends object>(list: Row[], keys: (keyof Row)[]): Row[] =>
        list.map((row) => {
          const copy = { ...row };
          for (const key of keys) copy[key] = Number(row[key]) as Row[keyof Row];
          return copy;
        });
      return {
        publications: numbers(publications, ['scenario_id', 'conversations', 'ended', 'completed']),
        conversations_per_day: numbers(days, ['conversations']),
        end_reasons: numbers(reasons, ['conversations']),
        turn_latency: numbers(latency, ['turns', 'p50_ms', 'p95_ms']),
        tool_usage: numbers(tools, ['calls']),
        empty_searches: numbers(empty, ['searches']),
      };
    },
  };
}

/** The dashboard aggregations. */
export type StatsService = ReturnType<typeof createStats>;
