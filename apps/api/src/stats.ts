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

/**
 * The dashboard's queries, one per figure, each over the conversations `filter` selects (the
 * figures' SQL; {@link createStats} runs them).
 */
export function statsQueries(filter: StatsFilter) {
  // The conversations in scope, as a CTE every query starts from: from the company's applications
  // down to their conversations in the window. CROSS JOIN keeps that order on SQLite, which has
  // no statistics to plan with and otherwise scanned every company's turns and tool calls;
  // PostgreSQL treats it as an inner join and plans from its own statistics. Every figure groups
  // by the publication's integer id and names it (uuid, label) only on the few grouped rows:
  // comparing 36-character uuids row by row cost more than the counting.
  const cte = sql`with scoped as (
      select c.id, c.publication_id, c.started_at, c.ended_at, c.end_reason
      from applications a
      cross join scenarios s
      cross join publications p
      cross join conversations c
      where a.company_id = ${filter.companyId} and s.application_id = a.id
        and p.scenario_id = s.id and p.label <> ${PREVIEW_LABEL}
        and c.publication_id = p.id
        and c.started_at >= ${filter.from} and c.started_at < ${filter.to}
        ${filter.publicationUuid !== undefined ? sql`and p.uuid = ${filter.publicationUuid}` : sql``}
        ${filter.scenarioId !== undefined ? sql`and s.id = ${filter.scenarioId}` : sql``}
        ${filter.applicationId !== undefined ? sql`and a.id = ${filter.applicationId}` : sql``}
    )`;
  return {
    publications: sql<PublicationTotals>`${cte}, totals as (
        select publication_id, count(*) as conversations, count(ended_at) as ended,
          sum(case when end_reason = 'completed' then 1 else 0 end) as completed
        from scoped group by publication_id
      )
      select pub.uuid as publication_uuid, pub.label, scenarios.id as scenario_id,
        scenarios.name as scenario_name, totals.conversations, totals.ended, totals.completed
      from totals
      join publications pub on pub.id = totals.publication_id
      join scenarios on scenarios.id = pub.scenario_id
      order by scenarios.id, pub.label`,
    conversations_per_day: sql<Stats['conversations_per_day'][number]>`${cte}, days as (
        select publication_id, substr(started_at, 1, 10) as day, count(*) as conversations
        from scoped group by publication_id, substr(started_at, 1, 10)
      )
      select pub.uuid as publication_uuid, days.day, days.conversations
      from days join publications pub on pub.id = days.publication_id
      order by days.day, pub.uuid`,
    end_reasons: sql<Stats['end_reasons'][number]>`${cte}, reasons as (
        select publication_id, end_reason, count(*) as conversations
        from scoped group by publication_id, end_reason
      )
      select pub.uuid as publication_uuid, reasons.end_reason, reasons.conversations
      from reasons join publications pub on pub.id = reasons.publication_id
      order by pub.uuid, reasons.conversations desc`,
    // Nearest rank: the smallest figure with at least p of the turns at or under it. The turns
    // are first counted per distinct figure (the agent records whole milliseconds, so a few
    // thousand per publication), and a running sum over those counts gives "at or under", which
    // sorts far fewer rows than ranking every turn; integer comparisons (2 n >= turns,
    // 20 n >= 19 turns) keep p exact on both databases.
    turn_latency: sql<Stats['turn_latency'][number]>`${cte}, counted as (
        select sc.publication_id, t.e2e_ms, cast(count(*) as integer) as turns
        from scoped sc cross join turn_metrics t
        where t.conversation_id = sc.id and t.e2e_ms is not null
        group by sc.publication_id, t.e2e_ms
      ), running as (
        select publication_id, e2e_ms,
          sum(turns) over (partition by publication_id order by e2e_ms
            rows unbounded preceding) as at_or_under,
          sum(turns) over (partition by publication_id) as turns
        from counted
      ), figures as (
        select publication_id, max(turns) as turns,
          min(case when 2 * at_or_under >= turns then e2e_ms end) as p50_ms,
          min(case when 20 * at_or_under >= 19 * turns then e2e_ms end) as p95_ms
        from running group by publication_id
      )
      select pub.uuid as publication_uuid, figures.turns, figures.p50_ms, figures.p95_ms
      from figures join publications pub on pub.id = figures.publication_id
      order by pub.uuid`,
    tool_usage: sql<Stats['tool_usage'][number]>`${cte}, used as (
        select sc.publication_id, tc.name, count(*) as calls
        from scoped sc cross join tool_calls tc
        where tc.conversation_id = sc.id and tc.name is not null
        group by sc.publication_id, tc.name
      )
      select pub.uuid as publication_uuid, used.name as tool, used.calls
      from used join publications pub on pub.id = used.publication_id
      order by pub.uuid, used.calls desc, used.name`,
    empty_searches: sql<Stats['empty_searches'][number]>`${cte}, found_nothing as (
        select sc.publication_id, tc.name, tc.query, count(*) as searches
        from scoped sc cross join tool_calls tc
        where tc.conversation_id = sc.id and tc.result_count = 0 and tc.name is not null
        group by sc.publication_id, tc.name, tc.query
      )
      select pub.uuid as publication_uuid, found_nothing.name as tool, found_nothing.query,
        found_nothing.searches
      from found_nothing join publications pub on pub.id = found_nothing.publication_id
      order by pub.uuid, found_nothing.searches desc, found_nothing.query`,
  };
}

/** Dashboard aggregations, computed by the database (SQLite or PostgreSQL). */
export function createStats({ db }: OpenDatabase) {
  const rows = async <Row>(query: RawBuilder<Row>): Promise<Row[]> =>
    (await query.execute(db)).rows;

  return {
    /** Every figure of the dashboard for the conversations `filter` selects. */
    async compute(filter: StatsFilter): Promise<Stats> {
      const queries = statsQueries(filter);
      const [publications, days, reasons, latency, tools, empty] = await Promise.all([
        rows(queries.publications),
        rows(queries.conversations_per_day),
        rows(queries.end_reasons),
        rows(queries.turn_latency),
        rows(queries.tool_usage),
        rows(queries.empty_searches),
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
