import { beforeAll, expect, it } from 'vitest';
import { describeOnBothDialects } from '../test-harness.js';
import { scriptedDriver } from '../test-runs/scripted-driver.js';
import { bodyFor, fillAdmin } from './admin-table.js';
import { bearer, callOperation, operationsUnder, urlOf, type Operation } from './operations.js';
import { seedTenants, type TenantA, type TenantB } from './tenants.js';

// OWASP API3 (broken object property level authorization): a body cannot set the properties the
// server owns (id, company, application, creation time), a body cannot name another company's
// records (an application, collection, conversation, test or history entry), and no answer shows
// a stored secret (password or key hashes, keys after creation, session tokens).

const scripted = scriptedDriver();

describeOnBothDialects(
  'object property authorization',
  (harness) => {
    let operations: Operation[] = [];
    let a: TenantA;
    let b: TenantB;
    beforeAll(async () => {
      operations = (await operationsUnder(harness().app, '/v1/admin/')).filter(
        (operation) => !operation.open,
      );
      ({ a, b } = await seedTenants(harness()));
    }, 180_000);

    const call = async (
      method: Operation['method'],
      url: string,
      token: string,
      payload?: unknown,
    ) => {
      const response = await harness().app.inject({
        method,
        url: `/v1/admin${url}`,
        headers: bearer(token),
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      return { status: response.statusCode, body: response.body ? response.json() : undefined };
    };

    it('a PATCH or PUT cannot set id, company_id, application_id or created_at: every changed record stays where it was, and A’s', async () => {
      const changes = operations.filter(
        (operation) =>
          (operation.method === 'PATCH' || operation.method === 'PUT') &&
          operations.some((read) => read.method === 'GET' && read.path === operation.path),
      );
      expect(changes.map((operation) => operation.name)).toEqual(
        expect.arrayContaining(['updateApplication', 'updateScenario', 'updateCollection']),
      );
      const wrong: string[] = [];
      for (const operation of changes) {
        const read = operations.find(
          (candidate) => candidate.method === 'GET' && candidate.path === operation.path,
        ) as Operation;
        const url = urlOf(operation, fillAdmin(a));
        const before = await callOperation(harness().app, read, url, a.token, undefined);
        const body = bodyFor(operation, a);
        const smuggled = {
          ...(body as object),
          id: 999_999,
          company_id: harness().fixture.foreignCompanyId,
          application_id: b.applicationId,
          scenario_id: b.scenarioId,
          created_at: '2000-01-01T00:00:00.000Z',
        };
        const changed = await callOperation(harness().app, operation, url, a.token, smuggled);
        if (changed.status !== 200) {
          wrong.push(`${operation.name}: ${changed.status} ${JSON.stringify(changed.body)}`);
          continue;
        }
        const after = await callOperation(harness().app, read, url, a.token, undefined);
        const owned = ['id', 'application_id', 'scenario_id', 'company_id', 'created_at'];
        for (const key of owned) {
          const was = (before.body as Record<string, unknown>)[key];
          const is = (after.body as Record<string, unknown>)[key];
          if (JSON.stringify(was) !== JSON.stringify(is))
            wrong.push(
              `${operation.name} changed ${key}: ${JSON.stringify(was)} -> ${JSON.stringify(is)}`,
            );
        }
        const foreign = await callOperation(harness().app, read, url, b.token, undefined);
        if (foreign.status !== 404)
          wrong.push(`${operation.name}: B now reads it (${foreign.status})`);
      }
      expect(wrong).toEqual([]);
    });

    it('a create cannot place a record in another company', async () => {
      const created = [
        await call('POST', '/applications', a.token, {
          name: 'Smuggled app',
          company_id: harness().fixture.foreignCompanyId,
        }),
        await call('POST', '/collections', a.token, {
          name: 'Smuggled collection',
          company_id: harness().fixture.foreignCompanyId,
        }),
      ];
      expect(created.map((answer) => answer.status)).toEqual([201, 201]);
      const [application, collection] = created.map((answer) => answer.body.id as number);
      expect((await call('GET', `/applications/${application}`, a.token)).status).toBe(200);
      expect((await call('GET', `/applications/${application}`, b.token)).status).toBe(404);
      expect((await call('GET', `/collections/${collection}`, a.token)).status).toBe(200);
      expect((await call('GET', `/collections/${collection}`, b.token)).status).toBe(404);
    });

    it("a body that names another company's record is answered 404 and changes nothing", async () => {
      const scenario = `/scenarios/${a.scenarioId}`;
      const before = await call('GET', scenario, a.token);
      const rows: [string, Operation['method'], string, unknown][] = [
        [
          'a scenario on B’s application',
          'POST',
          '/scenarios',
          { application_id: b.applicationId, name: 'Planted' },
        ],
        [
          'A’s scenario with B’s collection',
          'PATCH',
          scenario,
          { collection_ids: [b.collectionId] },
        ],
        [
          'a test from B’s conversation',
          'POST',
          `${scenario}/tests/from-conversation`,
          { conversation_id: b.conversationId },
        ],
        ['a run of B’s test', 'POST', `${scenario}/test-runs`, { test_ids: [b.testId] }],
        [
          'a run of A’s tests against B’s publication',
          'POST',
          `${scenario}/test-runs`,
          { target: b.publicationUuid },
        ],
        [
          'a rollback of A’s publication to B’s history entry',
          'POST',
          `/publications/${a.publicationUuid}/rollback`,
          { history_id: b.historyEntryId },
        ],
      ];
      const answers = [];
      for (const [row, method, url, payload] of rows)
        answers.push([row, await call(method, url, a.token, payload)]);
      expect(answers).toEqual(
        rows.map(([row]) => [row, { status: 404, body: { error: expect.any(String) } }]),
      );
      expect(await call('GET', scenario, a.token)).toEqual(before);
      // B's records are as they were too: its test and history are still B's alone.
      expect(
        (await call('GET', `/scenarios/${b.scenarioId}/tests/${b.testId}`, b.token)).status,
      ).toBe(200);
    });

    it('no admin answer shows a password hash, a key after its creation, or a session token', async () => {
      const leaks: string[] = [];
      for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
        const url = urlOf(operation, fillAdmin(a));
        const answer = await callOperation(harness().app, operation, url, a.token, undefined);
        const text = JSON.stringify(answer.body);
        for (const [secret, what] of [
          ['scrypt$', 'a password hash'],
          [a.apiKey, 'the API key'],
          [a.apiKey.slice(12), 'the secret part of the API key'],
          [a.token, 'the session token'],
          ['svc_as_', 'a session token'],
          ['key_hash', 'a key hash'],
          ['password', 'a password field'],
        ] as const)
          if (text.includes(secret)) leaks.push(`${operation.name} shows ${what}`);
      }
      expect(leaks).toEqual([]);
    });
  },
  { testRunDriver: scripted.driver, adminRateLimit: 100_000 },
);
