// Webhook tool overhead: what a webhook tool call through the API adds over the business
// endpoint's own time. A local HTTPS endpoint answers after a fixed pause (its "work"); each round
// calls it once directly (Node's https client, keep-alive, as a business's own client would) and
// once as the agent does (the agent route on the API over loopback HTTP: the conversation and
// tool looked up, the secret opened into a header, the request signed, sent through the guarded
// fetch, the answer capped). Rounds alternate so both see the same load. Prints p50/p95 and
// writes a dated report under bench/results/.
// Run: npm run webhooks -w @svc/bench   (ROUNDS=300 WARMUP=20 ENDPOINT_MS=20 by default)
import { writeFileSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import { availableParallelism, cpus } from 'node:os';
import { FEATURE_TYPES } from '@svc/protocol';
import {
  DEMO_ADMIN,
  patchPublicationSnapshot,
  startTestApi,
  startWebhookEndpoint,
  TEST_AGENT_KEY,
  WEBHOOK_ENDPOINT_CERTIFICATE,
  webhookOutboundFor,
} from '@svc/api/testing';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 20);
const ENDPOINT_MS = Number(process.env.ENDPOINT_MS ?? 20);
/** The goal for the overhead's p95. */
const GOAL_P95_MS = 50;

const ARGS = { clinic: 'north', date: '2026-12-03' };
const ANSWER = JSON.stringify({ booked: true, time: '09:40', reference: 'K-311' });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const endpoint = await startWebhookEndpoint();
endpoint.answer((_request, response) => {
  setTimeout(() => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(ANSWER);
  }, ENDPOINT_MS);
});
const api = await startTestApi({ listen: true, app: { webhookOutbound: webhookOutboundFor() } });
const apiUrl = api.url as string;

const admin = async (method: string, path: string, token?: string, body?: object) => {
  const response = await fetch(`${apiUrl}/v1/admin${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
};
const { token } = (await admin('POST', '/login', undefined, DEMO_ADMIN)) as { token: string };
await admin('PUT', '/secrets/clinic-key', token, { value: 'clinic-backend-key-0123' });
await admin('POST', '/webhook-signing-key', token);
await patchPublicationSnapshot(api.database, api.seeded.publications.production, (snapshot) => ({
  ...snapshot,
  features: [
    {
      name: 'Clinic calendar',
      type: FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM,
      settings: {},
      tools: [
        {
          name: 'book',
          type: 'server',
          description: 'Book an appointment',
          parameters: {
            type: 'object',
            properties: { clinic: { type: 'string' }, date: { type: 'string' } },
          },
          settings: {
            operation: 'custom',
            webhook: {
              method: 'POST',
              url: `${endpoint.origin}/clinics/{clinic}/bookings`,
              headers: { 'x-api-key': '{{secret:clinic-key}}' },
            },
          },
        },
      ],
    },
  ],
}));
const conversation = await api.openConversation({ mode: 'text' });
const toolUrl = `${apiUrl}/v1/agent/conversations/${conversation.id}/webhook-tools/book/calls`;

const direct = new Agent({ keepAlive: true, ca: WEBHOOK_ENDPOINT_CERTIFICATE });
/** One call straight to the endpoint; ms. */
function callDirect(): Promise<number> {
  const body = JSON.stringify(ARGS);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        servername: 'hooks.shop.test',
        port: endpoint.port,
        path: '/clinics/north/bookings',
        method: 'POST',
        agent: direct,
        headers: { 'content-type': 'application/json', host: 'hooks.shop.test' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(performance.now() - started));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
/** One call as the agent makes it; ms. */
async function callThroughApi(round: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(toolUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_AGENT_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ arguments: ARGS, tool_call_id: `call-${round}` }),
  });
  const result = (await response.json()) as { ok?: boolean; error?: string };
  if (!result.ok) throw new Error(`the tool call failed: ${result.error ?? response.status}`);
  return performance.now() - started;
}

const directMs: number[] = [];
const throughMs: number[] = [];
const overheadMs: number[] = [];
for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
  // Alternating which goes first keeps a slow moment from landing on one side only.
  const first = round % 2 === 0;
  const a = first ? await callDirect() : await callThroughApi(round);
  const b = first ? await callThroughApi(round) : await callDirect();
  if (round < WARMUP) continue;
  const [own, through] = first ? [a, b] : [b, a];
  directMs.push(own);
  throughMs.push(through);
  overheadMs.push(through - own);
}
direct.destroy();
await api.close();
await endpoint.close();

const row = (name: string, values: number[]) =>
  `| ${name} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 95).toFixed(1)} |`;
const p95 = percentile(overheadMs, 95);
const now = new Date();
const stamp = now.toISOString().slice(0, 16).replace('T', '-').replace(':', '-');
const report = `# Webhook tool overhead, ${now.toISOString().slice(0, 10)}

\`npm run webhooks -w @svc/bench\` (ROUNDS=${ROUNDS}, WARMUP=${WARMUP}, ENDPOINT_MS=${ENDPOINT_MS}),
${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), SQLite, everything on loopback.

An HTTPS endpoint that answers after ${ENDPOINT_MS} ms, called ${ROUNDS} times directly and ${ROUNDS} times
through the agent route (\`POST /v1/agent/conversations/{id}/webhook-tools/{name}/calls\`), alternating.
The overhead is, per round, the call through the API minus the direct call.

| ms | p50 | p95 |
|---|---|---|
${row('endpoint alone (direct)', directMs)}
${row('through the API', throughMs)}
${row('overhead', overheadMs)}

Goal: overhead p95 <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}.
`;
const path = new URL(`../results/webhook-tools-${stamp}.md`, import.meta.url);
writeFileSync(path, report);
console.log(report);
console.log(`written to ${path.pathname}`);
