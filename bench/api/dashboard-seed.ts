// The dashboard benchmark's data: a company with several applications, scenarios and labels made
// through the admin API as a business would make them, then 10,000 conversations of its visitors
// over 90 days written in batches (messages, turn latencies, tool calls with searches that found
// nothing, end reasons), plus conversations the dashboard must leave out (studio previews,
// another company's). Random but seeded: every run writes the same rows.
import type { OpenDatabase, TestApi } from '@svc/api/testing';
import { DEMO_SCENARIO, random } from '@svc/api/testing';

/** How much to write. */
export interface SeedSize {
  /** The measured company's conversations (previews and the other company's come on top). */
  conversations: number;
  /** Days back from now over which they start. */
  days: number;
  /** The seed's clock (default: the real one); pin it to compare two runs' answers. */
  now?: Date | undefined;
}

/** What the timing needs to know about the seeded company. */
export interface SeededDashboard {
  /** A signed-in admin of the measured company. */
  token: string;
  companyId: number;
  /** Its publications, busiest first (production and staging of every scenario). */
  publications: string[];
  applications: number[];
  /** Rows written per table, for the report. */
  rows: Record<string, number>;
  /** When the conversations end: `started_at` of the newest is before it. */
  now: Date;
}

type Rows = Record<string, unknown>[];
type Table = 'visitors' | 'conversations' | 'messages' | 'turn_metrics' | 'tool_calls';

// Under SQLite's 32,766 bound parameters for the widest table (messages, 7 columns).
const BATCH = 1_000;

async function insertAll(database: OpenDatabase, table: Table, rows: Rows): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      // The rows are built to the table's columns; Kysely's per-table value types are not worth
      // restating here for generated data.
      await trx
        .insertInto(table)
        .values(rows.slice(start, start + BATCH) as never)
        .execute();
    }
  });
}

// What visitors ask a shop's assistant for; the last ones are rarely in stock.
const QUERIES = [
  'hiking boots',
  'waterproof jacket',
  'tent',
  '2 person tent',
  'sleeping bag',
  'headlamp',
  'trail shoes',
  'rain pants',
  'backpack 40l',
  'camping stove',
  'water filter',
  'trekking poles',
  'wool socks',
  'fleece',
  'down jacket',
  'kayak',
  'snowshoes',
  'gps watch',
  'climbing rope',
  'bear spray',
];
const RARE = new Set(['kayak', 'snowshoes', 'gps watch', 'climbing rope', 'bear spray']);
const OTHER_TOOLS = ['show_product', 'compare_products', 'add_to_cart', 'remove_from_cart'];
const END_REASONS: [string, number][] = [
  ['completed', 0.52],
  ['visitor_left', 0.27],
  ['timeout', 0.09],
  ['user_ended', 0.06],
  ['agent_unavailable', 0.02],
  ['error', 0.01],
];

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)] as T;
}

function weighted<T>(next: () => number, list: readonly [T, number][]): T | undefined {
  let roll = next() * list.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of list) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return undefined;
}

/** A normal draw (Box-Muller), for log-normal latencies. */
function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

function uuid(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Rows of conversations on some publications, with everything the dashboard reads. */
class ConversationWriter {
  readonly rows: Record<Table, Rows> = {
    visitors: [],
    conversations: [],
    messages: [],
    turn_metrics: [],
    tool_calls: [],
  };
  private seq = 0;
  private visitorId: number;
  private readonly visitorsOf = new Map<number, number[]>();

  constructor(
    private readonly next: () => number,
    private readonly dialect: OpenDatabase['dialect'],
    firstVisitorId: number,
    private readonly now: Date,
  ) {
    this.visitorId = firstVisitorId;
  }

  /** A visitor of the application: a returning one three times in ten. */
  private visitor(applicationId: number): number {
    const known = this.visitorsOf.get(applicationId) ?? [];
    if (known.length > 0 && this.next() < 0.3) return pick(this.next, known);
    const id = this.visitorId++;
    this.rows.visitors.push({
      id,
      application_id: applicationId,
      external_id: `visitor-${id}`,
      created_at: this.now.toISOString(),
    });
    known.push(id);
    this.visitorsOf.set(applicationId, known);
    return id;
  }

  private message(conversation: string, at: number, message: Record<string, unknown>): void {
    const timestamp = new Date(at).toISOString();
    const full = { ...message, timestamp };
    // SQLite's seq is a plain unique column the API fills; PostgreSQL's is a bigserial.
    this.rows.messages.push({
      id: message.id,
      conversation_id: conversation,
      role: message.role,
      content: message.content,
      message: JSON.stringify(full),
      timestamp,
      ...(this.dialect === 'sqlite' ? { seq: ++this.seq } : {}),
    });
  }

  /** One conversation started at `startedAt` on a publication of the application. */
  add(publicationId: number, applicationId: number, startedAt: number): void {
    const next = this.next;
    const id = uuid(next);
    const typed = next() < 0.2;
    const turns = 1 + Math.min(14, Math.floor(-Math.log(1 - next()) * 4));
    let at = startedAt;
    this.message(id, at, {
      id: `${id}-greeting`,
      role: 'assistant',
      content: 'Hi, welcome! What are you looking for today?',
    });
    let calls = 0;
    for (let turn = 1; turn <= turns; turn++) {
      at += 4_000 + next() * 20_000;
      const query = pick(next, QUERIES);
      this.message(id, at, { id: `${id}-u${turn}`, role: 'user', content: `do you have ${query}` });
      // Voice-to-voice around 0.9 s with a long tail; typed turns skip the speech parts.
      const stt = typed ? null : Math.round(120 + next() * 260);
      const llm = Math.round(Math.exp(5.9 + 0.45 * gaussian(next)));
      const tts = Math.round(70 + next() * 180);
      const endOfTurn = typed ? null : Math.round(250 + next() * 300);
      const e2e = next() < 0.04 ? null : (endOfTurn ?? 0) + (stt ?? 0) + llm + tts;
      this.rows.turn_metrics.push({
        conversation_id: id,
        turn,
        end_of_turn_ms: endOfTurn,
        stt_ms: stt,
        llm_ttft_ms: llm,
        tts_ttfb_ms: tts,
        e2e_ms: e2e,
        created_at: new Date(at).toISOString(),
      });
      if (next() < 0.55) {
        const search = next() < 0.65;
        const name = search ? 'search_products' : pick(next, OTHER_TOOLS);
        // Some searches carry only filters; some words are a visitor's own.
        const words = next() < 0.05 ? null : next() < 0.1 ? `${query} ${turn}${calls}` : query;
        const found = RARE.has(query) ? next() < 0.2 : next() < 0.9;
        const count = search ? (found ? 1 + Math.floor(next() * 12) : 0) : null;
        // A conversation cut before the answer leaves the call unanswered.
        const answered = next() < 0.97;
        const callId = `call-${turn}-${calls++}`;
        this.message(id, at + 400, {
          id: `${id}-c${callId}`,
          role: 'assistant',
          content: '',
          tool_calls: [{ id: callId, name, arguments: search ? { query: words } : {} }],
        });
        if (answered)
          this.message(id, at + 700, {
            id: `${id}-r${callId}`,
            role: 'tool',
            tool_call_id: callId,
            content: JSON.stringify(
              search
                ? { ok: true, result: { collection_id: 1, count, items: [] } }
                : { ok: true, result: 'shown' },
            ),
          });
        this.rows.tool_calls.push({
          conversation_id: id,
          call_id: callId,
          name,
          query: search ? words : null,
          result_count: answered ? count : null,
        });
      }
      this.message(id, at + 900, { id: `${id}-a${turn}`, role: 'assistant', content: 'Here.' });
    }
    // The newest conversations may still run; a few old ones never recorded their end.
    const running = this.now.getTime() - at < 30 * 60_000 || next() < 0.03;
    const reason = running ? undefined : weighted(next, END_REASONS);
    if (reason === 'completed')
      this.rows.tool_calls.push({
        conversation_id: id,
        call_id: `call-end`,
        name: 'end_conversation',
        query: null,
        result_count: null,
      });
    this.rows.conversations.push({
      id,
      publication_id: publicationId,
      visitor_id: this.visitor(applicationId),
      language: 'en-US',
      input_mode: typed ? 'text' : 'audio',
      output_mode: typed ? 'text' : 'audio',
      metadata: JSON.stringify({ page: pick(next, ['home', 'product', 'cart']) }),
      started_at: new Date(startedAt).toISOString(),
      ended_at: reason ? new Date(at + 2_000).toISOString() : null,
      end_reason: reason ?? null,
    });
  }

  async write(database: OpenDatabase): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of Object.keys(this.rows) as Table[]) {
      await insertAll(database, table, this.rows[table]);
      counts[table] = this.rows[table].length;
    }
    return counts;
  }
}

/** A start time in the last `days` days: more recent days busier, weekends quieter, daytime. */
function startTime(next: () => number, now: Date, days: number): number {
  for (;;) {
    const daysBack = Math.floor(next() * days);
    const growth = 0.6 + (0.4 * (days - daysBack)) / days;
    const day = new Date(now.getTime() - daysBack * 86_400_000);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    if (next() > growth * (weekend ? 0.7 : 1)) continue;
    const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
    const time = midnight + (7 + next() * 16) * 3_600_000;
    // Today's conversations have not all happened yet.
    if (time < now.getTime() - 60_000) return time;
  }
}

/**
 * Seeds the dashboard's data into a test API booted on the demo: a new company signed up through
 * the API, three applications with two scenarios each, each published to production and staging,
 * one previewed; then the conversations, in batches.
 */
export async function seedDashboard(api: TestApi, size: SeedSize): Promise<SeededDashboard> {
  const call = async <Answer>(
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    body?: object,
  ) => {
    const response = await api.app.inject({
      method,
      url: `/v1/admin${url}`,
      ...(body ? { payload: body } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<Answer>();
  };
  const { token } = await call<{ token: string }>('POST', '/signup', undefined, {
    company_name: 'Bench Outfitters',
    email: 'bench@outfitters.example',
    password: 'bench-password-123',
  });
  const me = await call<{ company: { id: number } }>('GET', '/me', token);
  const published: { id: number; application: number; uuid: string }[] = [];
  const applications: number[] = [];
  let previewUuid = '';
  for (const shop of ['Web shop', 'Rentals', 'Help center']) {
    const application = await call<{ id: number }>('POST', '/applications', token, { name: shop });
    applications.push(application.id);
    for (const name of ['Assistant', 'Guide']) {
      const scenario = await call<{ id: number }>('POST', '/scenarios', token, {
        ...DEMO_SCENARIO.definition,
        name: `${shop} ${name}`,
        application_id: application.id,
      });
      for (const label of ['production', 'staging']) {
        const publication = await call<{ uuid: string }>(
          'POST',
          `/scenarios/${scenario.id}/publish`,
          token,
          { label },
        );
        published.push({ id: 0, application: application.id, uuid: publication.uuid });
      }
      if (!previewUuid)
        previewUuid = (
          await call<{ publication_uuid: string }>(
            'POST',
            `/scenarios/${scenario.id}/preview`,
            token,
            {
              output_mode: 'text',
            },
          )
        ).publication_uuid;
    }
  }
  const { db } = api.database;
  const ids = new Map(
    (await db.selectFrom('publications').select(['id', 'uuid']).execute()).map((row) => [
      row.uuid,
      row.id,
    ]),
  );
  for (const publication of published) publication.id = ids.get(publication.uuid) ?? 0;
  const lastVisitor = await db
    .selectFrom('visitors')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();

  const now = size.now ?? new Date();
  const next = random(20261124);
  const writer = new ConversationWriter(
    next,
    api.database.dialect,
    Number(lastVisitor?.id ?? 0) + 1,
    now,
  );
  // Production labels carry most visitors, the first scenarios most of all.
  const shares = published.map((_, n) => (n % 2 === 0 ? 24 : 3) / (1 + Math.floor(n / 2) * 0.5));
  const traffic = published.map((publication, n): [typeof publication, number] => [
    publication,
    shares[n] ?? 1,
  ]);
  for (let n = 0; n < size.conversations; n++) {
    const publication = weighted(next, traffic) ?? published[0];
    if (!publication) throw new Error('no publication to seed');
    writer.add(publication.id, publication.application, startTime(next, now, size.days));
  }
  // Left out by the dashboard: the studio's previews and the demo company's visitors.
  const preview = ids.get(previewUuid);
  const previewApplication = applications[0];
  const demo = ids.get(api.seeded.publicationUuid);
  const demoApplication = await db
    .selectFrom('publications')
    .innerJoin('scenarios', 'scenarios.id', 'publications.scenario_id')
    .select('scenarios.application_id')
    .where('publications.uuid', '=', api.seeded.publicationUuid)
    .executeTakeFirstOrThrow();
  for (let n = 0; n < size.conversations / 50; n++)
    writer.add(preview ?? 0, previewApplication ?? 0, startTime(next, now, size.days));
  for (let n = 0; n < size.conversations / 10; n++)
    writer.add(demo ?? 0, demoApplication.application_id, startTime(next, now, size.days));
  // Visitors get their ids here, past the demo's; on PostgreSQL that leaves its sequence behind,
  // which is harmless because nothing identifies a new visitor after the seed.
  const rows = await writer.write(api.database);
  const busiest = new Map<string, number>();
  for (const conversation of writer.rows.conversations) {
    const uuid = published.find((p) => p.id === conversation.publication_id)?.uuid;
    if (uuid) busiest.set(uuid, (busiest.get(uuid) ?? 0) + 1);
  }
  return {
    token,
    companyId: me.company.id,
    publications: [...busiest].sort((a, b) => b[1] - a[1]).map(([uuid]) => uuid),
    applications,
    rows,
    now,
  };
}
