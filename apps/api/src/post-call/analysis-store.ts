// What the agent read out of an ended conversation: stored once, read by the Studio, the
// dashboard and the post-call payload.
import {
  analysisProblems,
  declaresAnalysis,
  describeProblems,
  type ConversationAnalysis,
  type CriterionJudgement,
  type ScenarioSnapshot,
} from '@svc/protocol/agent';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';

/** A criterion's results over a set of conversations. */
export interface CriterionRate {
  name: string;
  success: number;
  failure: number;
  unknown: number;
}

/** The analysis store of one database. */
export type AnalysisStore = ReturnType<typeof createAnalysisStore>;

/** Creates the analysis store. */
export function createAnalysisStore(database: OpenDatabase) {
  const { db } = database;
  return {
    /**
     * Stores the analysis of an ended conversation against what its publication declared: 409
     * while it runs or when it declares nothing, 422 naming each field that does not fit. The
     * first analysis stored stays (an agent that retries gets the stored one back).
     */
    async store(
      conversation: { id: string; ended_at: string | null; snapshot: ScenarioSnapshot },
      analysis: ConversationAnalysis,
    ): Promise<ConversationAnalysis> {
      if (conversation.ended_at === null)
        throw new HttpError(409, 'the conversation has not ended: analysis follows its end');
      const declared = conversation.snapshot.analysis;
      if (!declared || !declaresAnalysis(declared))
        throw new HttpError(409, "the conversation's scenario declares no analysis");
      const problems = analysisProblems(declared, analysis);
      if (problems.length > 0) throw new HttpError(422, describeProblems(problems));
      await db
        .insertInto('conversation_analyses')
        .values({
          conversation_id: conversation.id,
          data: JSON.stringify(analysis.data),
          criteria: JSON.stringify(analysis.criteria),
        })
        .onConflict((conflict) => conflict.column('conversation_id').doNothing())
        .execute();
      return (await this.get(conversation.id)) ?? analysis;
    },

    /** The stored analysis of a conversation, or null. */
    async get(conversationId: string): Promise<ConversationAnalysis | null> {
      const row = await db
        .selectFrom('conversation_analyses')
        .select(['data', 'criteria'])
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      return row
        ? {
            data: JSON.parse(row.data) as ConversationAnalysis['data'],
            criteria: JSON.parse(row.criteria) as CriterionJudgement[],
          }
        : null;
    },

    /**
     * Each criterion's counts over the analysed conversations of a company that started in
     * `[from, to)`, optionally of one scenario, by name in first-seen order.
     */
    async criteriaRates(
      companyId: number,
      options: { from: string; to: string; scenarioId?: number | undefined },
    ): Promise<CriterionRate[]> {
      const rows = await db
        .selectFrom('conversation_analyses as x')
        .innerJoin('conversations as c', 'c.id', 'x.conversation_id')
        .innerJoin('publications as p', 'p.id', 'c.publication_id')
        .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
        .innerJoin('applications as a', 'a.id', 's.application_id')
        .select('x.criteria')
        .where('a.company_id', '=', companyId)
        .where('c.started_at', '>=', options.from)
        .where('c.started_at', '<', options.to)
        .$if(options.scenarioId !== undefined, (query) =>
          query.where('s.id', '=', options.scenarioId as number),
        )
        .execute();
      const rates = new Map<string, CriterionRate>();
      for (const row of rows)
        for (const judgement of JSON.parse(row.criteria) as CriterionJudgement[]) {
          const rate = rates.get(judgement.name) ?? {
            name: judgement.name,
            success: 0,
            failure: 0,
            unknown: 0,
          };
          rate[judgement.result] += 1;
          rates.set(judgement.name, rate);
        }
      return [...rates.values()];
    },
  };
}
