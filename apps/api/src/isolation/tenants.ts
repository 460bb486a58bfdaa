// Two companies with one of everything: company A's records are what the isolation tables aim at,
// company B's admin, API key, application, publication and visitors are who aims at them.
import type { FastifyInstance } from 'fastify';
import { createPublications } from '../publications.js';
import { DEMO_SCENARIO } from '../seed/demo-scenario.js';
import { createSessions } from '../sessions.js';
import { ADMIN, FOREIGN_ADMIN } from '../test-fixtures.js';
import { tokens, type Harness } from '../test-harness.js';
import { createVisitors } from '../visitors.js';
import { bearer } from './operations.js';

/** A visitor of a publication's application and its token, as identify would make them. */
export async function visitorOf(harness: Harness, externalId: string, publicationUuid: string) {
  const { database } = harness.fixture;
  const publication = await createPublications(database, { cacheMs: 0 }).live(publicationUuid);
  const id = await createVisitors(database).identify(publication.application_id, externalId);
  const token = await tokens.sign({
    sub: String(id),
    company_id: publication.company_id,
    application_id: publication.application_id,
    scenario_uuid: publicationUuid,
  });
  return { id, token };
}

/** A conversation of that visitor on the publication, as a session start would open it. */
async function conversationOf(harness: Harness, visitorId: number, publicationUuid: string) {
  const { database } = harness.fixture;
  const publication = await createPublications(database, { cacheMs: 0 }).live(publicationUuid);
  const conversation = await createSessions(database).create({
    publicationId: publication.publication_id,
    visitorId,
    language: 'en-US',
    inputMode: 'text',
    outputMode: 'text',
    metadata: {},
  });
  return conversation.id;
}

/** The name of A's scenario, which no other company's answer may hold. */
export const A_SCENARIO_NAME = 'A isolated scenario';

/** Company A's records, by the name the admin routes' path parameters give them. */
export interface TenantA {
  token: string;
  apiKey: string;
  applicationId: number;
  scenarioId: number;
  publicationUuid: string;
  historyEntryId: number;
  collectionId: number;
  itemId: string;
  testId: number;
  runId: number;
  conversationId: string;
  /** A's second admin (the first signs in; the second is the target of `deleteAdmin`). */
  adminId: number;
  apiKeyId: number;
  /** A's visitor with a cart line, on the fixture's publication. */
  visitor: { id: number; token: string };
  /** That visitor's external id (what erasure names). */
  visitorExternalId: string;
  bucket: string;
  /** A's provider credential, by name. */
  credentialName: string;
  /** A's webhook-tool header secret, by name (A also has a webhook signing key). */
  secretName: string;
  /** A's knowledge document. */
  documentId: number;
  /** A post-call delivery of A's application's webhook. */
  deliveryId: number;
}

/** Company B: another company's credentials, and its own publication and visitors. */
export interface TenantB {
  token: string;
  apiKey: string;
  applicationId: number;
  scenarioId: number;
  publicationUuid: string;
  historyEntryId: number;
  testId: number;
  collectionId: number;
  /** A conversation of B's visitor, which the agent's table aims at A's records from. */
  conversationId: string;
}

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
): Promise<Record<string, unknown>> {
  const response = await app.inject({
    method,
    url: `/v1/admin${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown>;
}

async function login(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    payload: { email, password: ADMIN.password },
  });
  return response.json().token as string;
}

/** A published scenario of the company `token` signs in to, on `applicationId`. */
async function publishedScenario(
  app: FastifyInstance,
  token: string,
  applicationId: number,
  name: string,
) {
  const scenario = await call(app, 'POST', '/scenarios', token, {
    application_id: applicationId,
    name,
    features: DEMO_SCENARIO.definition.features,
  });
  const id = scenario.id as number;
  const published = await call(app, 'POST', `/scenarios/${id}/publish`, token, {
    label: 'production',
  });
  return { id, uuid: published.uuid as string };
}

/**
 * Seeds one of every record company A can have (through its admin API, as the studio would) and
 * a company B beside it with its own application, publication and visitor conversation. Needs an
 * app whose test runs finish without a real agent (the scripted driver).
 */
export async function seedTenants(harness: Harness): Promise<{ a: TenantA; b: TenantB }> {
  const { app, fixture, dialect } = harness;
  const token = await login(app, ADMIN.email);
  const { id: scenarioId, uuid: publicationUuid } = await publishedScenario(
    app,
    token,
    fixture.applicationId,
    A_SCENARIO_NAME,
  );
  await call(app, 'PATCH', `/scenarios/${scenarioId}`, token, {
    collection_ids: [fixture.collectionId],
  });
  await call(app, 'POST', `/scenarios/${scenarioId}/publish`, token, { label: 'production' });
  const history = (await call(app, 'GET', `/scenarios/${scenarioId}/history`, token)).history as {
    id: number;
  }[];
  const test = await call(app, 'POST', `/scenarios/${scenarioId}/tests`, token, {
    name: 'Tents',
    turns: [{ user: 'Any tents?' }],
  });
  const run = await call(app, 'POST', `/scenarios/${scenarioId}/test-runs`, token, {});
  for (let tries = 0; ; tries += 1) {
    const current = await call(app, 'GET', `/scenarios/${scenarioId}/test-runs/${run.id}`, token);
    if (current.status !== 'running') break;
    if (tries > 200) throw new Error('the seeded test run never finished');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const admin = await call(app, 'POST', '/admins', token, {
    email: `second-${dialect}@acme.example`,
    password: 'another long password',
  });
  const key = await call(app, 'POST', '/api-keys', token, { name: 'isolation' });
  const credentialName = 'a-isolated-key';
  await call(app, 'PUT', `/credentials/${credentialName}`, token, {
    provider: 'elevenlabs',
    api_key: 'a-provider-secret-0000',
  });

  const secretName = 'a_isolated_secret';
  await call(app, 'PUT', `/secrets/${secretName}`, token, { value: 'a-header-secret-0000' });
  await call(app, 'POST', '/webhook-signing-key', token, {});
  const uploaded = await app.inject({
    method: 'POST',
    url: '/v1/admin/knowledge/documents?title=A%20isolated%20policy',
    headers: { ...bearer(token), 'content-type': 'text/plain' },
    payload: 'Returns are accepted within 30 days of delivery.',
  });
  if (uploaded.statusCode !== 201)
    throw new Error(`A's document: ${uploaded.statusCode} ${uploaded.body}`);

  const visitor = await harness.visitor(`isolation-a-${dialect}`);
  const conversationId = await harness.conversation(visitor.id);
  // A's application's post-call webhook and a delivery due for a later attempt, written as the
  // delivery worker writes them (its https receiver is not part of this table).
  const { db } = fixture.database;
  await db
    .insertInto('application_webhooks')
    .values({
      application_id: fixture.applicationId,
      url: 'https://hooks.acme.example/calls',
      sealed_secret: 'not opened by these routes',
    })
    .execute();
  const delivery = await db
    .insertInto('webhook_deliveries')
    .values({
      application_id: fixture.applicationId,
      conversation_id: conversationId,
      status: 'pending',
      next_attempt_at: '2999-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bucket = 'cart';
  const added = await app.inject({
    method: 'POST',
    url: `/v1/visitor/buckets/${bucket}/items`,
    headers: bearer(visitor.token),
    payload: { collection_id: fixture.collectionId, item_id: 'B-1', quantity: 2 },
  });
  if (added.statusCode !== 200) throw new Error(`A's cart: ${added.statusCode} ${added.body}`);

  // Company B: its admin signs in, makes a key, an application and a publication of its own.
  const foreignToken = await login(app, FOREIGN_ADMIN.email);
  const foreignKey = await call(app, 'POST', '/api-keys', foreignToken, { name: 'theirs' });
  // B's own signing key, so that reading it shows B's and nothing of A's.
  await call(app, 'POST', '/webhook-signing-key', foreignToken, {});
  const foreignApplication = await call(app, 'POST', '/applications', foreignToken, {
    name: 'Their shop',
  });
  const foreignPublication = await publishedScenario(
    app,
    foreignToken,
    foreignApplication.id as number,
    'Their own scenario',
  );
  const foreignHistory = (
    await call(app, 'GET', `/scenarios/${foreignPublication.id}/history`, foreignToken)
  ).history as { id: number }[];
  const foreignTest = await call(
    app,
    'POST',
    `/scenarios/${foreignPublication.id}/tests`,
    foreignToken,
    { name: 'Theirs', turns: [{ user: 'Hello' }] },
  );
  const foreignVisitor = await visitorOf(
    harness,
    `isolation-b-${dialect}`,
    foreignPublication.uuid,
  );
  const foreignConversation = await conversationOf(
    harness,
    foreignVisitor.id,
    foreignPublication.uuid,
  );

  return {
    a: {
      token,
      apiKey: key.key as string,
      applicationId: fixture.applicationId,
      scenarioId,
      publicationUuid,
      historyEntryId: history[0]?.id as number,
      collectionId: fixture.collectionId,
      itemId: 'B-1',
      testId: test.id as number,
      runId: run.id as number,
      conversationId,
      adminId: admin.id as number,
      apiKeyId: key.id as number,
      visitor,
      visitorExternalId: `isolation-a-${dialect}`,
      bucket,
      credentialName,
      secretName,
      documentId: (uploaded.json() as { id: number }).id,
      deliveryId: delivery.id,
    },
    b: {
      token: foreignToken,
      apiKey: foreignKey.key as string,
      applicationId: foreignApplication.id as number,
      scenarioId: foreignPublication.id,
      publicationUuid: foreignPublication.uuid,
      historyEntryId: foreignHistory[0]?.id as number,
      testId: foreignTest.id as number,
      collectionId: fixture.foreignCollectionId,
      conversationId: foreignConversation,
    },
  };
}
