import { initializeLogger } from '@livekit/agents';
import { FEATURE_TYPES } from '@svc/protocol';
import { DEMO_ADMIN, patchPublicationSnapshot } from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScriptLine } from './providers.js';
import { startAgentWorker, startTestApi, type TestWorker } from './test-support.js';
import { visit, type Visitor } from './test-visitor.js';

// A clinic answering from its own documents on the real worker, the real API (its knowledge base
// on the real embedding model) and a real livekit-server, with the knowledge feature's answers read
// from the passages (`settings.answers: passages`): a question gets the business's own words and
// names the document in the transcript; a question nothing covers gets "I don't know"; small talk
// and the booking tool stay the model's. The model is the scripted one, behind the intent router.
initializeLogger({ pretty: false, level: 'warn' });

const HOURS =
  'Riverbank Clinic is open Monday to Friday from 8:00 to 18:00. On Saturday it opens from 9:00 to 12:00.';
const PARKING = 'Patients park free of charge for two hours in the car park behind the building.';

/** The model: what the router leaves to it. */
const SCRIPT: ScriptLine[] = [
  { when: '^hello there$', reply: 'Hello! Ask me anything about the clinic.' },
  { when: '^book me in on friday$', tools: [{ name: 'book_visit', args: { day: 'friday' } }] },
  { when: '"ok":true.*"visit":"V-9"', reply: 'You are booked for Friday, reference V-9.' },
];

let server: LivekitServer;
let api: Awaited<ReturnType<typeof startTestApi>>;
let worker: TestWorker;
let documents: Record<string, number>;

/** Uploads the clinic's documents through the admin API; answers their ids by title. */
async function upload(apiUrl: string): Promise<Record<string, number>> {
  const login = await fetch(`${apiUrl}/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const ids: Record<string, number> = {};
  for (const [title, text] of [
    ['Opening hours', HOURS],
    ['Parking', PARKING],
  ] as const) {
    const response = await fetch(
      `${apiUrl}/v1/admin/knowledge/documents?title=${encodeURIComponent(title)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        body: text,
      },
    );
    if (!response.ok) throw new Error(`upload ${title}: ${await response.text()}`);
    ids[title] = ((await response.json()) as { id: number }).id;
  }
  return ids;
}

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startTestApi();
  documents = await upload(api.url);
  await patchPublicationSnapshot(api.database, api.demo.publications.production, (snapshot) => ({
    ...snapshot,
    prompt: 'You are the receptionist of Riverbank Clinic.',
    first_message: 'Riverbank Clinic, how can I help?',
    features: [
      {
        name: 'Clinic documents',
        type: FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH,
        settings: { document_ids: Object.values(documents), answers: 'passages' },
        tools: [],
      },
      {
        name: 'Visits',
        type: FEATURE_TYPES.PAGE_TOOLS_CUSTOM,
        settings: {},
        tools: [
          {
            name: 'book_visit',
            type: 'frontend',
            description: 'Book a visit on the day the visitor names',
            parameters: {
              type: 'object',
              properties: { day: { type: 'string' } },
              required: ['day'],
            },
            settings: { operation: 'custom' },
          },
        ],
      },
    ],
    voice: {
      ...snapshot.voice,
      llm: { provider: 'scripted', router: true, script: SCRIPT },
    },
  }));
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

/** A typed conversation past its greeting. */
async function conversation(): Promise<Visitor> {
  const { visitor } = await visit(
    {
      server,
      api,
      workerLog: () => worker.log.join(''),
      pageMethods: {
        book_visit: (request) => ({
          requestId: request.requestId,
          code: 'SUCCESS',
          data: { visit: 'V-9' },
        }),
      },
    },
    'text',
  );
  await visitor.acknowledge();
  await visitor.next(
    'message:new',
    (m) => m.role === 'assistant' && /Riverbank/.test(String(m.content)),
  );
  return visitor;
}

/** Types a turn and answers the agent's reply with words, and the tool messages it brought. */
async function ask(visitor: Visitor, text: string): Promise<{ reply: string; tools: string[] }> {
  const before = visitor.received.length;
  const seen = new Set(
    visitor.received.filter((entry) => entry.topic === 'message:new').map((e) => e.payload.id),
  );
  await visitor.publish('rt.chat', { message: text });
  const reply = await visitor.next(
    'message:new',
    (m) => m.role === 'assistant' && !seen.has(m.id) && Boolean(m.content),
    30_000,
  );
  const tools = visitor.received
    .slice(before)
    .filter((entry) => entry.topic === 'message:new' && entry.payload.role === 'tool')
    .map((entry) => String(entry.payload.content));
  return { reply: String(reply.content), tools };
}

it('answers a question with the business’s own words, naming the document, and says when it does not know', async () => {
  const visitor = await conversation();
  const hours = await ask(visitor, 'When do you close on Saturdays?');
  expect(hours.reply).toBe(HOURS);
  // The transcript keeps what was searched and the document the answer came from.
  expect(hours.tools.join('\n')).toContain('Opening hours');

  const unknown = await ask(visitor, 'Can I buy a second-hand bicycle from you?');
  expect(unknown.reply).toMatch(/^I'm sorry, I don't have any information about that\./);
  await visitor.publish('session:control', { action: 'end' });
}, 60_000);

it('leaves small talk and the business’s own tools to the model', async () => {
  const visitor = await conversation();
  expect((await ask(visitor, 'hello there')).reply).toBe(
    'Hello! Ask me anything about the clinic.',
  );
  const booked = await ask(visitor, 'book me in on friday');
  expect(booked.reply).toBe('You are booked for Friday, reference V-9.');
  expect(visitor.rpcCalls).toEqual([
    {
      method: 'book_visit',
      payload: expect.objectContaining({ tool: 'book_visit', args: { day: 'friday' } }),
    },
  ]);
  await visitor.publish('session:control', { action: 'end' });
}, 60_000);
