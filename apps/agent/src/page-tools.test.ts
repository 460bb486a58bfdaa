import { initializeLogger } from '@livekit/agents';
import { FEATURE_TYPES } from '@svc/protocol';
import type { FeatureSnapshot, ToolSnapshot } from '@svc/protocol/agent';
import { DEMO_ADMIN, patchPublicationSnapshot } from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptLine } from './providers.js';
import {
  neverAnswers,
  pageToolMethods,
  type FeatureTool,
  type SessionTool,
} from './test-page-tools.js';
import { startAgentWorker, startTestApi, type TestWorker } from './test-support.js';
import { visit as openVisit, type Visitor } from './test-visitor.js';

// A service business's own page tools (`settings.operation: custom`, a JSON Schema of its own)
// on the real worker, real livekit-server and real API: the model's call reaches the page over
// RPC with its arguments, and the page's answer, its ERROR, its silence or the conversation's end
// come back to the model and the visitor. The page registers its handlers in both of the SDK's
// patterns: session tools (`start({ tools })`) for the appointments, feature tools (a feature
// registry) for the tables. A front desk authored through the admin API as a page-tools feature
// (`page:tools:custom`) runs the same way, as stored. The LLM is the scripted one, without the intent router: the scenario
// has no shop feature for it to claim turns with.
initializeLogger({ pretty: false, level: 'warn' });

/** What the model asks the page to book: exactly what the page must receive. */
const BOOKING = { service: 'haircut', date: '2026-12-03', time: '14:30', name: 'Ada Lovelace' };

/** The business's own JSON Schema for its booking tools. */
const BOOKING_PARAMETERS = {
  type: 'object',
  properties: {
    service: { type: 'string', description: 'the service to book' },
    date: { type: 'string', description: 'the day, YYYY-MM-DD' },
    time: { type: 'string', description: 'the time, HH:MM' },
    name: { type: 'string', description: "the visitor's name" },
  },
  required: ['service', 'date', 'time', 'name'],
};

/** One page tool of the business: custom, with its schema, and what else the case needs. */
function bookingTool(name: string, extra: Partial<ToolSnapshot> = {}): ToolSnapshot {
  return {
    name,
    type: 'frontend',
    description: `${name.replace(/_/g, ' ')} for the visitor`,
    parameters: BOOKING_PARAMETERS,
    settings: { operation: 'custom' },
    ...extra,
  };
}

/** The tools of one registration pattern, by the case each one plays. */
function caseTools(subject: string, method: string): ToolSnapshot[] {
  return [
    bookingTool(`book_${subject}`),
    bookingTool(`hold_${subject}`, { rpc_timeout_s: 1 }),
    bookingTool(`cancel_${subject}`),
    // A budget far past the test's waits: only the conversation's end can settle this call.
    bookingTool(`pay_${subject}`, { rpc_timeout_s: 300 }),
    bookingTool(`move_${subject}`, { frontend_method: method }),
  ];
}

const FEATURES: FeatureSnapshot[] = [
  {
    name: 'Appointments',
    type: 'booking:appointments',
    settings: {},
    tools: caseTools('appointment', 'agenda_move'),
  },
  {
    name: 'Tables',
    type: 'booking:tables',
    settings: {},
    tools: caseTools('table', 'floor_plan_move'),
  },
];

/** What the model asks the front desk's page tools for. */
const VISIT = { service: 'haircut', date: '2026-12-03', time: '14:30' };

/**
 * A receptionist's page actions as the business authors them: a feature of the page-tools type,
 * its tools named, described and given their own JSON Schema, one on a page method of its own.
 */
const FRONT_DESK = {
  name: 'Front desk',
  type: FEATURE_TYPES.PAGE_TOOLS_CUSTOM,
  tools: ['book_visit', 'cancel_visit'].map((name) => ({
    name,
    type: 'frontend',
    description: `${name.replace(/_/g, ' ')} once the visitor gave a service, a day and a time`,
    parameters: {
      type: 'object',
      properties: {
        service: { type: 'string', enum: ['haircut', 'colour'] },
        date: { type: 'string', format: 'date' },
        time: { type: 'string', description: 'HH:MM' },
      },
      required: ['service', 'date', 'time'],
      additionalProperties: false,
    },
    rpc_timeout_s: 5,
    ...(name === 'book_visit' ? { frontend_method: 'agenda_book' } : {}),
  })),
};

/** The front desk as the admin API stored it: what its publications carry to the agent. */
let frontDesk: FeatureSnapshot;

/** Saves {@link FRONT_DESK} in a scenario through the admin API; answers the stored feature. */
async function authorFrontDesk(apiUrl: string, applicationId: number): Promise<FeatureSnapshot> {
  const send = async (method: string, path: string, token?: string, body?: object) => {
    const response = await fetch(`${apiUrl}/v1/admin${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const { token } = (await send('POST', '/login', undefined, DEMO_ADMIN)) as { token: string };
  const created = await send('POST', '/scenarios', token, {
    application_id: applicationId,
    name: 'Front desk',
    features: [FRONT_DESK],
  });
  const [feature] = created.features as FeatureSnapshot[];
  if (!feature) throw new Error('the front desk was not stored');
  return feature;
}

/**
 * The model: a typed tool name calls that tool with {@link BOOKING}; a tool result is answered by
 * what it says (a confirmation, the page's silence, the page's error).
 */
const SCRIPT: ScriptLine[] = [
  { when: '"ok":true.*"confirmation":"A-1042"', reply: 'Booked, your confirmation is A-1042.' },
  { when: '"ok":true.*"confirmation":"T-2087"', reply: 'Booked, your confirmation is T-2087.' },
  { when: '"ok":true.*"moved_to":"15:00"', reply: 'Done, it is now at three.' },
  { when: '"ok":true.*"visit":"V-7"', reply: 'Your haircut is booked, reference V-7.' },
  {
    when: '"ok":false.*no visit to cancel',
    reply: 'I could not find a visit to cancel on that day.',
  },
  {
    when: '"ok":false.*did not answer in time',
    reply: 'Sorry, the booking page did not answer, so nothing is booked yet.',
  },
  {
    when: '"ok":false.*that slot is taken',
    reply: 'Sorry, that slot is taken. Would another time suit you?',
  },
  // Any other failure gets a reply too, so a case that meets an unexpected reason fails at once
  // on its assertion instead of waiting out its time for a reply.
  { when: '"ok":false', reply: 'Sorry, that did not go through.' },
  ...FEATURES.flatMap((feature) =>
    feature.tools.map((tool) => ({
      when: `^${tool.name}$`,
      tools: [{ name: tool.name, args: BOOKING }],
    })),
  ),
  ...FRONT_DESK.tools.map((tool) => ({
    when: `^${tool.name}$`,
    tools: [{ name: tool.name, args: VISIT }],
  })),
];

/** The appointments page's session tools, keyed by RPC method name as `start({ tools })` takes them. */
const SESSION_TOOLS: Record<string, SessionTool> = {
  book_appointment: () => ({ confirmation: 'A-1042' }),
  hold_appointment: neverAnswers,
  cancel_appointment: () => {
    throw new Error('that slot is taken');
  },
  pay_appointment: neverAnswers,
  agenda_move: () => ({ moved_to: '15:00' }),
  // The front desk's booking, on its own page method.
  agenda_book: () => ({ visit: 'V-7' }),
};

/** The tables feature's handlers, keyed by tool name as a registry entry holds them. */
const FEATURE_TOOLS: Record<string, FeatureTool> = {
  book_table: (requestId) => ({
    requestId,
    response: { code: 'SUCCESS', data: { confirmation: 'T-2087' } },
    componentData: { highlighted: 'T-2087' },
  }),
  hold_table: neverAnswers,
  cancel_table: (requestId) => ({
    requestId,
    response: { code: 'ERROR', data: 'that slot is taken' },
  }),
  pay_table: neverAnswers,
  move_table: (requestId) => ({
    requestId,
    response: { code: 'SUCCESS', data: { moved_to: '15:00' } },
  }),
  // The front desk's cancellation, as a feature tool of a registry keyed by `page:tools:custom`.
  cancel_visit: (requestId) => ({
    requestId,
    response: { code: 'ERROR', data: 'no visit to cancel on 2026-12-03' },
  }),
};

let server: LivekitServer;
let api: Awaited<ReturnType<typeof startTestApi>>;
let worker: TestWorker;
/** Ends every page this file opened, so no handler of theirs is left pending. */
const pagesEnded = new AbortController();

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startTestApi();
  frontDesk = await authorFrontDesk(api.url, api.demo.application_id);
  await patchPublicationSnapshot(api.database, api.demo.publications.production, (snapshot) => ({
    ...snapshot,
    prompt: 'You are the receptionist of a hair salon and restaurant. Book what the visitor asks.',
    first_message: 'Hello, front desk. How can I help?',
    features: [...FEATURES, frontDesk],
    voice: { ...snapshot.voice, llm: { provider: 'scripted', script: SCRIPT } },
  }));
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
}, 180_000);

afterAll(async () => {
  pagesEnded.abort();
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

/** A typed conversation with a page that answers the business's tools in both patterns. */
async function visitWithId(): Promise<{ visitor: Visitor; conversationId: string }> {
  const opened = await openVisit(
    {
      server,
      api,
      workerLog: () => worker.log.join(''),
      pageMethods: pageToolMethods({
        features: [...FEATURES, frontDesk],
        sessionTools: SESSION_TOOLS,
        featureTools: FEATURE_TOOLS,
        ended: pagesEnded.signal,
      }),
    },
    'text',
  );
  await opened.visitor.acknowledge();
  await opened.visitor.next(
    'message:new',
    (m) => m.role === 'assistant' && /front desk/.test(String(m.content)),
  );
  return opened;
}

/** {@link visitWithId}, for the cases that need only the visitor. */
const visit = async (): Promise<Visitor> => (await visitWithId()).visitor;

/** Types a tool's name (the script calls it) and waits for the agent's answer with words. */
async function ask(visitor: Visitor, text: string): Promise<string> {
  const seen = new Set(
    visitor.received.filter((entry) => entry.topic === 'message:new').map((e) => e.payload.id),
  );
  await visitor.publish('rt.chat', { message: text });
  const reply = await visitor.next(
    'message:new',
    (m) => m.role === 'assistant' && !seen.has(m.id) && Boolean(m.content),
    30_000,
  );
  return String(reply.content);
}

/** The tool result the model got for the last call, as the visitor's transcript carries it. */
function lastToolResult(visitor: Visitor): Record<string, unknown> {
  const results = visitor.received.filter(
    (entry) => entry.topic === 'message:new' && entry.payload.role === 'tool',
  );
  return JSON.parse(String(results.at(-1)?.payload.content)) as Record<string, unknown>;
}

describe.each([
  {
    pattern: 'session tool',
    subject: 'appointment',
    confirmation: 'A-1042',
    method: 'agenda_move',
  },
  { pattern: 'feature tool', subject: 'table', confirmation: 'T-2087', method: 'floor_plan_move' },
])('a $pattern of the page on the real worker', ({ subject, confirmation, method }) => {
  it("gets the model's arguments, and its answer reaches the model and the visitor", async () => {
    const visitor = await visit();
    const reply = await ask(visitor, `book_${subject}`);
    expect(visitor.rpcCalls).toEqual([
      {
        method: `book_${subject}`,
        payload: {
          requestId: expect.any(String),
          tool: `book_${subject}`,
          args: BOOKING,
          sentAt: expect.any(Number),
        },
      },
    ]);
    expect(lastToolResult(visitor)).toMatchObject({ ok: true, result: { confirmation } });
    expect(reply).toBe(`Booked, your confirmation is ${confirmation}.`);
    await visitor.end();
  }, 60_000);

  // On a loaded machine the page's acknowledgement can miss the Transport's window, which the
  // Transport reports as a connection failure rather than a late answer: tried again once.
  it(
    'a page that does not answer within rpc_timeout_s: an error result, a clear sentence',
    { timeout: 60_000, retry: 1 },
    async () => {
      const visitor = await visit();
      const reply = await ask(visitor, `hold_${subject}`);
      expect(visitor.rpcCalls.map((call) => call.method)).toEqual([`hold_${subject}`]);
      expect(lastToolResult(visitor)).toMatchObject({
        ok: false,
        error: expect.stringContaining('did not answer in time'),
      });
      expect(reply).toBe('Sorry, the booking page did not answer, so nothing is booked yet.');
      await visitor.end();
    },
  );

  it("a page answering ERROR: an error result with the page's reason, a clear sentence", async () => {
    const visitor = await visit();
    const reply = await ask(visitor, `cancel_${subject}`);
    expect(lastToolResult(visitor)).toMatchObject({
      ok: false,
      error: expect.stringContaining('that slot is taken'),
    });
    expect(reply).toBe('Sorry, that slot is taken. Would another time suit you?');
    await visitor.end();
  }, 60_000);

  it('a frontend_method override: the RPC goes to that method', async () => {
    const visitor = await visit();
    const reply = await ask(visitor, `move_${subject}`);
    expect(visitor.rpcCalls).toEqual([
      { method, payload: expect.objectContaining({ tool: `move_${subject}`, args: BOOKING }) },
    ]);
    expect(reply).toBe('Done, it is now at three.');
    await visitor.end();
  }, 60_000);

  it('the conversation ending during a call settles the call: the model gets why, the agent leaves', async () => {
    const { visitor, conversationId } = await visitWithId();
    await visitor.publish('rt.chat', { message: `pay_${subject}` });
    await until(() => visitor.rpcCalls.length > 0, 'the page call');
    // The page's handler never answers (a 300 s budget) and the visitor stays in the room: only
    // the agent can settle its call.
    await visitor.publish('session:control', { action: 'end' });
    expect(await visitor.next('session:end')).toMatchObject({ reason: 'user_requested' });
    await visitor.agentGone(30_000);
    // Settled as the conversation ended, so its result is in the stored transcript.
    const stored = await api.database.db
      .selectFrom('messages')
      .select(['role', 'content'])
      .where('conversation_id', '=', conversationId)
      .where('role', '=', 'tool')
      .execute();
    expect(stored.map((message) => JSON.parse(message.content) as unknown)).toEqual([
      expect.objectContaining({
        ok: false,
        error: `pay_${subject} did not go through: the call was cancelled before the page answered`,
      }),
    ]);
    await visitor.room.disconnect();
  }, 60_000);
});

describe('a page-tools feature (page:tools:custom) authored through the admin API', () => {
  it('is stored with its schema and its operation declared custom', () => {
    expect(frontDesk).toMatchObject({
      type: 'page:tools:custom',
      tools: FRONT_DESK.tools.map((tool) => ({ ...tool, settings: { operation: 'custom' } })),
    });
  });

  it("a session tool on its frontend_method gets the model's arguments, its answer reaches the visitor", async () => {
    const visitor = await visit();
    const reply = await ask(visitor, 'book_visit');
    expect(visitor.rpcCalls).toEqual([
      {
        method: 'agenda_book',
        payload: {
          requestId: expect.any(String),
          tool: 'book_visit',
          args: VISIT,
          sentAt: expect.any(Number),
        },
      },
    ]);
    expect(lastToolResult(visitor)).toMatchObject({ ok: true, result: { visit: 'V-7' } });
    expect(reply).toBe('Your haircut is booked, reference V-7.');
    await visitor.end();
  }, 60_000);

  it("a feature tool answering ERROR: the page's reason reaches the model, a clear sentence", async () => {
    const visitor = await visit();
    const reply = await ask(visitor, 'cancel_visit');
    expect(visitor.rpcCalls).toEqual([
      { method: 'cancel_visit', payload: expect.objectContaining({ args: VISIT }) },
    ]);
    expect(lastToolResult(visitor)).toMatchObject({
      ok: false,
      error: expect.stringContaining('no visit to cancel on 2026-12-03'),
    });
    expect(reply).toBe('I could not find a visit to cancel on that day.');
    await visitor.end();
  }, 60_000);
});

/** Resolves once `check` holds; fails with `what` after `timeoutMs`. */
async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
