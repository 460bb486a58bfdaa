import { beforeAll, expect, it } from 'vitest';
import { AGENT_KEY as agentKey, describeOnBothDialects } from '../test-harness.js';
import { scriptedDriver } from '../test-runs/scripted-driver.js';
import { cartOfA, contentBody, familyOf, fillContent, judgeOutsider } from './content-table.js';
import {
  callOperation,
  operationsUnder,
  refusedCallers,
  urlOf,
  type Operation,
} from './operations.js';
import { seedTenants, type TenantA, type TenantB } from './tenants.js';

// OWASP API1 (BOLA) and API5 (BFLA) for the agent's API, as a table over every `/v1/agent`
// operation. The agent key is one service-wide credential: what scopes a call is the conversation
// in its path, whose publication decides the company, the collections and the visitor. So a
// conversation of another company (or of A's other application) never reaches A's collections or
// A's visitor's carts, an unknown conversation is 404, and admin and visitor credentials open
// nothing.

const scripted = scriptedDriver();

describeOnBothDialects(
  'agent isolation',
  (harness) => {
    let operations: Operation[] = [];
    let a: TenantA;
    let b: TenantB;
    // Every agent operation, and those of one conversation: the others (a worker's capabilities
    // report) hold no company's records, so only the credential table covers them.
    let everyOperation: Operation[] = [];
    beforeAll(async () => {
      everyOperation = await operationsUnder(harness().app, '/v1/agent/');
      operations = everyOperation.filter((operation) =>
        operation.path.startsWith('/v1/agent/conversations/'),
      );
      ({ a, b } = await seedTenants(harness()));
    }, 180_000);

    it("the agent on another company's conversation never reaches A's collections or carts", async () => {
      expect(operations.length).toBeGreaterThanOrEqual(15);
      const before = await cartOfA(harness().app, a);
      const wrong: string[] = [];
      let rows = 0;
      for (const operation of operations) {
        const family = familyOf(operation);
        // The conversation's own endpoints name nothing but the conversation: the next test.
        if (family === 'conversation') continue;
        const url = urlOf(operation, fillContent(a, b.conversationId));
        const answer = await callOperation(
          harness().app,
          operation,
          url,
          agentKey,
          contentBody(operation, a),
        );
        rows += 1;
        const problem = judgeOutsider(family, operation, answer, a);
        if (problem)
          wrong.push(
            `${operation.method} ${url}: ${problem}; got ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
          );
        // The control: on A's own conversation the same call reaches A's records.
        if (family === 'collections') {
          const own = await callOperation(
            harness().app,
            operation,
            urlOf(operation, fillContent(a, a.conversationId)),
            agentKey,
            contentBody(operation, a),
          );
          if (own.status !== 200)
            wrong.push(`${operation.name} on A's conversation: ${own.status}`);
        }
      }
      expect(rows).toBeGreaterThanOrEqual(10);
      expect(wrong).toEqual([]);
      expect(await cartOfA(harness().app, a)).toEqual(before);
    });

    it('every agent operation answers 404 { error } for a conversation that does not exist', async () => {
      const wrong: string[] = [];
      for (const operation of operations) {
        const url = urlOf(operation, fillContent(a, '00000000-0000-4000-8000-000000000000'));
        const answer = await callOperation(
          harness().app,
          operation,
          url,
          agentKey,
          contentBody(operation, a),
        );
        if (
          answer.status !== 404 ||
          typeof (answer.body as { error?: unknown })?.error !== 'string'
        )
          wrong.push(`${operation.method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      expect(wrong).toEqual([]);
    });

    it('admin session tokens, API keys, visitor tokens and a wrong key open no agent operation (401)', async () => {
      const wrong: string[] = [];
      expect(everyOperation.length).toBeGreaterThan(operations.length);
      for (const operation of everyOperation) {
        const url = urlOf(operation, fillContent(a, a.conversationId));
        const callers = [
          ["A's admin", a.token],
          ["A's API key", a.apiKey],
          ["A's visitor", a.visitor.token],
          ['a wrong agent key', `${agentKey}x`],
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
  { testRunDriver: scripted.driver },
);
