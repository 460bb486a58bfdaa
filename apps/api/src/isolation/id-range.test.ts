import { beforeAll, expect, it } from 'vitest';
import { AGENT_KEY, describeOnBothDialects } from '../test-harness.js';
import { scriptedDriver } from '../test-runs/scripted-driver.js';
import { bodyFor, fillAdmin } from './admin-table.js';
import { contentBody, fillContent } from './content-table.js';
import { callOperation, operationsUnder, urlOf, type Operation } from './operations.js';
import { seedTenants, type TenantA } from './tenants.js';

// An id past PostgreSQL's 32-bit integer ids names nothing: every operation answers it 400 or 404
// `{ error }`, never a 500 from the database refusing the comparison (it did on PostgreSQL for
// every admin route with a numeric id, and for the id filters of the lists and the dashboard).

/** One past the largest id PostgreSQL's `integer` columns hold. */
const PAST_RANGE = 2_147_483_648;

const scripted = scriptedDriver();

describeOnBothDialects(
  'ids out of range',
  (harness) => {
    let a: TenantA;
    let operations: Operation[] = [];
    beforeAll(async () => {
      ({ a } = await seedTenants(harness()));
      operations = (await operationsUnder(harness().app, '/v1/')).filter(
        (operation) => !operation.open && !operation.path.startsWith('/widget'),
      );
    }, 180_000);

    const credentialFor = (operation: Operation) =>
      operation.path.startsWith('/v1/admin/')
        ? a.token
        : operation.path.startsWith('/v1/agent/')
          ? AGENT_KEY
          : a.visitor.token;
    const fill = (param: { name: string; after: string }) =>
      param.name === 'conversationId'
        ? a.conversationId
        : (fillAdmin(a)(param) ?? fillContent(a)(param));
    const bodyOf = (operation: Operation) =>
      operation.path.startsWith('/v1/admin/') ? bodyFor(operation, a) : contentBody(operation, a);
    const refused = (answer: { status: number; body: unknown }) =>
      (answer.status === 400 || answer.status === 404) &&
      typeof (answer.body as { error?: unknown } | undefined)?.error === 'string';

    it('every path parameter past the range answers 400 or 404 { error }', async () => {
      const wrong: string[] = [];
      let rows = 0;
      for (const operation of operations) {
        for (const target of operation.params.filter((param) => param.type === 'integer')) {
          const url = urlOf(operation, (param) => (param === target ? PAST_RANGE : fill(param)));
          rows += 1;
          const answer = await callOperation(
            harness().app,
            operation,
            url,
            credentialFor(operation),
            bodyOf(operation),
          );
          if (!refused(answer)) wrong.push(`${operation.method} ${url}: ${answer.status}`);
        }
      }
      expect(rows).toBeGreaterThan(40);
      expect(wrong).toEqual([]);
    });

    it('every id in a query or a body past the range answers 400 or 404 { error }', async () => {
      const wrong: string[] = [];
      let rows = 0;
      for (const operation of operations) {
        const url = urlOf(operation, fill);
        for (const { name } of operation.query.filter((q) => q.type === 'integer')) {
          rows += 1;
          const answer = await callOperation(
            harness().app,
            operation,
            `${url}?${name}=${PAST_RANGE}`,
            credentialFor(operation),
            bodyOf(operation),
          );
          if (!refused(answer)) wrong.push(`${operation.name}?${name}: ${answer.status}`);
        }
        const base = bodyOf(operation);
        for (const [name, schema] of Object.entries(operation.body?.properties ?? {})) {
          const value =
            /_id$/.test(name) && schema.type === 'integer'
              ? PAST_RANGE
              : /_ids$/.test(name) && schema.items?.type === 'integer'
                ? [PAST_RANGE]
                : undefined;
          if (value === undefined) continue;
          rows += 1;
          const answer = await callOperation(
            harness().app,
            operation,
            url,
            credentialFor(operation),
            {
              ...(base as object),
              [name]: value,
            },
          );
          if (!refused(answer))
            wrong.push(
              `${operation.name} { ${name} }: ${answer.status} ${JSON.stringify(answer.body)}`,
            );
        }
      }
      expect(rows).toBeGreaterThan(8);
      expect(wrong).toEqual([]);
    });
  },
  { testRunDriver: scripted.driver, adminRateLimit: 100_000, publicRateLimit: 100_000 },
);
