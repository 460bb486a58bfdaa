// What the deployment's agent workers can serve, as they report it when they start: the publish
// route refuses a scenario none of them could serve instead of letting its conversations fail.
import { servingProblems, type AgentCapabilities, type ServingProblem } from '@svc/protocol/agent';
import type { OpenDatabase } from './db/database.js';

/** The reports of agent workers, one per dispatch name (the latest start wins). */
export interface AgentCapabilityStore {
  report(capabilities: AgentCapabilities, now?: Date): Promise<void>;
  latest(agentName: string): Promise<AgentCapabilities | undefined>;
  /**
   * What stops the agent `agentName` from serving these voice settings in each of the scenario's
   * languages (its own first, then its translations'); empty when it can, and when no worker of it
   * has reported yet (nothing is known to refuse on). A problem of a translation's language names
   * the field `translations.{tag}`.
   */
  problems(
    agentName: string,
    voice: Parameters<typeof servingProblems>[0],
    languages: string | readonly string[],
  ): Promise<ServingProblem[]>;
}

/** The store on one database. */
export function createAgentCapabilityStore({ db }: OpenDatabase): AgentCapabilityStore {
  async function latest(agentName: string) {
    const row = await db
      .selectFrom('agent_capabilities')
      .select('capabilities')
      .where('agent_name', '=', agentName)
      .executeTakeFirst();
    return row ? (JSON.parse(row.capabilities) as AgentCapabilities) : undefined;
  }
  return {
    async report(capabilities, now = new Date()) {
      const values = {
        agent_name: capabilities.agent_name,
        capabilities: JSON.stringify(capabilities),
        reported_at: now.toISOString(),
      };
      await db
        .insertInto('agent_capabilities')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .column('agent_name')
            .doUpdateSet({ capabilities: values.capabilities, reported_at: values.reported_at }),
        )
        .execute();
    },
    latest,
    async problems(agentName, voice, languages) {
      const capabilities = await latest(agentName);
      if (!capabilities) return [];
      const [own, ...others] = typeof languages === 'string' ? [languages] : languages;
      const problems = own === undefined ? [] : servingProblems(voice, own, capabilities);
      for (const tag of others) {
        for (const problem of servingProblems(voice, tag, capabilities)) {
          // The voice settings serve every language: only what a language itself lacks is new.
          if (problem.field === 'language')
            problems.push({ ...problem, field: `translations.${tag}` });
        }
      }
      return problems;
    },
  };
}
