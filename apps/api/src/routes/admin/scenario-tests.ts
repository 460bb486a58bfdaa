import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Conversations } from '../../conversations.js';
import { HttpError } from '../../errors.js';
import { nextOffset, pageOf, pageQuery } from '../../paging.js';
import { nonBlankText } from '../text.js';
import {
  scenarioTestBody,
  turnsFromConversation,
  type ScenarioTests,
} from '../../scenario-tests.js';
import type { Scenarios } from '../../scenarios.js';
import { adminErrors, companyOf, errorBody, idParams, recordIdParam } from './shared.js';

const testParams = idParams.extend({ testId: recordIdParam });
const noSuchTool = errorBody("A turn expects a tool the scenario's features do not have");
const scenarioTest = scenarioTestBody.extend({
  id: z.number(),
  scenario_id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** What the scenario test routes need. */
export interface ScenarioTestRouteDeps {
  scenarios: Scenarios;
  scenarioTests: ScenarioTests;
  conversations: Conversations;
}

/** A scenario's test conversations: list, write, replace, delete, and one made from a real conversation. */
export function scenarioTestRoutes({
  scenarios,
  scenarioTests,
  conversations,
}: ScenarioTestRouteDeps): FastifyPluginAsyncZod {
  const tags = ['admin: scenario tests'];
  return async (app) => {
    app.get(
      '/scenarios/:id/tests',
      {
        schema: {
          operationId: 'listScenarioTests',
          tags,
          summary: "A scenario's test conversations, by name (offset paged)",
          params: idParams,
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ tests: z.array(scenarioTest), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        const { rows, next_offset } = pageOf(
          await scenarioTests.list(scenario.id, request.query),
          request.query,
        );
        return { tests: rows, next_offset };
      },
    );
    app.post(
      '/scenarios/:id/tests',
      {
        schema: {
          operationId: 'createScenarioTest',
          tags,
          summary:
            'Add a test: typed turns, each expecting a tool with arguments, or phrases the reply must or must not contain (409 when the name is taken)',
          params: idParams,
          body: scenarioTestBody,
          response: { 201: scenarioTest, ...adminErrors, 422: noSuchTool },
        },
      },
      async (request, reply) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        return reply.status(201).send(await scenarioTests.create(scenario, request.body));
      },
    );
    app.post(
      '/scenarios/:id/tests/from-conversation',
      {
        schema: {
          operationId: 'createScenarioTestFromConversation',
          tags,
          summary:
            'Make a test of a real conversation: one turn per visitor message, expecting the tool call it led to',
          params: idParams,
          body: z.object({
            conversation_id: z.string().min(1).max(128),
            name: nonBlankText(200).optional(),
          }),
          response: {
            201: scenarioTest,
            ...adminErrors,
            422: errorBody('The conversation has no visitor messages to make turns of'),
          },
        },
      },
      async (request, reply) => {
        const companyId = companyOf(request);
        const scenario = await scenarios.find(companyId, request.params.id);
        const { conversation_id: conversationId, name } = request.body;
        const target = await conversations.scope(conversationId).catch(() => undefined);
        if (target?.company_id !== companyId)
          throw new HttpError(404, `unknown conversation ${conversationId}`);
        const turns = turnsFromConversation(
          await conversations.messages(conversationId, { limit: 10_000 }),
        ).slice(0, 50);
        if (turns.length === 0)
          throw new HttpError(422, 'conversation_id: the conversation has no visitor messages');
        const test = await scenarioTests.create(scenario, {
          name: name ?? `Conversation ${conversationId.slice(0, 8)}`,
          turns,
        });
        return reply.status(201).send(test);
      },
    );
    app.get(
      '/scenarios/:id/tests/:testId',
      {
        schema: {
          operationId: 'getScenarioTest',
          tags,
          summary: 'One test',
          params: testParams,
          response: { 200: scenarioTest, ...adminErrors },
        },
      },
      async (request) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        return scenarioTests.find(scenario.id, request.params.testId);
      },
    );
    app.put(
      '/scenarios/:id/tests/:testId',
      {
        schema: {
          operationId: 'replaceScenarioTest',
          tags,
          summary: "Replace a test's name and turns",
          params: testParams,
          body: scenarioTestBody,
          response: { 200: scenarioTest, ...adminErrors, 422: noSuchTool },
        },
      },
      async (request) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        return scenarioTests.replace(scenario, request.params.testId, request.body);
      },
    );
    app.delete(
      '/scenarios/:id/tests/:testId',
      {
        schema: {
          operationId: 'deleteScenarioTest',
          tags,
          summary: 'Delete a test',
          params: testParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        await scenarioTests.remove(scenario.id, request.params.testId);
        return reply.status(204).send(null);
      },
    );
  };
}
