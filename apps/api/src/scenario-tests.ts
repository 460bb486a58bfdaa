import type { ConversationMessage } from '@svc/protocol';
import { z } from 'zod';
import type { OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import type { Scenario } from './scenarios.js';
import { rowsFor, type Page } from './paging.js';
import { nonBlankText } from './routes/text.js';

// Test conversations a scenario keeps: typed turns, each with what the agent should do. A runner
// plays them against the draft or a publication; this module only stores them.

const phrase = z.string().min(1).max(500);

/** What one turn expects of the agent; every part left out is not checked. */
export const turnExpectation = z.object({
  /** The tool the agent calls; `arguments` lists the ones that must match (others may differ). */
  tool: z
    .object({
      name: z.string().min(1).max(64),
      arguments: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  /** Phrases the reply must contain (case-insensitive). */
  reply_contains: z.array(phrase).max(20).optional(),
  /** Phrases the reply must not contain (case-insensitive). */
  reply_not_contains: z.array(phrase).max(20).optional(),
});

/** One typed turn of a test and what it expects. */
export const testTurn = z.object({
  user: z.string().min(1).max(2000),
  expect: turnExpectation.default({}),
});

/** A test as written: a name unique in its scenario, and its turns in order. */
export const scenarioTestBody = z.object({
  name: nonBlankText(200),
  turns: z.array(testTurn).min(1).max(50),
});

/** A stored test. */
export interface ScenarioTest extends z.infer<typeof scenarioTestBody> {
  id: number;
  scenario_id: number;
  created_at: string;
  updated_at: string;
}

/** A test's turns built from a real conversation: one per visitor message, with the tool it led to. */
export function turnsFromConversation(
  messages: readonly ConversationMessage[],
): z.infer<typeof testTurn>[] {
  const turns: z.infer<typeof testTurn>[] = [];
  for (const message of messages) {
    if (message.role === 'user' && message.content.trim()) {
      turns.push({ user: message.content.trim(), expect: {} });
      continue;
    }
    const current = turns[turns.length - 1];
    const call = message.role === 'assistant' ? message.tool_calls?.[0] : undefined;
    // The first tool call after the visitor spoke is what the turn expects.
    if (current && !current.expect.tool && call && typeof call.name === 'string') {
      const args = call.arguments;
      current.expect.tool = {
        name: call.name,
        ...(args && typeof args === 'object' ? { arguments: args } : {}),
      };
    }
  }
  return turns;
}

/** 422 naming the turn whose expected tool the scenario does not have (the body fits the schema). */
function checkTools(scenario: Scenario, turns: z.infer<typeof testTurn>[]): void {
  const tools = new Set(scenario.features.flatMap((feature) => feature.tools.map((t) => t.name)));
  for (const [index, turn] of turns.entries()) {
    const name = turn.expect.tool?.name;
    if (name !== undefined && !tools.has(name))
      throw new HttpError(
        422,
        `turns[${index}].expect.tool.name: no tool ${name} in this scenario`,
      );
  }
}

const fields = ['id', 'scenario_id', 'name', 'turns', 'created_at', 'updated_at'] as const;
const fromRow = (row: {
  id: number;
  scenario_id: number;
  name: string;
  turns: string;
  created_at: string;
  updated_at: string;
}): ScenarioTest => ({ ...row, turns: JSON.parse(row.turns) as ScenarioTest['turns'] });

/** Scenario tests on one database; callers have checked the scenario is the company's. */
export function createScenarioTests({ db }: OpenDatabase) {
  async function find(scenarioId: number, testId: number): Promise<ScenarioTest> {
    const row = await db
      .selectFrom('scenario_tests')
      .select(fields)
      .where('id', '=', testId)
      .where('scenario_id', '=', scenarioId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown test ${testId}`);
    return fromRow(row);
  }
  return {
    find,
    /** The scenario's tests by name; with `page`, one more than the page (see `paging.ts`). */
    list: async (scenarioId: number, page?: Page): Promise<ScenarioTest[]> =>
      (
        await db
          .selectFrom('scenario_tests')
          .select(fields)
          .where('scenario_id', '=', scenarioId)
          .orderBy('name')
          .orderBy('id')
          .$if(page !== undefined, (query) =>
            query.limit(rowsFor(page as Page).limit).offset((page as Page).offset),
          )
          .execute()
      ).map(fromRow),
    /** A new test (409 when the name is taken; 400 for a tool the scenario lacks). */
    async create(
      scenario: Scenario,
      test: z.infer<typeof scenarioTestBody>,
    ): Promise<ScenarioTest> {
      checkTools(scenario, test.turns);
      const now = new Date().toISOString();
      const row = await db
        .insertInto('scenario_tests')
        .values({
          scenario_id: scenario.id,
          name: test.name,
          turns: JSON.stringify(test.turns),
          created_at: now,
          updated_at: now,
        })
        .returning(fields)
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },
    /** Replaces a test's name and turns. */
    async replace(
      scenario: Scenario,
      testId: number,
      test: z.infer<typeof scenarioTestBody>,
    ): Promise<ScenarioTest> {
      await find(scenario.id, testId);
      checkTools(scenario, test.turns);
      await db
        .updateTable('scenario_tests')
        .set({
          name: test.name,
          turns: JSON.stringify(test.turns),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', testId)
        .execute();
      return find(scenario.id, testId);
    },
    async remove(scenarioId: number, testId: number): Promise<void> {
      await find(scenarioId, testId);
      await db.deleteFrom('scenario_tests').where('id', '=', testId).execute();
    },
  };
}

/** The scenario tests service. */
export type ScenarioTests = ReturnType<typeof createScenarioTests>;
