import { beforeAll, expect, it } from 'vitest';
import { AGENT_KEY, describeOnBothDialects } from '../test-harness.js';
import { scriptedDriver } from '../test-runs/scripted-driver.js';
import { cartOfA, contentBody, familyOf, fillContent, judgeOutsider } from './content-table.js';
import {
  bearer,
  callOperation,
  operationsUnder,
  refusedCallers,
  urlOf,
  type Operation,
} from './operations.js';
import { seedTenants, visitorOf, type TenantA, type TenantB } from './tenants.js';

// OWASP API1 (BOLA) for the visitor routes, as a table over every `/v1/visitor` operation: another
// visitor, of the same application, of another application and of another company, never reads
// or changes A's visitor's carts, and sees A's collections only through the publication that
// attached them; admin credentials and the agent key open no visitor operation.

const scripted = scriptedDriver();

describeOnBothDialects(
  'visitor isolation',
  (harness) => {
    let operations: Operation[] = [];
    let a: TenantA;
    let b: TenantB;
    let outsiders: { caller: string; token: string; sameApplication: boolean }[] = [];
    beforeAll(async () => {
      operations = await operationsUnder(harness().app, '/v1/visitor/');
      ({ a, b } = await seedTenants(harness()));
      const { dialect, fixture } = harness();
      outsiders = [
        {
          caller: 'visitor of the same application',
          token: (await visitorOf(harness(), `same-${dialect}`, fixture.publicationUuid)).token,
          sameApplication: true,
        },
        {
          caller: "visitor of A's other application",
          token: (await visitorOf(harness(), `other-app-${dialect}`, fixture.otherPublicationUuid))
            .token,
          sameApplication: false,
        },
        {
          caller: 'visitor of another company',
          token: (await visitorOf(harness(), `other-company-${dialect}`, b.publicationUuid)).token,
          sameApplication: false,
        },
      ];
    }, 180_000);

    it("another visitor never reads or changes A's cart, and reaches A's collections only through A's publication", async () => {
      expect(operations.length).toBeGreaterThanOrEqual(10);
      const before = await cartOfA(harness().app, a);
      expect(JSON.stringify(before)).toContain('"quantity":2');
      const wrong: string[] = [];
      for (const operation of operations) {
        const family = familyOf(operation);
        const url = urlOf(operation, fillContent(a));
        for (const { caller, token, sameApplication } of outsiders) {
          const answer = await callOperation(
            harness().app,
            operation,
            url,
            token,
            contentBody(operation, a),
          );
          // The publication attached the collection: its visitors all search it (the control
          // that the ids in the table are real).
          const problem =
            family === 'collections' && sameApplication
              ? answer.status === 200
                ? undefined
                : 'expected 200: the publication attached this collection'
              : judgeOutsider(family, operation, answer, a);
          if (problem)
            wrong.push(
              `${caller} ${operation.method} ${url}: ${problem}; got ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
      expect(await cartOfA(harness().app, a)).toEqual(before);
    });

    it("another visitor cannot resume A's conversation (404), from the same or another application", async () => {
      const { fixture, app } = harness();
      for (const { token, publicationUuid } of [
        { token: outsiders[0]?.token, publicationUuid: fixture.publicationUuid },
        { token: outsiders[1]?.token, publicationUuid: fixture.otherPublicationUuid },
        { token: outsiders[2]?.token, publicationUuid: b.publicationUuid },
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/v1/public/session',
          headers: bearer(token),
          payload: {
            scenario_uuid: publicationUuid,
            input_mode: 'text',
            output_mode: 'text',
            resume_conversation_id: a.conversationId,
          },
        });
        expect({ status: response.statusCode, body: response.json() }).toEqual({
          status: 404,
          body: { error: expect.any(String) },
        });
      }
    });

    it('admin session tokens, API keys and the agent key open no visitor operation (401)', async () => {
      const wrong: string[] = [];
      for (const operation of operations) {
        const url = urlOf(operation, fillContent(a));
        const callers = [
          ["A's admin", a.token],
          ["A's API key", a.apiKey],
          ['agent key', AGENT_KEY],
          ['no credentials', undefined],
        ] as const;
        wrong.push(
          ...(await refusedCallers(
            harness().app,
            operation,
            url,
            callers,
            contentBody(operation, a),
          )),
        );
      }
      expect(wrong).toEqual([]);
    });
  },
  { testRunDriver: scripted.driver, publicRateLimit: 100_000 },
);
