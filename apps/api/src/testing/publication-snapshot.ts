import type { ScenarioSnapshot } from '../conversations.js';
import type { OpenDatabase } from '../db/database.js';

/**
 * Rewrites a publication's scenario snapshot in place: `patch` gets the stored snapshot and answers
 * the new one. Only tests do this: the API never changes a snapshot once published (publishing
 * again replaces it), but a test wants the scenario it runs, e.g. a scripted LLM in `voice.llm`.
 * The agent reads the snapshot per conversation, so the change applies to the next one.
 */
export async function patchPublicationSnapshot(
  { db }: OpenDatabase,
  publicationUuid: string,
  patch: (snapshot: ScenarioSnapshot) => ScenarioSnapshot,
): Promise<ScenarioSnapshot> {
  const publication = await db
    .selectFrom('publications')
    .select(['id', 'snapshot'])
    .where('uuid', '=', publicationUuid)
    .executeTakeFirst();
  if (!publication) throw new Error(`no publication ${publicationUuid} to patch`);
  const snapshot = patch(JSON.parse(publication.snapshot) as ScenarioSnapshot);
  await db
    .updateTable('publications')
    .set({ snapshot: JSON.stringify(snapshot) })
    .where('id', '=', publication.id)
    .execute();
  return snapshot;
}
