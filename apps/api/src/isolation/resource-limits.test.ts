import { beforeAll, expect, it } from 'vitest';
import { BUCKET_LIMITS } from '../carts.js';
import { ADMIN } from '../test-fixtures.js';
import { AGENT_KEY, describeOnBothDialects } from '../test-harness.js';
import { scriptedDriver } from '../test-runs/scripted-driver.js';
import { fillAdmin } from './admin-table.js';
import { fillContent } from './content-table.js';
import { bearer, operationsUnder, urlOf, type Operation } from './operations.js';
import { seedTenants, visitorOf, type TenantA } from './tenants.js';

// OWASP API4 (unrestricted resource consumption) and API6 (unrestricted access to sensitive
// business flows): bodies over the limit, page sizes, sign-in and sign-up per address, a
// visitor's carts.

/** The JSON body limit of every route but the streamed import (app.ts `bodyLimit`). */
const BODY_LIMIT = 256 * 1024;
/** The largest page any list answers. */
const MAX_PAGE = 200;
const scripted = scriptedDriver();

describeOnBothDialects(
  'resource limits',
  (harness) => {
    let a: TenantA;
    let operations: Operation[] = [];
    beforeAll(async () => {
      ({ a } = await seedTenants(harness()));
      operations = await operationsUnder(harness().app, '/v1/');
    }, 180_000);

    /** The credential each part of the API takes. */
    const credentialFor = (operation: Operation) =>
      operation.path.startsWith('/v1/admin/')
        ? a.token
        : operation.path.startsWith('/v1/agent/')
          ? AGENT_KEY
          : a.visitor.token;

    it(`every JSON body over ${BODY_LIMIT / 1024} KiB is refused with 413 { error }`, async () => {
      const withBodies = operations.filter(
        // The import streams its upload under its own limit (512 MiB, documented as its 413), and
        // a knowledge document is a file, not JSON, under its own (10 MiB, documented as its 413).
        (operation) =>
          operation.body !== undefined &&
          operation.name !== 'importCollectionItems' &&
          operation.name !== 'uploadKnowledgeDocument',
      );
      expect(withBodies.length).toBeGreaterThan(30);
      const payload = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT) });
      const wrong: string[] = [];
      for (const operation of withBodies) {
        const url = urlOf(operation, (param) =>
          param.name === 'conversationId'
            ? a.conversationId
            : (fillAdmin(a)(param) ?? fillContent(a)(param)),
        );
        const response = await harness().app.inject({
          method: operation.method,
          url,
          headers: { ...bearer(credentialFor(operation)), 'content-type': 'application/json' },
          payload,
        });
        const body = response.body ? (response.json() as { error?: unknown }) : {};
        if (response.statusCode !== 413 || typeof body.error !== 'string')
          wrong.push(`${operation.method} ${url}: ${response.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });

    it(`every admin list pages at most ${MAX_PAGE} records and refuses a larger page with 400`, async () => {
      // A list is named `list…` (the studio's client names them so) or takes a page size.
      const lists = operations.filter(
        (operation) =>
          operation.path.startsWith('/v1/admin/') &&
          operation.method === 'GET' &&
          (operation.name.startsWith('list') || operation.query.some((q) => q.name === 'limit')),
      );
      expect(lists.length).toBeGreaterThan(5);
      const wrong: string[] = [];
      for (const operation of lists) {
        const limit = operation.query.find((parameter) => parameter.name === 'limit');
        if (!limit) {
          wrong.push(`${operation.name}: no page size`);
          continue;
        }
        if (limit.maximum === undefined || limit.maximum > MAX_PAGE) {
          wrong.push(`${operation.name}: pages up to ${limit.maximum}`);
          continue;
        }
        const url = urlOf(operation, fillAdmin(a));
        for (const [size, status] of [
          [limit.maximum, 200],
          [limit.maximum + 1, 400],
          [0, 400],
        ] as const) {
          const response = await harness().app.inject({
            url: `${url}?limit=${size}`,
            headers: bearer(a.token),
          });
          if (response.statusCode !== status)
            wrong.push(`${operation.name} limit=${size}: ${response.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('sign-in allows 20 attempts a minute per address, then 429 { error } even for the right password', async () => {
      // The socket's address: what the limit counts when no trusted proxy names another.
      const from = '203.0.113.1';
      const login = (password: string) =>
        harness().app.inject({
          method: 'POST',
          url: '/v1/admin/login',
          remoteAddress: from,
          payload: { email: ADMIN.email, password },
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 20; attempt += 1)
        statuses.push((await login(`guess ${attempt}`)).statusCode);
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 401));
      const blocked = await login(ADMIN.password);
      expect({ status: blocked.statusCode, body: blocked.json() }).toEqual({
        status: 429,
        body: { error: expect.stringMatching(/^rate limited/) },
      });
      // Another address is not held back by this one.
      const other = await harness().app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        remoteAddress: '198.51.100.7',
        payload: ADMIN,
      });
      expect(other.statusCode).toBe(200);
    });

    it('sign-up allows 10 attempts a minute per address, then 429 { error }', async () => {
      const from = '203.0.113.11';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await harness().app.inject({
          method: 'POST',
          url: '/v1/admin/signup',
          remoteAddress: from,
          // Refused by validation: counted all the same, and no company is made.
          payload: {
            company_name: 'Flood',
            email: `flood${attempt}@example.com`,
            password: 'short',
          },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array.from({ length: 10 }, () => 400), 429]);
    });

    it(`a visitor holds at most ${BUCKET_LIMITS.buckets} carts and ${BUCKET_LIMITS.quantity} of an item (409, 400)`, async () => {
      const { token } = await visitorOf(
        harness(),
        `hoarder-${harness().dialect}`,
        harness().fixture.publicationUuid,
      );
      const add = (bucket: string, quantity = 1) =>
        harness().app.inject({
          method: 'POST',
          url: `/v1/visitor/buckets/${bucket}/items`,
          headers: bearer(token),
          payload: { collection_id: a.collectionId, item_id: a.itemId, quantity },
        });
      const statuses: number[] = [];
      for (let n = 0; n <= BUCKET_LIMITS.buckets; n += 1)
        statuses.push((await add(`list-${n}`)).statusCode);
      expect(statuses).toEqual([...Array.from({ length: BUCKET_LIMITS.buckets }, () => 200), 409]);
      const tooMany = await add('list-0', BUCKET_LIMITS.quantity + 1);
      expect({ status: tooMany.statusCode, body: tooMany.json() }).toEqual({
        status: 400,
        body: { error: expect.any(String) },
      });
    });
  },
  { testRunDriver: scripted.driver, adminRateLimit: 100_000, publicRateLimit: 100_000 },
);
