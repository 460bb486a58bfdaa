// What the deployment's agent workers can serve, as they report it when they start: the publish
// route refuses a scenario none of them could serve instead of letting its conversations fail.
import { servingProblems, type AgentCapabilities, type ServingProblem } from '@svc/protocol/agent';
import type { OpenDatabase } from './db/database.js';

/** The reports of agent workers, one per dispatch name (the latest start wins). */
export interface AgentCapabilityStore {
  report(capabilities: AgentCapabilities, now?: Date): Promise<void>;
  latest(agentName: string): Promise<AgentCapabilities | undefined>;
  /**
   * What stops the agent `agentName` from serving these voice settings in `language`; empty when
   * it can, and when no worker of it has reported yet (nothing is known to refuse on).
   */
  problems(
    agentName: string,
    voice: Parameters<typeof servingProblems>[0],
    language: string,
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
    async problems(agentName, voice, language) {
      const capabilities = await latest(agentName);
      return capabilities ? servingProblems(voice, language, capabilities) : [];
    },
  };
}
