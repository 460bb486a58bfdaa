import { initializeLogger } from '@livekit/agents';
import { FEATURE_TYPES } from '@svc/protocol';
import type { FeatureSnapshot } from '@svc/protocol/agent';
import {
  DEMO_ADMIN,
  patchPublicationSnapshot,
  startWebhookEndpoint,
  webhookOutboundFor,
  type WebhookEndpoint,
} from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { verifyWebhook } from '@svc/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScriptLine } from './providers.js';
import { startAgentWorker, startTestApi, type TestWorker } from './test-support.js';
import { visit } from './test-visitor.js';

// A clinic's webhook tool on the real worker, real livekit-server and real API: the model's call
// goes to the API, which calls the clinic's HTTPS endpoint (a local server; its name resolves
// there through the API's test-only outbound option) signed and with the clinic's secret in its
// header, and the endpoint's answer reaches the model and the visitor's transcript. The LLM is the
// scripted one: the scenario has no shop feature for the intent router to claim turns with.
initializeLogger({ pretty: false, level: 'warn' });

const API_KEY_VALUE = 'clinic-backend-key-4f7Q';
const APPOINTMENT = { doctor: 'dr-okafor', date: '2026-12-03' };

let server: LivekitServer;
let api: Awaited<ReturnType<typeof startTestApi>>;
let worker: TestWorker;
let endpoint: WebhookEndpoint;
let signingKey = '';
let clinic: FeatureSnapshot;

/** The admin API of the test API, signed in as the demo admin. */
async function admin(method: string, path: string, token?: string, body?: object) {
  const response = await fetch(`${api.url}/v1/admin${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  endpoint = await startWebhookEndpoint();
  endpoint.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"booked":true,"time":"09:40","reference":"K-311"}');
  });
  server = await startLivekitServer();
  api = await startTestApi({ app: { webhookOutbound: webhookOutboundFor() } });
  const { token } = (await admin('POST', '/login', undefined, DEMO_ADMIN)) as { token: string };
  await admin('PUT', '/secrets/clinic-key', token, { value: API_KEY_VALUE });
  signingKey = (await admin('POST', '/webhook-signing-key', token)).secret as string;
  const created = await admin('POST', '/scenarios', token, {
    application_id: api.demo.application_id,
    name: 'Clinic',
    features: [
      {
        name: 'Clinic calendar',
        type: FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM,
        tools: [
          {
            name: 'book_appointment',
            type: 'server',
            description: 'Book an appointment with a doctor on a day',
            parameters: {
              type: 'object',
              properties: { doctor: { type: 'string' }, date: { type: 'string' } },
              required: ['doctor', 'date'],
            },
            settings: {
              webhook: {
                method: 'POST',
                url: `${endpoint.origin}/doctors/{doctor}/appointments`,
                headers: { 'x-api-key': '{{secret:clinic-key}}' },
                timeout_s: 5,
              },
            },
          },
        ],
      },
    ],
  });
  const [feature] = created.features as FeatureSnapshot[];
  if (!feature) throw new Error('the clinic feature was not stored');
  clinic = feature;
  const script: ScriptLine[] = [
    {
      // The result as the model reads it (`result` before `ok`): the booking's reference.
      when: '"reference":"K-311".*"ok":true',
      reply: 'You are booked at 9:40, reference K-311.',
    },
    { when: '"ok":false', reply: 'Sorry, the booking did not go through.' },
    { when: 'book me', tools: [{ name: 'book_appointment', args: APPOINTMENT }] },
  ];
  await patchPublicationSnapshot(api.database, api.demo.publications.production, (snapshot) => ({
    ...snapshot,
    prompt: 'You are the receptionist of a clinic. Book what the visitor asks.',
    first_message: 'Hello, clinic reception. How can I help?',
    features: [clinic],
    voice: { ...snapshot.voice, llm: { provider: 'scripted', script } },
  }));
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await server?.stop();
  await endpoint?.close();
});

it("the model's webhook tool call reaches the clinic's endpoint, and its answer the transcript", async () => {
  const { visitor } = await visit({ server, api, workerLog: () => worker.log.join('') }, 'text');
  await visitor.acknowledge();
  const greeting = await visitor.next(
    'message:new',
    (message) => message.role === 'assistant' && /clinic reception/.test(String(message.content)),
  );
  await visitor.publish('rt.chat', { message: 'book me with doctor Okafor on the third' });
  const reply = await visitor.next(
    'message:new',
    (message) =>
      message.role === 'assistant' && Boolean(message.content) && message.id !== greeting.id,
    30_000,
  );
  expect(reply.content).toBe('You are booked at 9:40, reference K-311.');

  expect(endpoint.received).toHaveLength(1);
  const [request] = endpoint.received;
  expect(request).toMatchObject({
    method: 'POST',
    url: '/doctors/dr-okafor/appointments',
    body: JSON.stringify(APPOINTMENT),
  });
  expect(request?.headers['x-api-key']).toBe(API_KEY_VALUE);
  expect(() =>
    verifyWebhook(request?.body ?? '', request?.headers['svc-signature'] as string, signingKey),
  ).not.toThrow();

  const toolMessages = visitor.received.filter(
    (entry) => entry.topic === 'message:new' && entry.payload.role === 'tool',
  );
  expect(JSON.parse(String(toolMessages.at(-1)?.payload.content))).toMatchObject({
    ok: true,
    result: { booked: true, reference: 'K-311' },
  });
  // The agent never held the secret: neither the worker's log nor the transcript carries it.
  expect(worker.log.join('')).not.toContain(API_KEY_VALUE);
  expect(JSON.stringify(visitor.received)).not.toContain(API_KEY_VALUE);
  await visitor.end();
}, 60_000);
