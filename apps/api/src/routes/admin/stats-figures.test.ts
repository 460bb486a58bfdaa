import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { PREVIEW_LABEL } from '../../publications.js';
import { random } from '../../seed/products.js';
import { statsQueries, type Stats, type StatsFilter } from '../../stats.js';
import { adminToken, describeOnBothDialects } from '../../test-harness.js';

// The dashboard's figures on a few hundred generated conversations (ties, turns without a
// latency, results that came before their call, previews and another company beside them),
// checked against the same figures computed here in TypeScript, for every filter the route takes,
// on SQLite and PostgreSQL alike.

interface Row {
  id: string;
  publication: Publication;
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
  latencies: (number | null)[];
  calls: { name: string | null; query: string | null; result_count: number | null }[];
}

interface Publication {
  id: number;
  uuid: string;
  label: string;
  scenario_id: number;
  scenario_name: string;
  application_id: number;
  company_id: number;
}

/** Nearest rank over the sorted figures: the ceil(p n)-th smallest. */
function nearestRank(sorted: number[], numerator: number, denominator: number): number {
  return sorted[Math.ceil((numerator * sorted.length) / denominator) - 1] as number;
}

/** What the route must answer for `filter`, computed from the rows. */
function expected(rows: Row[], filter: StatsFilter): Stats {
  const inScope = rows.filter(
    (row) =>
      row.publication.company_id === filter.companyId &&
      row.publication.label !== PREVIEW_LABEL &&
      row.started_at >= filter.from &&
      row.started_at < filter.to &&
      (filter.publicationUuid === undefined || row.publication.uuid === filter.publicationUuid) &&
      (filter.scenarioId === undefined || row.publication.scenario_id === filter.scenarioId) &&
      (filter.applicationId === undefined ||
        row.publication.application_id === filter.applicationId),
  );
  const count = <Key extends string>(keys: Key[]) => {
    const counts = new Map<Key, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const split = (key: string) => JSON.parse(key) as [string, string | null, string | null];
  const byPublication = new Map<string, Row[]>();
  for (const row of inScope)
    byPublication.set(row.publication.uuid, [
      ...(byPublication.get(row.publication.uuid) ?? []),
      row,
    ]);
  const calls = inScope.flatMap((row) =>
    row.calls.filter((call) => call.name !== null).map((call) => ({ row, ...call })),
  );
  return {
    publications: [...byPublication.values()].map((list) => {
      const publication = (list[0] as Row).publication;
      return {
        publication_uuid: publication.uuid,
        label: publication.label,
        scenario_id: publication.scenario_id,
        scenario_name: publication.scenario_name,
        conversations: list.length,
        ended: list.filter((row) => row.ended_at !== null).length,
        completed: list.filter((row) => row.end_reason === 'completed').length,
      };
    }),
    conversations_per_day: [
      ...count(
        inScope.map((row) => JSON.stringify([row.publication.uuid, row.started_at.slice(0, 10)])),
      ),
    ].map(([key, conversations]) => {
      const [publication_uuid, day] = split(key);
      return { publication_uuid, day: day as string, conversations };
    }),
    end_reasons: [
      ...count(inScope.map((row) => JSON.stringify([row.publication.uuid, row.end_reason]))),
    ].map(([key, conversations]) => {
      const [publication_uuid, end_reason] = split(key);
      return { publication_uuid, end_reason, conversations };
    }),
    turn_latency: [...byPublication]
      .map(([publication_uuid, list]) => {
        const figures = list
          .flatMap((row) => row.latencies)
          .filter((figure): figure is number => figure !== null)
          .sort((a, b) => a - b);
        return figures.length === 0
          ? undefined
          : {
              publication_uuid,
              turns: figures.length,
              p50_ms: nearestRank(figures, 1, 2),
              p95_ms: nearestRank(figures, 19, 20),
            };
      })
      .filter((row) => row !== undefined),
    tool_usage: [
      ...count(calls.map((call) => JSON.stringify([call.row.publication.uuid, call.name]))),
    ].map(([key, calls]) => {
      const [publication_uuid, tool] = split(key);
      return { publication_uuid, tool: tool as string, calls };
    }),
    empty_searches: [
      ...count(
        calls
          .filter((call) => call.result_count === 0)
          .map((call) => JSON.stringify([call.row.publication.uuid, call.name, call.query])),
      ),
    ].map(([key, searches]) => {
      const [publication_uuid, tool, query] = split(key);
      return { publication_uuid, tool: tool as string, query, searches };
    }),
  };
}

/** Rows in one order: the databases order ties (and nulls) each their own way. */
function canonical(stats: Stats): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(stats).map(([key, list]) => [
      key,
      (list as object[]).map((row) => JSON.stringify(row, Object.keys(row).sort())).sort(),
    ]),
  );
}

/** Stores a conversation with its turns' latencies and its tool calls, as the agent's API would. */
async function store(
  db: Kysely<Database>,
  conversation: Omit<
    Database['conversations'],
    | 'language'
    | 'input_mode'
    | 'output_mode'
    | 'metadata'
    | 'resumed_at'
    | 'end_detail'
    | 'room'
    | 'client_address'
  >,
  latencies: (number | null)[],
  calls: Row['calls'] = [],
): Promise<void> {
  await db
    .insertInto('conversations')
    .values({
      ...conversation,
      language: 'en-US',
      input_mode: 'audio',
      output_mode: 'audio',
      metadata: '{}',
    })
    .execute();
  if (latencies.length > 0)
    await db
      .insertInto('turn_metrics')
      .values(
        latencies.map((e2e_ms, turn) => ({
          conversation_id: conversation.id,
          turn,
          end_of_turn_ms: null,
          stt_ms: null,
          llm_ttft_ms: null,
          tts_ttfb_ms: null,
          e2e_ms,
          created_at: conversation.started_at,
        })),
      )
      .execute();
  if (calls.length > 0)
    await db
      .insertInto('tool_calls')
      .values(
        calls.map((call, n) => ({
          conversation_id: conversation.id,
          call_id: `call-${n}`,
          ...call,
        })),
      )
      .execute();
}

describeOnBothDialects('dashboard figures', (harness, dialect) => {
  const DAY = 86_400_000;
  const start = Date.parse('2026-03-01T00:00:00.000Z');

  it('match the figures computed from the same rows, for every filter', async () => {
    const { fixture, app } = harness();
    const { db } = fixture.database;
    const now = new Date(start).toISOString();
    // Beside the fixture's two publications: a staging label, a preview and another company's.
    const base = await db
      .selectFrom('publications')
      .select(['scenario_id', 'snapshot'])
      .where('uuid', '=', fixture.publicationUuid)
      .executeTakeFirstOrThrow();
    for (const [label, uuid] of [
      ['staging', '33333333-3333-4333-8333-333333333333'],
      [PREVIEW_LABEL, '44444444-4444-4444-8444-444444444444'],
    ] as const) {
      await db
        .insertInto('publications')
        .values({
          uuid,
          label,
          scenario_id: base.scenario_id,
          snapshot: base.snapshot,
          published_at: now,
        })
        .execute();
    }
    const foreignApplication = await db
      .insertInto('applications')
      .values({
        company_id: fixture.foreignCompanyId,
        name: 'Theirs',
        allowed_origins: '[]',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreignScenario = await db
      .insertInto('scenarios')
      .values({
        application_id: foreignApplication.id,
        name: 'Their assistant',
        definition: '{}',
        language: 'en-US',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('publications')
      .values({
        uuid: '55555555-5555-4555-8555-555555555555',
        label: 'production',
        scenario_id: foreignScenario.id,
        snapshot: '{}',
        published_at: now,
      })
      .execute();
    const publications: Publication[] = await db
      .selectFrom('publications as p')
      .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .select([
        'p.id',
        'p.uuid',
        'p.label',
        'p.scenario_id',
        's.name as scenario_name',
        's.application_id',
        'a.company_id',
      ])
      .execute();
    const visitors = new Map<number, number>();
    for (const publication of publications) {
      if (visitors.has(publication.application_id)) continue;
      const visitor = await db
        .insertInto('visitors')
        .values({
          application_id: publication.application_id,
          external_id: 'figures',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      visitors.set(publication.application_id, visitor.id);
    }

    const next = random(8);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const rows = Array.from({ length: 240 }, (_, n): Row => {
      const ended = next() < 0.8;
      return {
        id: `figures-${n}`,
        publication: pick(publications),
        started_at: new Date(start + Math.floor(next() * 10 * DAY)).toISOString(),
        ended_at: ended ? new Date(start + 11 * DAY).toISOString() : null,
        end_reason: ended ? pick(['completed', 'visitor_left', 'timeout']) : null,
        // Few distinct figures, so many ties; some turns carry no latency.
        latencies: Array.from({ length: Math.floor(next() * 6) }, () =>
          next() < 0.1 ? null : 200 + 50 * Math.floor(next() * 30),
        ),
        calls: Array.from({ length: Math.floor(next() * 4) }, () => ({
          // A result stored before its call has no name yet.
          name: next() < 0.1 ? null : pick(['search_products', 'show_product', 'add_to_cart']),
          query: next() < 0.2 ? null : pick(['kayak', 'boots', 'tent']),
          result_count: next() < 0.3 ? null : pick([0, 0, 1, 4]),
        })),
      };
    });
    for (const row of rows)
      await store(
        db,
        {
          id: row.id,
          publication_id: row.publication.id,
          visitor_id: visitors.get(row.publication.application_id) as number,
          started_at: row.started_at,
          ended_at: row.ended_at,
          end_reason: row.end_reason,
        },
        row.latencies,
        row.calls,
      );

    const token = await adminToken(app);
    const shop = publications.find((p) => p.uuid === fixture.publicationUuid) as Publication;
    const window = {
      from: new Date(start - DAY).toISOString(),
      to: new Date(start + 20 * DAY).toISOString(),
    };
    const filters: { query: Record<string, string>; filter: StatsFilter }[] = [
      { query: window, filter: { companyId: fixture.companyId, ...window } },
      {
        query: { ...window, publication_uuid: shop.uuid },
        filter: { companyId: fixture.companyId, ...window, publicationUuid: shop.uuid },
      },
      {
        query: { ...window, scenario_id: String(shop.scenario_id) },
        filter: { companyId: fixture.companyId, ...window, scenarioId: shop.scenario_id },
      },
      {
        query: { ...window, application_id: String(fixture.applicationId) },
        filter: { companyId: fixture.companyId, ...window, applicationId: fixture.applicationId },
      },
    ];
    // A window that cuts days in the middle: [from, to) by the second.
    const cut = {
      from: new Date(start + 2.5 * DAY).toISOString(),
      to: new Date(start + 6.25 * DAY).toISOString(),
    };
    filters.push({ query: cut, filter: { companyId: fixture.companyId, ...cut } });
    for (const { query, filter } of filters) {
      const response = await app.inject({
        url: `/v1/admin/stats?${new URLSearchParams(query).toString()}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      const {
        from: _from,
        to: _to,
        ...answer
      } = response.json<Stats & { from: string; to: string }>();
      const want = expected(rows, filter);
      // The data holds what the figures are about, so a pass is not a pass on empty lists.
      expect(want.turn_latency.length).toBeGreaterThan(0);
      expect(want.empty_searches.length).toBeGreaterThan(0);
      expect(canonical(answer)).toEqual(canonical(want));
    }
  });

  it('rank latencies exactly where p n is a whole number', async () => {
    const { fixture, app } = harness();
    const { db } = fixture.database;
    // A year no other test uses, so these turns are alone in the window.
    const window = { from: '2025-01-01T00:00:00.000Z', to: '2025-01-02T00:00:00.000Z' };
    const publication = await db
      .selectFrom('publications as p')
      .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
      .select(['p.id', 's.application_id'])
      .where('p.uuid', '=', fixture.otherPublicationUuid)
      .executeTakeFirstOrThrow();
    const visitor = await db
      .insertInto('visitors')
      .values({
        application_id: publication.application_id,
        external_id: 'figures-ranks',
        created_at: window.from,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await adminToken(app);
    // 20 turns: p50 is the 10th (2 x 10 = 20), p95 the 19th (20 x 19 = 19 x 20); one more
    // turn moves both up by one rank.
    for (const [turns, p50, p95] of [
      [20, 1000, 1900],
      [21, 1100, 2000],
    ] as const) {
      // Stored out of order; the extra turn in the second conversation is the slowest.
      await store(
        db,
        {
          id: `figures-ranks-${turns}`,
          publication_id: publication.id,
          visitor_id: visitor.id,
          started_at: `2025-01-01T0${turns - 20}:00:00.000Z`,
          ended_at: null,
          end_reason: null,
        },
        turns === 20 ? Array.from({ length: 20 }, (_, n) => ((n * 7) % 20) * 100 + 100) : [2100],
      );
      const response = await app.inject({
        url: `/v1/admin/stats?${new URLSearchParams(window).toString()}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.json<Stats>().turn_latency).toEqual([
        { publication_uuid: fixture.otherPublicationUuid, turns, p50_ms: p50, p95_ms: p95 },
      ]);
    }
  });

  // PostgreSQL plans from its statistics, so its plans are not the query's to fix: SQLite only.
  if (dialect === 'sqlite')
    it('on SQLite, walk from the company to its conversations and read turns and calls by index', async () => {
      const { db } = harness().fixture.database;
      const queries = statsQueries({
        companyId: harness().fixture.companyId,
        from: '2026-01-01T00:00:00.000Z',
        to: '2027-01-01T00:00:00.000Z',
      });
      for (const [figure, query] of Object.entries(queries)) {
        const plan = (
          await sql<{ detail: string }>`explain query plan ${query}`.execute(db)
        ).rows.map((row) => row.detail);
        // Scanning a whole table would read every company's conversations, turns or calls.
        expect(
          plan.filter((step) => /^SCAN (a|s|p|c|t|tc)\b/.test(step)),
          figure,
        ).toEqual([]);
        expect(
          plan.some((step) => step.includes('INDEX conversations_dashboard')),
          figure,
        ).toBe(true);
        if (figure === 'turn_latency')
          expect(plan.some((step) => step.includes('COVERING INDEX turn_metrics_latency'))).toBe(
            true,
          );
        if (figure === 'tool_usage' || figure === 'empty_searches')
          expect(plan.some((step) => step.includes('COVERING INDEX tool_calls_dashboard'))).toBe(
            true,
          );
      }
    });
});
