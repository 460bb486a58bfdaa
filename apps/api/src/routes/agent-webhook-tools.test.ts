import { FEATURE_TYPES } from '@svc/protocol';
import { verifyWebhook } from '@svc/webhooks';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { adminCaller, adminToken, AGENT_KEY, describeOnBothDialects } from '../test-harness.js';
import {
  patchPublicationSnapshot,
  startWebhookEndpoint,
  webhookOutboundFor,
  type WebhookEndpoint,
} from '../testing/index.js';

// A webhook tool end to end: saved with its checks, run by the agent route against a local HTTPS
// endpoint (the names resolve there through the test-only outbound option), signed, with its
// header filled from a sealed secret that no answer or log line ever shows. On SQLite and
// PostgreSQL.

const SECRET_VALUE = 'backend-api-key-Zq8vT3';
const logLines: string[] = [];
let endpoint: WebhookEndpoint;

beforeAll(async () => {
  endpoint = await startWebhookEndpoint();
});
afterAll(() => endpoint.close());
beforeEach(() => {
  endpoint.received.length = 0;
  endpoint.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"booked","slot":"10:30"}');
  });
});

/** A webhook tool of the scenario, its settings merged over a booking call. */
const webhookTool = (name: string, webhook: Record<string, unknown>) => ({
  name,
  type: 'server',
  description: 'Book an appointment in the clinic calendar',
  parameters: {
    type: 'object',
    properties: {
      clinic: { type: 'string' },
      date: { type: 'string', description: 'YYYY-MM-DD' },
    },
    required: ['clinic', 'date'],
  },
  settings: {
    operation: 'custom',
    webhook: {
      method: 'POST',
      url: `${endpoint.origin}/clinics/{clinic}/bookings`,
      headers: { authorization: 'Bearer {{secret:backend-key}}', 'x-shop': 'acme' },
      ...webhook,
    },
  },
});

describeOnBothDialects(
  'webhook tools',
  (harness) => {
    const call = adminCaller(() => harness().app);
    const responses: string[] = [];
    let token = '';
    let signingKey = '';

    /** Serves `tools` on the fixture publication and opens a conversation on it. */
    const conversationWith = async (tools: object[]) => {
      await patchPublicationSnapshot(
        harness().fixture.database,
        harness().fixture.publicationUuid,
        (snapshot) => ({
          ...snapshot,
          features: [
            ...(snapshot.features ?? []).filter(
              (feature) => feature.type !== FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM,
            ),
            {
              name: 'Clinic backend',
              type: FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM,
              settings: {},
              tools: tools as never,
            },
          ],
        }),
      );
      const visitor = await harness().visitor(`patient-${Math.random()}`);
      return harness().conversation(visitor.id);
    };
    const runTool = async (conversationId: string, name: string, args: object, key = AGENT_KEY) => {
      const response = await harness().app.inject({
        method: 'POST',
        url: `/v1/agent/conversations/${conversationId}/webhook-tools/${name}/calls`,
        headers: { authorization: `Bearer ${key}` },
        payload: { arguments: args, tool_call_id: 'call-1' },
      });
      responses.push(response.body);
      return { status: response.statusCode, body: response.json() };
    };

    beforeAll(async () => {
      token = await adminToken(harness().app);
      const stored = await call('PUT', '/secrets/backend-key', token, { value: SECRET_VALUE });
      responses.push(JSON.stringify(stored.body));
      expect(stored).toMatchObject({
        status: 201,
        body: { name: 'backend-key', value_hint: '…8vT3' },
      });
      const created = await call('POST', '/webhook-signing-key', token);
      responses.push(JSON.stringify(created.body));
      expect(created.status).toBe(201);
      signingKey = created.body.secret as string;
    });

    it('refuses at save a tool the API could not call safely, naming the field', async () => {
      const refused: [Record<string, unknown>, string][] = [
        [{ url: 'http://hooks.example.com/book' }, 'must be an https:// address'],
        [{ url: 'https://user:pw@hooks.example.com/book' }, 'user name or password'],
        [{ url: 'https://10.0.0.8/book' }, 'private or reserved'],
        [{ url: 'https://[::ffff:127.0.0.1]/book' }, 'private or reserved'],
        [{ url: 'https://hooks.example.com/{patient}' }, 'names {patient}'],
        [{ url: 'https://{clinic}.example.com/book' }, 'not in its host'],
        [{ retries: 2 }, 'idempotency-key'],
        [{ timeout_s: 60 }, 'timeout_s'],
        [{ headers: { 'svc-signature': 'forged' } }, 'set by the platform'],
        [{ headers: { authorization: 'Bearer {{env:HOME}}' } }, '{{secret:name}}'],
        [{ method: 'TRACE' }, 'webhook.method'],
      ];
      for (const [webhook, message] of refused) {
        const response = await call('POST', '/scenarios', token, {
          application_id: harness().fixture.applicationId,
          name: 'Clinic',
          features: [
            {
              name: 'Clinic backend',
              type: FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM,
              tools: [webhookTool('book', { url: 'https://hooks.example.com/book', ...webhook })],
            },
          ],
        });
        expect(response.status, JSON.stringify(webhook)).toBe(422);
        expect(response.body.error).toContain('features[0].tools[0].settings.webhook');
        expect(response.body.error).toContain(message);
      }
      const saved = await call('POST', '/scenarios', token, {
        application_id: harness().fixture.applicationId,
        name: 'Clinic',
        features: [
          {
            name: 'Clinic backend',
            type: FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM,
            tools: [
              webhookTool('book', {
                url: 'https://hooks.example.com/clinics/{clinic}',
                retries: 1,
                idempotency_key: true,
              }),
            ],
          },
        ],
      });
      expect(saved.status).toBe(201);
    });

    it('calls the endpoint signed, with the secret in its header, and gives the model the answer', async () => {
      const conversationId = await conversationWith([webhookTool('book', {})]);
      const answer = await runTool(conversationId, 'book', {
        clinic: 'north side',
        date: '2026-12-01',
      });
      expect(answer).toEqual({
        status: 200,
        body: { ok: true, result: { status: 'booked', slot: '10:30' } },
      });
      expect(endpoint.received).toHaveLength(1);
      const [request] = endpoint.received;
      expect(request).toMatchObject({
        method: 'POST',
        url: '/clinics/north%20side/bookings',
        body: '{"clinic":"north side","date":"2026-12-01"}',
      });
      expect(request?.headers).toMatchObject({
        authorization: `Bearer ${SECRET_VALUE}`,
        'x-shop': 'acme',
        'content-type': 'application/json',
        'idempotency-key': `${conversationId}:call-1`,
      });
      const signature = request?.headers['svc-signature'] as string;
      expect(() => verifyWebhook(request?.body ?? '', signature, signingKey)).not.toThrow();
      expect(() => verifyWebhook(`${request?.body} `, signature, signingKey)).toThrow();
    });

    it('puts a GET call’s arguments in the query string and signs its path and query', async () => {
      const conversationId = await conversationWith([
        webhookTool('slots', { method: 'GET', url: `${endpoint.origin}/clinics/{clinic}/slots` }),
      ]);
      expect(
        (await runTool(conversationId, 'slots', { clinic: 'north', date: '2026-12-01' })).body,
      ).toMatchObject({ ok: true });
      const [request] = endpoint.received;
      expect(request?.url).toBe('/clinics/north/slots?date=2026-12-01');
      expect(() =>
        verifyWebhook(request?.url ?? '', request?.headers['svc-signature'] as string, signingKey),
      ).not.toThrow();
    });

    it('retries only idempotent calls, as often as the tool says', async () => {
      endpoint.answer((_request, response) => {
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end('down for maintenance');
      });
      const conversationId = await conversationWith([
        webhookTool('slots', { method: 'GET', retries: 2 }),
        // Stored past the save check: the runner still never repeats a POST without a key.
        webhookTool('book', { retries: 2 }),
        webhookTool('book_once', { retries: 1, idempotency_key: true }),
      ]);
      const slots = await runTool(conversationId, 'slots', { clinic: 'north', date: 'd' });
      expect(slots.body).toEqual({
        ok: false,
        error: "slots did not go through: the business's server answered 503: down for maintenance",
      });
      expect(endpoint.received).toHaveLength(3);
      endpoint.received.length = 0;
      expect((await runTool(conversationId, 'book', { clinic: 'north', date: 'd' })).body.ok).toBe(
        false,
      );
      expect(endpoint.received).toHaveLength(1);
      endpoint.received.length = 0;
      await runTool(conversationId, 'book_once', { clinic: 'north', date: 'd' });
      expect(endpoint.received.map((request) => request.headers['idempotency-key'])).toEqual([
        `${conversationId}:call-1`,
        `${conversationId}:call-1`,
      ]);
    });

    it('ends with an error the agent can say when the endpoint does not answer in time', async () => {
      endpoint.answer(() => undefined);
      const conversationId = await conversationWith([
        webhookTool('book', { timeout_s: 0.5 }),
        // Long enough for the TLS handshake on a loaded machine, so the first attempt arrives.
        webhookTool('slots', { method: 'GET', retries: 2, timeout_s: 3 }),
      ]);
      expect((await runTool(conversationId, 'book', { clinic: 'north', date: 'd' })).body).toEqual({
        ok: false,
        error: "book did not go through: the business's server did not answer within 0.5 s",
      });
      // The timeout bounds the whole call: a timed-out attempt leaves no time for a retry.
      await runTool(conversationId, 'slots', { clinic: 'north', date: 'd' });
      expect(endpoint.received.filter((request) => request.method === 'GET')).toHaveLength(1);
    });

    it('gives the model at most the tool’s cap of a long answer, and says it was cut', async () => {
      endpoint.answer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('x'.repeat(100_000));
      });
      const conversationId = await conversationWith([
        webhookTool('book', { max_response_bytes: 256 }),
      ]);
      const { body } = await runTool(conversationId, 'book', { clinic: 'north', date: 'd' });
      expect(body).toEqual({
        ok: true,
        result: 'x'.repeat(256),
        note: 'The answer was longer than 256 bytes; this is its beginning.',
      });
    });

    it('never reaches a refused address, by name or by redirect', async () => {
      const conversationId = await conversationWith([
        webhookTool('internal', { url: 'https://internal.shop.test/book' }),
        webhookTool('book', {}),
      ]);
      const internal = await runTool(conversationId, 'internal', { clinic: 'n', date: 'd' });
      expect(internal.body.ok).toBe(false);
      expect(internal.body.error).toContain('not one the platform calls');
      endpoint.answer((_request, response) => {
        response.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' });
        response.end();
      });
      const redirected = await runTool(conversationId, 'book', { clinic: 'n', date: 'd' });
      expect(redirected.body.ok).toBe(false);
      expect(redirected.body.error).toContain('169.254.169.254');
      expect(endpoint.received).toHaveLength(1);
    });

    it('says which secret is missing without any value, and refuses unknown tools, ended conversations and other callers', async () => {
      const conversationId = await conversationWith([
        webhookTool('book', { headers: { 'x-key': '{{secret:deleted-key}}' } }),
      ]);
      expect((await runTool(conversationId, 'book', { clinic: 'n', date: 'd' })).body).toEqual({
        ok: false,
        error: "book did not go through: the business's secret deleted-key is missing",
      });
      expect(endpoint.received).toHaveLength(0);
      expect((await runTool(conversationId, 'nothing', {})).status).toBe(404);
      expect((await runTool(conversationId, 'book', {}, 'wrong-key')).status).toBe(401);
      await harness().app.inject({
        method: 'POST',
        url: `/v1/agent/conversations/${conversationId}/end`,
        headers: { authorization: `Bearer ${AGENT_KEY}` },
        payload: { reason: 'completed' },
      });
      expect((await runTool(conversationId, 'book', { clinic: 'n', date: 'd' })).status).toBe(409);
    });

    it('lists secrets and the signing key without their values, rotates the key with a grace, and never logs a value', async () => {
      const listed = await call('GET', '/secrets', token);
      responses.push(JSON.stringify(listed.body));
      expect(listed.body.secrets).toEqual([
        expect.objectContaining({ name: 'backend-key', value_hint: '…8vT3' }),
      ]);
      const status = await call('GET', '/webhook-signing-key', token);
      responses.push(JSON.stringify(status.body));
      expect(status.body).not.toHaveProperty('secret');
      const rotated = await call('POST', '/webhook-signing-key', token);
      expect(rotated.status).toBe(200);
      expect(rotated.body.previous_valid_until).toEqual(expect.any(String));
      // Both keys sign during the grace: a receiver still on the old one verifies.
      const conversationId = await conversationWith([webhookTool('book', {})]);
      await runTool(conversationId, 'book', { clinic: 'n', date: 'd' });
      const [request] = endpoint.received;
      for (const key of [signingKey, rotated.body.secret as string])
        expect(() =>
          verifyWebhook(request?.body ?? '', request?.headers['svc-signature'] as string, key),
        ).not.toThrow();
      signingKey = rotated.body.secret as string;

      const apiKey = (await call('POST', '/api-keys', token, { name: 'ci' })).body.key as string;
      expect((await call('PUT', '/secrets/other', apiKey, { value: 'v' })).status).toBe(403);
      expect((await call('POST', '/webhook-signing-key', apiKey)).status).toBe(403);

      for (const text of [...responses, ...logLines]) {
        expect(text).not.toContain(SECRET_VALUE);
      }
      expect(responses.join('\n')).not.toContain(`Bearer ${SECRET_VALUE}`);
      expect(logLines.length).toBeGreaterThan(0);
    });
  },
  {
    webhookOutbound: webhookOutboundFor(),
    webhookRetryDelayMs: 10,
    logger: {
      level: 'trace',
      stream: { write: (line: string) => void logLines.push(line) },
    },
  },
);
