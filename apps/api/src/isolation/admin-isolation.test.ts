import { beforeAll, expect, it } from 'vitest';
import { ADMIN } from '../test-fixtures.js';
import { AGENT_KEY, describeOnBothDialects } from '../test-harness.js';
import { scriptedDriver } from '../test-runs/scripted-driver.js';
import { bodyFor, fillAdmin } from './admin-table.js';
import {
  callOperation,
  operationsUnder,
  refusedCallers,
  urlOf,
  type Operation,
} from './operations.js';
import { A_SCENARIO_NAME, seedTenants, type TenantA, type TenantB } from './tenants.js';

// OWASP API1 (BOLA) and API5 (BFLA) for the admin API, as a table over every operation the
// OpenAPI document lists: another company's admin and API key get 404 for each of company A's
// records and change none of them; visitor tokens and the agent key open no admin operation.

const scripted = scriptedDriver();

describeOnBothDialects(
  'admin isolation',
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

    /** Every GET of A's records, as A reads them: what no other caller may change. */
    async function readAll(): Promise<Record<string, { status: number; body: unknown }>> {
      const reads: Record<string, { status: number; body: unknown }> = {};
      for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
        const url = urlOf(operation, fillAdmin(a));
        const read = await callOperation(harness().app, operation, url, a.token, {});
        // The dashboard's default window ends now: only its figures are compared.
        if (operation.name === 'getStats' && typeof read.body === 'object' && read.body !== null) {
          const { from: _from, to: _to, ...figures } = read.body as Record<string, unknown>;
          read.body = figures;
        }
        reads[operation.name] = read;
      }
      return reads;
    }

    it('another company gets 404 for every admin operation on A’s records, and A’s records stay as they were', async () => {
      const before = await readAll();
      // The ids are real: A itself reads every one of its records.
      expect(
        Object.entries(before)
          .filter(([, read]) => read.status !== 200)
          .map(([name, read]) => `${name}: ${read.status}`),
      ).toEqual([]);

      const withParams = operations.filter((operation) => operation.params.length > 0);
      expect(withParams.length).toBeGreaterThan(30);
      const wrong: string[] = [];
      for (const operation of withParams) {
        const url = urlOf(operation, fillAdmin(a));
        const body = bodyFor(operation, a);
        for (const [caller, token] of [
          ['B admin', b.token],
          ['B API key', b.apiKey],
        ] as const) {
          const answer = await callOperation(harness().app, operation, url, token, body);
          // A key may not manage admins or keys at all (403, its own company's too); else 404.
          // A credential's or a webhook secret's name is its company's own: B's PUT of that name
          // stores B's own (or is refused) and B's DELETE deletes that one; A's stay as they were
          // (`readAll` compares them below).
          const ownName = [
            'putCredential',
            'deleteCredential',
            'putSecret',
            'deleteSecret',
          ].includes(operation.name);
          const allowed = ownName
            ? [200, 201, 204, 400, 403, 404, 422]
            : caller === 'B API key'
              ? [403, 404]
              : [404];
          if (ownName && [200, 201, 204].includes(answer.status)) {
            if (String(JSON.stringify(answer.body)).includes('…0000'))
              wrong.push(`${caller} ${operation.name} answered A's credential`);
            continue;
          }
          const isError =
            typeof answer.body === 'object' &&
            answer.body !== null &&
            typeof (answer.body as { error?: unknown }).error === 'string';
          if (!allowed.includes(answer.status) || !isError)
            wrong.push(
              `${caller} ${operation.method} ${url} (${operation.name}): ${answer.status} ${String(JSON.stringify(answer.body)).slice(0, 200)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
      expect(await readAll()).toEqual(before);
    });

    it('another company’s lists and figures hold none of A’s records', async () => {
      const lists = operations.filter(
        (operation) => operation.method === 'GET' && operation.params.length === 0,
      );
      expect(lists.map((operation) => operation.name)).toEqual(
        expect.arrayContaining(['listApplications', 'listConversations', 'getStats']),
      );
      const secrets = [a.publicationUuid, a.conversationId, ADMIN.email, A_SCENARIO_NAME];
      const leaks: string[] = [];
      for (const operation of lists) {
        const answer = await callOperation(
          harness().app,
          operation,
          operation.path,
          b.token,
          undefined,
        );
        expect(answer.status, operation.name).toBe(200);
        const text = JSON.stringify(answer.body);
        for (const secret of secrets)
          if (text.includes(secret)) leaks.push(`${operation.name} shows ${secret}`);
      }
      expect(leaks).toEqual([]);
    });

    it('another company’s filters naming A’s ids find none of A’s records', async () => {
      const values: Record<string, string | number> = {
        application_id: a.applicationId,
        scenario_id: a.scenarioId,
        publication_uuid: a.publicationUuid,
        external_id: `isolation-a-${harness().dialect}`,
      };
      const wrong: string[] = [];
      let rows = 0;
      for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
        for (const { name } of operation.query.filter((q) => /_(id|uuid)$/.test(q.name))) {
          const value = values[name];
          if (value === undefined) {
            wrong.push(`${operation.name}: no value of A for the query ?${name}=`);
            continue;
          }
          rows += 1;
          const url = `${urlOf(operation, fillAdmin(a))}?${name}=${encodeURIComponent(value)}`;
          const control = await callOperation(harness().app, operation, url, a.token, undefined);
          const answer = await callOperation(harness().app, operation, url, b.token, undefined);
          const text = String(JSON.stringify(answer.body));
          // A path id of A's is 404 for B before any filter applies (the first test's rows).
          if (operation.params.length > 0) {
            if (answer.status !== 404) wrong.push(`${operation.name}?${name}: ${answer.status}`);
            continue;
          }
          if (control.status !== 200)
            wrong.push(`${operation.name}?${name} as A: ${control.status}`);
          if (answer.status !== 200 && answer.status !== 404)
            wrong.push(`${operation.name}?${name}: ${answer.status}`);
          for (const secret of [a.conversationId, A_SCENARIO_NAME, `isolation-a-`])
            if (text.includes(secret)) wrong.push(`${operation.name}?${name} shows ${secret}`);
          if (/"conversations":[1-9]/.test(text))
            wrong.push(`${operation.name}?${name} counts A's conversations: ${text.slice(0, 200)}`);
        }
      }
      expect(rows).toBeGreaterThanOrEqual(8);
      expect(wrong).toEqual([]);
    });

    it('visitor tokens and the agent key open no admin operation (401)', async () => {
      const wrong: string[] = [];
      for (const operation of operations) {
        const url = urlOf(operation, fillAdmin(a));
        const callers = [
          ['visitor', a.visitor.token],
          ['agent key', AGENT_KEY],
          ['no credentials', undefined],
        ] as const;
        wrong.push(
          ...(await refusedCallers(harness().app, operation, url, callers, bodyFor(operation, a))),
        );
      }
      expect(wrong).toEqual([]);
    });
  },
  { testRunDriver: scripted.driver, adminRateLimit: 100_000 },
);
