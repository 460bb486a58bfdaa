import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyWebhook } from '@svc/webhooks';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createSecretBox } from '../secret-box.js';
import { AGENT_KEY, adminCaller, adminToken, describeOnBothDialects } from '../test-harness.js';
import { TEST_SECRETS_KEY } from '../testing/test-api.js';
import { createDeliveries, DELIVERY_BACKOFF_MS, MAX_DELIVERY_ATTEMPTS } from './deliveries.js';
import { createDeliveryWorker } from './delivery-worker.js';
import { DELIVERY_HEADER, postCallSender } from './sender.js';
import { createWebhookSettings } from './webhook-settings.js';

// The receiver is the tenant's https endpoint: a public-looking name the test resolves to its
// loopback server, allowed through the guarded fetch by the test's own address rule.
const RECEIVER_HOST = 'receiver.example.com';
const folder = mkdtempSync(join(tmpdir(), 'post-call-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    join(folder, 'key.pem'),
    '-out',
    join(folder, 'cert.pem'),
    '-subj',
    `/CN=${RECEIVER_HOST}`,
    '-addext',
    `subjectAltName=DNS:${RECEIVER_HOST}`,
  ],
  { stdio: 'ignore' },
);
const certificate = readFileSync(join(folder, 'cert.pem'), 'utf8');

interface Received {
  body: string;
  signature: string | undefined;
  delivery: string | undefined;
}
let received: Received[] = [];
/** Statuses the receiver answers in turn; 200 once they run out. */
let answers: number[] = [];
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer(
    { key: readFileSync(join(folder, 'key.pem')), cert: certificate },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: request.headers['svc-signature'] as string | undefined,
          delivery: request.headers[DELIVERY_HEADER] as string | undefined,
        });
        response.statusCode = answers.shift() ?? 200;
        response.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sender = postCallSender({
  resolve: async (hostname) =>
    hostname === RECEIVER_HOST ? [{ address: '127.0.0.1', family: 4 }] : [],
  allowAddress: (address, hostname) => hostname === RECEIVER_HOST && address === '127.0.0.1',
  tls: { ca: certificate },
});

const ANALYSIS = {
  fields: [
    { name: 'appointment_date', type: 'date', description: 'The day the visitor booked' },
    {
      name: 'wants_callback',
      type: 'boolean',
      description: 'Whether they asked to be called back',
    },
  ],
  criteria: [{ name: 'booked', description: 'The visitor booked an appointment' }],
};

describeOnBothDialects('post-call', (harness, dialect) => {
  const admin = adminCaller(() => harness().app);
  let token = '';
  let clock = Date.parse('2030-01-01T00:00:00Z');
  const worker = (database = harness().fixture.database) =>
    createDeliveryWorker({
      database,
      deliveries: createDeliveries(database),
      webhooks: createWebhookSettings(database, createSecretBox(TEST_SECRETS_KEY)),
      send: sender,
      now: () => clock,
    });
  const agent = (method: 'PUT' | 'POST', conversationId: string, path: string, payload: object) =>
    harness().app.inject({
      method,
      url: `/v1/agent/conversations/${conversationId}${path}`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
      payload,
    });
  /** An ended conversation of the fixture, with a visitor and an agent turn. */
  const endedConversation = async (name: string, endedAt = new Date(clock).toISOString()) => {
    const visitor = await harness().visitor(name);
    const id = await harness().conversation(visitor.id);
    await agent('POST', id, '/messages', {
      messages: [
        { id: `${id}-1`, role: 'user', content: 'Book me for March 3rd', timestamp: endedAt },
        { id: `${id}-2`, role: 'assistant', content: 'Booked.', timestamp: endedAt },
      ],
    });
    const end = await agent('POST', id, '/end', { reason: 'completed', ended_at: endedAt });
    expect(end.statusCode).toBe(200);
    return id;
  };
  const declareAnalysis = (analysis: object | undefined) =>
    harness()
      .fixture.database.db.updateTable('publications')
      .set({
        snapshot: JSON.stringify({
          name: 'Assistant',
          prompt: 'p',
          ...(analysis ? { analysis } : {}),
        }),
      })
      .where('uuid', '=', harness().fixture.publicationUuid)
      .execute();

  /** Only the conversations a test ends from now on (on the test's clock) are delivered. */
  const deliverFromNow = () =>
    harness()
      .fixture.database.db.updateTable('application_webhooks')
      .set({ enabled_at: new Date(clock).toISOString() })
      .execute();

  beforeAll(async () => {
    token = await adminToken(harness().app);
  });
  beforeEach(async () => {
    received = [];
    answers = [];
    clock += 86_400_000;
    await declareAnalysis(undefined);
    await deliverFromNow();
  });

  it('validates the declared analysis when a scenario is saved', async () => {
    const base = { application_id: harness().fixture.applicationId, name: `analysis ${dialect}` };
    const twice = await admin('POST', '/scenarios', token, {
      ...base,
      analysis: { fields: [ANALYSIS.fields[0], ANALYSIS.fields[0]], criteria: [] },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.error).toContain('analysis.fields.1.name');
    const badType = await admin('POST', '/scenarios', token, {
      ...base,
      analysis: { fields: [{ name: 'age', type: 'integer', description: 'Age' }] },
    });
    expect(badType.status).toBe(400);
    const saved = await admin('POST', '/scenarios', token, { ...base, analysis: ANALYSIS });
    expect(saved.status).toBe(201);
    expect(saved.body.analysis).toEqual(ANALYSIS);
    const edited = await admin('PATCH', `/scenarios/${saved.body.id}`, token, {
      analysis: { fields: [], criteria: [ANALYSIS.criteria[0], ANALYSIS.criteria[0]] },
    });
    expect(edited.status).toBe(422);
    expect(edited.body.error).toContain('analysis.criteria.1.name');
  });

  it('stores the analysis of an ended conversation only as declared', async () => {
    await declareAnalysis(ANALYSIS);
    const visitor = await harness().visitor(`running-${dialect}`);
    const running = await harness().conversation(visitor.id);
    const analysis = {
      data: { appointment_date: '2030-03-03', wants_callback: null },
      criteria: [{ name: 'booked', result: 'success', rationale: 'A slot was booked.' }],
    };
    expect((await agent('PUT', running, '/analysis', analysis)).statusCode).toBe(409);
    const id = await endedConversation(`analysed-${dialect}`);
    const wrong = await agent('PUT', id, '/analysis', {
      ...analysis,
      data: { appointment_date: 'March 3rd', wants_callback: null, mood: 'good' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toContain('data.appointment_date');
    expect(wrong.json().error).toContain('data.mood');
    const stored = await agent('PUT', id, '/analysis', analysis);
    expect(stored.statusCode).toBe(200);
    const read = await admin('GET', `/conversations/${id}/analysis`, token);
    expect(read.body.analysis).toEqual(analysis);
    const rates = await admin(
      'GET',
      `/stats/criteria?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`,
      token,
    );
    expect(rates.body.criteria).toContainEqual(expect.objectContaining({ name: 'booked' }));
  });

  it('delivers a signed payload, retrying with backoff until the endpoint takes it', async () => {
    const created = await admin(
      'PUT',
      `/applications/${harness().fixture.applicationId}/webhook`,
      token,
      {
        url: `https://${RECEIVER_HOST}:${port}/hooks`,
      },
    );
    expect(created.status).toBe(200);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^svc_whsec_/);
    expect(
      (await admin('GET', `/applications/${harness().fixture.applicationId}/webhook`, token)).body
        .secret,
    ).toBeUndefined();
    await deliverFromNow();
    const id = await endedConversation(`delivered-${dialect}`);
    answers = [500, 503];
    const sending = worker();
    expect(await sending.tick()).toEqual([{ id: expect.any(Number), status: 'pending' }]);
    // Not due before its backoff.
    clock += DELIVERY_BACKOFF_MS[0] - 1;
    expect(await sending.tick()).toEqual([]);
    clock += 1;
    expect((await sending.tick())[0]?.status).toBe('pending');
    clock += DELIVERY_BACKOFF_MS[1];
    expect((await sending.tick())[0]?.status).toBe('delivered');
    expect(received).toHaveLength(3);
    // Every attempt sends the same body, signed with the application's secret.
    expect(new Set(received.map((request) => request.body)).size).toBe(1);
    for (const request of received)
      verifyWebhook(request.body, request.signature, secret, {
        now: Math.floor(Date.now() / 1000),
      });
    const payload = JSON.parse(received[0]!.body);
    expect(payload).toMatchObject({
      event: 'conversation.ended',
      conversation_id: id,
      application: { id: harness().fixture.applicationId },
      end_reason: 'completed',
      messages: [
        { role: 'user', content: 'Book me for March 3rd' },
        { role: 'assistant', content: 'Booked.' },
      ],
      data: null,
      criteria: null,
    });
    const log = await admin(
      'GET',
      `/applications/${harness().fixture.applicationId}/webhook/deliveries`,
      token,
    );
    const delivery = log.body.deliveries.find(
      (entry: { conversation_id: string }) => entry.conversation_id === id,
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200 });
    const detail = await admin(
      'GET',
      `/applications/${harness().fixture.applicationId}/webhook/deliveries/${delivery.id}`,
      token,
    );
    expect(
      detail.body.attempt_log.map((attempt: { status_code: number }) => attempt.status_code),
    ).toEqual([500, 503, 200]);
    // Resent: once more, the same payload.
    const resent = await admin(
      'POST',
      `/applications/${harness().fixture.applicationId}/webhook/deliveries/${delivery.id}/resend`,
      token,
    );
    expect(resent.status).toBe(202);
    expect((await sending.tick())[0]?.status).toBe('delivered');
    expect(received[3]?.body).toBe(received[0]?.body);
    expect(received[3]?.delivery).toBe(String(delivery.id));
  });

  it('fails visibly after the last attempt', async () => {
    const id = await endedConversation(`failing-${dialect}`);
    answers = Array.from({ length: MAX_DELIVERY_ATTEMPTS }, () => 500);
    const sending = worker();
    const statuses: string[] = [];
    statuses.push(...(await sending.tick()).map((entry) => entry.status));
    for (const wait of DELIVERY_BACKOFF_MS) {
      clock += wait;
      statuses.push(...(await sending.tick()).map((entry) => entry.status));
    }
    expect(statuses).toEqual([...DELIVERY_BACKOFF_MS.map(() => 'pending'), 'failed']);
    const log = await admin(
      'GET',
      `/applications/${harness().fixture.applicationId}/webhook/deliveries?status=failed`,
      token,
    );
    expect(log.body.deliveries).toContainEqual(
      expect.objectContaining({
        conversation_id: id,
        attempts: MAX_DELIVERY_ATTEMPTS,
        last_error: 'the endpoint answered 500',
      }),
    );
  });

  it('waits for the analysis, and sends it when it comes', async () => {
    await declareAnalysis(ANALYSIS);
    const id = await endedConversation(`waiting-${dialect}`);
    const sending = worker();
    expect(await sending.tick()).toEqual([]);
    const analysis = {
      data: { appointment_date: '2030-03-03', wants_callback: false },
      criteria: [{ name: 'booked', result: 'success', rationale: 'Booked for March 3rd.' }],
    };
    // The route's own clock is the real one: the test clock is ahead of it.
    await harness()
      .fixture.database.db.updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(clock + 60_000).toISOString() })
      .where('conversation_id', '=', id)
      .execute();
    expect((await agent('PUT', id, '/analysis', analysis)).statusCode).toBe(200);
    expect((await sending.tick())[0]?.status).toBe('delivered');
    expect(JSON.parse(received[0]!.body)).toMatchObject(analysis);
  });

  it('sends a delivery pending when the API stopped after it starts again', async () => {
    const id = await endedConversation(`restart-${dialect}`);
    answers = [500];
    expect((await worker().tick())[0]?.status).toBe('pending');
    // The process stops mid-backoff: what it held in memory is gone. The one started after it
    // has only the rows to go by.
    clock += DELIVERY_BACKOFF_MS[0];
    expect((await worker().tick())[0]?.status).toBe('delivered');
    expect(received.map((request) => JSON.parse(request.body).conversation_id)).toEqual([id, id]);
  });

  if (dialect === 'postgres')
    it('never sends a delivery twice at once from two API processes', async () => {
      const ids = await Promise.all(
        Array.from({ length: 6 }, (_, index) => endedConversation(`pair-${index}`)),
      );
      // Four workers at once, each on connections of its own from the pool: only the claims
      // keep them apart.
      const rounds = await Promise.all([
        worker().tick(),
        worker().tick(),
        worker().tick(),
        worker().tick(),
      ]);
      expect(rounds.flat()).toHaveLength(ids.length);
      const conversations = received.map((request) => JSON.parse(request.body).conversation_id);
      expect(conversations.sort()).toEqual([...ids].sort());
    });
});
