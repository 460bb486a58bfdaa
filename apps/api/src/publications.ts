import { randomUUID } from 'node:crypto';
import type { ScenarioSnapshot } from './conversations.js';
import type { OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import { parseLimits, type ApplicationLimits } from './limits.js';
import type { Scenario } from './scenarios.js';

/** How long a live publication lookup is reused, milliseconds. */
export const PUBLICATION_CACHE_MS = 2000;

/** A published (not unpublished) scenario as the public and visitor routes read it. */
export interface LivePublication {
  publication_id: number;
  /** The scenario's language: a new conversation's language when the visitor names none. */
  language: string;
  application_id: number;
  company_id: number;
  /** JSON array of the origins the application may be embedded on; empty allows any. */
  allowed_origins: string;
  limits: ApplicationLimits;
  snapshot: ScenarioSnapshot;
}

/** A publication as the admin API lists it. */
export interface Publication {
  uuid: string;
  label: string;
  scenario_id: number;
  published_at: string;
  unpublished_at: string | null;
}

/** Publications: the live lookup the public routes make, and publishing for the admin API. */
export interface Publications {
  /** The live publication `uuid` names; 404 when it is unknown or unpublished. */
  live(uuid: string): Promise<LivePublication>;
  /**
   * Snapshots `scenario` under `label`. Publishing a label again replaces its snapshot and keeps
   * its uuid, so pages that embed it pick up the change.
   */
  publish(scenario: Scenario, label: string): Promise<Publication>;
  /** A scenario's publications, by label. */
  ofScenario(scenarioId: number): Promise<Publication[]>;
  /** The company's publication with its snapshot; 404 for another company's. */
  find(companyId: number, uuid: string): Promise<Publication & { snapshot: ScenarioSnapshot }>;
  /** Unpublishes the company's publication (again is harmless); answers it. */
  unpublish(companyId: number, uuid: string): Promise<Publication>;
}

const publicationFields = [
  'p.uuid',
  'p.label',
  'p.scenario_id',
  'p.published_at',
  'p.unpublished_at',
] as const;

/**
 * Publications on one database. `cacheMs` (default {@link PUBLICATION_CACHE_MS}, 0 turns it off)
 * is how long a live lookup is reused.
 */
export function createPublications(
  { db }: OpenDatabase,
  options: { cacheMs?: number | undefined } = {},
): Publications {
  // Publications change rarely and every identify, session start and visitor request reads one:
  // a short cache saves the join. An unpublish or a limit change takes effect within cacheMs.
  const cache = new Map<string, { at: number; value: Promise<LivePublication | undefined> }>();
  const cacheMs = options.cacheMs ?? PUBLICATION_CACHE_MS;

  function lookup(uuid: string): Promise<LivePublication | undefined> {
    const now = Date.now();
    const hit = cache.get(uuid);
    if (hit && now - hit.at < cacheMs) return hit.value;
    if (cache.size > 1000) cache.clear();
    const value = db
      .selectFrom('publications')
      .innerJoin('scenarios', 'scenarios.id', 'publications.scenario_id')
      .innerJoin('applications', 'applications.id', 'scenarios.application_id')
      .select([
        'publications.id as publication_id',
        'publications.snapshot',
        'scenarios.language',
        'applications.id as application_id',
        'applications.company_id',
        'applications.allowed_origins',
        'applications.limits',
      ])
      .where('publications.uuid', '=', uuid)
      .where('publications.unpublished_at', 'is', null)
      .executeTakeFirst()
      .then(
        (row) =>
          row && {
            ...row,
            limits: parseLimits(row.limits),
            snapshot: JSON.parse(row.snapshot) as ScenarioSnapshot,
          },
      );
    if (cacheMs > 0) {
      cache.set(uuid, { at: now, value });
      // A failed lookup is not remembered.
      value.catch(() => cache.delete(uuid));
    }
    return value;
  }

  async function find(companyId: number, uuid: string) {
    const row = await db
      .selectFrom('publications as p')
      .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .select([...publicationFields, 'p.snapshot'])
      .where('p.uuid', '=', uuid)
      .where('a.company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown publication ${uuid}`);
    const { snapshot, ...publication } = row;
    return { ...publication, snapshot: JSON.parse(snapshot) as ScenarioSnapshot };
  }

  return {
    async live(uuid) {
      const found = await lookup(uuid);
      if (!found) throw new HttpError(404, `unknown publication ${uuid}`);
      return found;
    },
    async publish(scenario, label) {
      // The snapshot is what the agent runs: the authored scenario without its bookkeeping.
      const {
        id,
        application_id: _application,
        created_at: _created,
        updated_at: _updated,
        ...snapshot
      } = scenario;
      const text = JSON.stringify(snapshot);
      const now = new Date().toISOString();
      await db
        .insertInto('publications')
        .values({ uuid: randomUUID(), scenario_id: id, label, snapshot: text, published_at: now })
        .onConflict((conflict) =>
          conflict
            .columns(['scenario_id', 'label'])
            .doUpdateSet({ snapshot: text, published_at: now, unpublished_at: null }),
        )
        .execute();
      return db
        .selectFrom('publications as p')
        .select([...publicationFields])
        .where('p.scenario_id', '=', id)
        .where('p.label', '=', label)
        .executeTakeFirstOrThrow();
    },
    ofScenario: (scenarioId) =>
      db
        .selectFrom('publications as p')
        .select([...publicationFields])
        .where('p.scenario_id', '=', scenarioId)
        .orderBy('p.label')
        .execute(),
    find,
    async unpublish(companyId, uuid) {
      const found = await find(companyId, uuid);
      // The first unpublish time stays: unpublishing again changes nothing.
      const unpublishedAt = found.unpublished_at ?? new Date().toISOString();
      await db
        .updateTable('publications')
        .set({ unpublished_at: unpublishedAt })
        .where('uuid', '=', found.uuid)
        .execute();
      const { snapshot: _snapshot, ...publication } = found;
      return { ...publication, unpublished_at: unpublishedAt };
    },
  };
}
