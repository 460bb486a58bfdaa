// After each conversation, on the real worker, real livekit-server and real API: a scenario that
// declares fields and criteria gets them read out of the ended conversation by its model (the
// scripted one) and stored through the agent route, where the admin API answers them.
import { initializeLogger } from '@livekit/agents';
import type { ScenarioAnalysis } from '@svc/protocol/agent';
import { DEMO_ADMIN, patchPublicationSnapshot } from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptLine } from './providers.js';
import { startAgentWorker, startTestApi, type TestWorker } from './test-support.js';
import { visit } from './test-visitor.js';

initializeLogger({ pretty: false, level: 'warn' });

const DECLARED: ScenarioAnalysis = {
  fields: [
    { name: 'appointment_date', type: 'date', description: 'the day the visitor booked' },
    { name: 'wants_callback', type: 'boolean', description: 'the visitor asked for a call back' },
  ],
  criteria: [
    { name: 'booked', description: 'the visitor booked an appointment' },
    { name: 'polite', description: 'the agent stayed polite' },
  ],
};

/** The conversation's one turn, then the analysis (answered with a field of the wrong type). */
const SCRIPT: ScriptLine[] = [
  { when: '^book me for thursday$', reply: 'You are booked for Thursday, December 3rd.' },
  {
    when: 'The conversation, which ended',
    reply: JSON.stringify({
      data: { appointment_date: '2026-12-03', wants_callback: 'no' },
      criteria: { booked: { rationale: 'The agent confirmed Thursday.', result: 'success' } },
    }),
  },
];

let server: LivekitServer;
let api: Awaited<ReturnType<typeof startTestApi>>;
let worker: TestWorker;

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startTestApi();
  await patchPublicationSnapshot(api.database, api.demo.publications.production, (snapshot) => ({
    ...snapshot,
    prompt: 'You are the receptionist of a clinic.',
    first_message: 'Hello, clinic front desk.',
    features: [],
    analysis: DECLARED,
    voice: { ...snapshot.voice, llm: { provider: 'scripted', script: SCRIPT } },
  }));
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

/** The admin API's answer for a conversation's analysis. */
async function storedAnalysis(conversationId: string): Promise<unknown> {
  const login = await fetch(`${api.url}/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${api.url}/v1/admin/conversations/${conversationId}/analysis`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { analysis: unknown }).analysis;
}

describe('the post-call analysis on the real worker', () => {
  it('reads the declared fields and criteria out of the ended conversation and stores them', async () => {
    const { visitor, conversationId } = await visit(
      { server, api, workerLog: () => worker.log.join('') },
      'text',
    );
    await visitor.acknowledge();
    await visitor.publish('rt.chat', { message: 'book me for thursday' });
    await visitor.next(
      'message:new',
      (message) => message.role === 'assistant' && /booked/.test(String(message.content)),
      30_000,
    );
    await visitor.end();
    // The analysis runs after the end: the route answers null until it is stored.
    let analysis: unknown = null;
    for (let tries = 0; analysis === null && tries < 120; tries += 1) {
      analysis = await storedAnalysis(conversationId);
      if (analysis === null) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(analysis).toEqual({
      data: { appointment_date: '2026-12-03', wants_callback: null },
      criteria: [
        { name: 'booked', result: 'success', rationale: 'The agent confirmed Thursday.' },
        { name: 'polite', result: 'unknown', rationale: '' },
      ],
    });
  }, 90_000);
});
