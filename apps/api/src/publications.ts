import { randomUUID } from 'node:crypto';
import { describeProblems, servedLanguages, voiceSettingProblems } from '@svc/protocol/agent';
import { sql, type Kysely } from 'kysely';
import type { ScenarioSnapshot } from './conversations.js';
import type { Database, OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import { parseLimits, type ApplicationLimits } from './limits.js';
import type { Scenario } from './scenarios.js';
import { rowsFor, type Page } from './paging.js';

/**
 * The label of a scenario's preview: the draft as the studio tries it. It cannot be published
 * (labels start with a letter or digit), no public or visitor route finds it, and it has no
 * history.
 */
export const PREVIEW_LABEL = '_preview';

/** How long a live publication lookup is reused, milliseconds. */
export const PUBLICATION_CACHE_MS = 2000;

/** A published (not unpublished) scenario as the public and visitor routes read it. */
export interface LivePublication {
  publication_id: number;
  /** The scenario's language: a new conversation's language when the visitor names none. */
  language: string;
  /** Every language the scenario serves: its own first, then its translations'. */
  languages: string[];
  application_id: number;
  company_id: number;
  /** JSON array of the origins the application may be embedded on; empty allows any. */
  allowed_origins: string;
  limits: ApplicationLimits;
  /** The application's signed-identify key; null when identify needs no signature. */
  identify_secret: string | null;
  snapshot: ScenarioSnapshot;
}

/** The snapshot and the languages it serves (those of the publication's snapshot). */
function withLanguages(
  language: string,
  snapshot: ScenarioSnapshot,
): { snapshot: ScenarioSnapshot; languages: string[] } {
  return { snapshot, languages: servedLanguages(language, snapshot.translations) };
}

/** A publication as the admin API lists it. */
export interface Publication {
  uuid: string;
  label: string;
  scenario_id: number;
  published_at: string;
  unpublished_at: string | null;
  /** The history entry whose snapshot the label serves (null for labels published before history). */
  history_id: number | null;
}

/** Who changed a label: a signed-in admin or an API key (an {@link AdminPrincipal} fits). */
export interface Actor {
  admin_id?: number | undefined;
  api_key_id?: number | undefined;
}

/** One publish, rollback or unpublish of a label. */
export interface HistoryEntry {
  id: number;
  publication_uuid: string;
  label: string;
  action: 'publish' | 'rollback' | 'unpublish';
  created_at: string;
  admin: { id: number; email: string } | null;
  api_key: { id: number; name: string } | null;
  /** For a rollback: the entry whose snapshot the label went back to. */
  rollback_of: number | null;
  /** The label serves this entry's snapshot now. */
  live: boolean;
}

/** What publishing `scenario` now would freeze: the authored scenario without its bookkeeping. */
export function draftSnapshot(
  scenario: Scenario,
): Omit<Scenario, 'id' | 'application_id' | 'created_at' | 'updated_at'> {
  const {
    id: _id,
    application_id: _application,
    created_at: _created,
    updated_at: _updated,
    ...snapshot
  } = scenario;
  return snapshot;
}

/** Publications: the live lookup the public routes make, and publishing for the admin API. */
export interface Publications {
  /** The live publication `uuid` names; 404 when it is unknown or unpublished. */
  live(uuid: string): Promise<LivePublication>;
  /**
   * Snapshots `scenario` under `label`. Publishing a label again replaces its snapshot and keeps
   * its uuid, so pages that embed it pick up the change.
   */
  publish(scenario: Scenario, label: string, actor: Actor): Promise<Publication>;
  /** A scenario's publications, by label. */
  ofScenario(scenarioId: number, page?: Page): Promise<Publication[]>;
  /** The company's publication with its snapshot; 404 for another company's. */
  find(
    companyId: number,
    uuid: string,
  ): Promise<Publication & { id: number; snapshot: ScenarioSnapshot }>;
  /**
   * Points the scenario's preview at its draft (created on first use) and answers its id and
   * uuid; see {@link PREVIEW_LABEL}.
   */
  preview(scenario: Scenario): Promise<{ publication_id: number; uuid: string }>;
  /** Unpublishes the company's publication (again is harmless); answers it. */
  unpublish(companyId: number, uuid: string, actor: Actor): Promise<Publication>;
  /** A scenario's history, newest first, optionally of one label. */
  history(
    scenarioId: number,
    options?: { label?: string | undefined; page?: Page | undefined },
  ): Promise<HistoryEntry[]>;
  /** One entry of a scenario's history with the snapshot it served; 404 otherwise. */
  historyEntry(
    scenarioId: number,
    entryId: number,
  ): Promise<HistoryEntry & { snapshot: ScenarioSnapshot | null }>;
  /**
   * Points the company's publication `uuid` at the snapshot of an earlier entry of the same
   * scenario (any label's, so staging's can go to production), published again if it was not.
   */
  rollback(companyId: number, uuid: string, entryId: number, actor: Actor): Promise<Publication>;
  /**
   * Live publications for the agent workers: those published or rolled back after the history
   * entry `after`, oldest first; without it, the `limit` most recently published, oldest first.
   */
  liveSince(after: number | undefined, limit: number): Promise<LiveSnapshot[]>;
}

/** A live publication with what a worker prepares its conversations from. */
export interface LiveSnapshot {
  uuid: string;
  published_at: string;
  /** The history entry it serves (0 for none): the cursor of {@link Publications.liveSince}. */
  history_id: number;
  company_id: number;
  /** The scenario's language. */
  language: string;
  /** Every language it serves: its own first, then its translations'. */
  languages: string[];
  snapshot: ScenarioSnapshot;
}

const publicationFields = [
  'p.uuid',
  'p.label',
  'p.scenario_id',
  'p.published_at',
  'p.unpublished_at',
  'p.history_id',
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
        'applications.identify_secret',
      ])
      .where('publications.uuid', '=', uuid)
      .where('publications.unpublished_at', 'is', null)
      // A preview is the admin's alone: no visitor token is ever issued or honoured for it.
      .where('publications.label', '!=', PREVIEW_LABEL)
      .executeTakeFirst()
      .then(
        (row) =>
          row && {
            ...row,
            limits: parseLimits(row.limits),
            ...withLanguages(row.language, JSON.parse(row.snapshot) as ScenarioSnapshot),
          },
      );
    if (cacheMs > 0) {
      cache.set(uuid, { at: now, value });
      // A failed lookup is not remembered.
      value.catch(() => cache.delete(uuid));
    }
    return value;
  }

  /**
   * Freezes the scenario's draft under `label`: the label's row is created on first use, then
   * keeps its uuid and gets the new snapshot, published again if it was not.
   */
  async function freezeDraft(trx: Kysely<Database>, scenario: Scenario, label: string) {
    // The snapshot is what the agent runs: the authored scenario without its bookkeeping.
    const snapshot = JSON.stringify(draftSnapshot(scenario));
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('publications')
      .values({
        uuid: randomUUID(),
        scenario_id: scenario.id,
        label,
        snapshot,
        published_at: now,
        history_id: null,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['scenario_id', 'label'])
          .doUpdateSet({ snapshot, published_at: now, unpublished_at: null }),
      )
      .returning(['id as publication_id', 'uuid'])
      .executeTakeFirstOrThrow();
    return { ...row, snapshot, published_at: now };
  }

  /** Adds a history entry; publish and rollback also point the label at it. */
  async function record(
    trx: Kysely<Database>,
    publicationId: number,
    entry: {
      action: HistoryEntry['action'];
      snapshot: string | null;
      actor: Actor;
      at: string;
      rollbackOf?: number;
    },
  ): Promise<void> {
    const row = await trx
      .insertInto('publication_history')
      .values({
        publication_id: publicationId,
        action: entry.action,
        snapshot: entry.snapshot,
        admin_id: entry.actor.admin_id ?? null,
        api_key_id: entry.actor.api_key_id ?? null,
        rollback_of: entry.rollbackOf ?? null,
        created_at: entry.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (entry.snapshot !== null)
      await trx
        .updateTable('publications')
        .set({ history_id: row.id })
        .where('id', '=', publicationId)
        .execute();
  }

  const historyQuery = (scenarioId: number) =>
    db
      .selectFrom('publication_history as h')
      .innerJoin('publications as p', 'p.id', 'h.publication_id')
      .leftJoin('admins as ad', 'ad.id', 'h.admin_id')
      .leftJoin('api_keys as k', 'k.id', 'h.api_key_id')
      .select([
        'h.id',
        'p.uuid as publication_uuid',
        'p.label',
        'h.action',
        'h.created_at',
        'h.rollback_of',
        'ad.id as admin_id',
        'ad.email as admin_email',
        'k.id as api_key_id',
        'k.name as api_key_name',
        'p.history_id as live_id',
        'p.unpublished_at',
      ])
      .where('p.scenario_id', '=', scenarioId)
      .orderBy('h.id', 'desc');

  async function find(companyId: number, uuid: string) {
    const row = await db
      .selectFrom('publications as p')
      .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .select([...publicationFields, 'p.snapshot', 'p.id'])
      .where('p.uuid', '=', uuid)
      .where('a.company_id', '=', companyId)
      .where('p.label', '!=', PREVIEW_LABEL)
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
    async publish(scenario, label, actor) {
      await db.transaction().execute(async (trx) => {
        const row = await freezeDraft(trx, scenario, label);
        await record(trx, row.publication_id, {
          action: 'publish',
          snapshot: row.snapshot,
          actor,
          at: row.published_at,
        });
      });
      return db
        .selectFrom('publications as p')
        .select([...publicationFields])
        .where('p.scenario_id', '=', scenario.id)
        .where('p.label', '=', label)
        .executeTakeFirstOrThrow();
    },
    ofScenario: (scenarioId, page) =>
      db
        .selectFrom('publications as p')
        .select([...publicationFields])
        .where('p.scenario_id', '=', scenarioId)
        .where('p.label', '!=', PREVIEW_LABEL)
        .orderBy('p.label')
        .$if(page !== undefined, (query) =>
          query.limit(rowsFor(page as Page).limit).offset((page as Page).offset),
        )
        .execute(),
    find,
    async preview(scenario) {
      const { publication_id, uuid } = await freezeDraft(db, scenario, PREVIEW_LABEL);
      return { publication_id, uuid };
    },
    async unpublish(companyId, uuid, actor) {
      const { snapshot: _snapshot, id, ...found } = await find(companyId, uuid);
      // The first unpublish time stays: unpublishing again changes nothing, nor is it recorded.
      if (found.unpublished_at) return found;
      const unpublishedAt = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('publications')
          .set({ unpublished_at: unpublishedAt })
          .where('id', '=', id)
          .execute();
        await record(trx, id, { action: 'unpublish', snapshot: null, actor, at: unpublishedAt });
      });
      return { ...found, unpublished_at: unpublishedAt };
    },
    history: (scenarioId, options = {}) =>
      historyQuery(scenarioId)
        .$if(options.label !== undefined, (query) =>
          query.where('p.label', '=', options.label as string),
        )
        .$if(options.page !== undefined, (query) =>
          query.limit(rowsFor(options.page as Page).limit).offset((options.page as Page).offset),
        )
        .execute()
        .then((rows) => rows.map(historyFromRow)),
    async historyEntry(scenarioId, entryId) {
      const row = await historyQuery(scenarioId)
        .select('h.snapshot')
        .where('h.id', '=', entryId)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, `unknown history entry ${entryId}`);
      return {
        ...historyFromRow(row),
        snapshot: row.snapshot ? (JSON.parse(row.snapshot) as ScenarioSnapshot) : null,
      };
    },
    async liveSince(after, limit) {
      const rows = await db
        .selectFrom('publications as p')
        .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
        .innerJoin('applications as a', 'a.id', 's.application_id')
        .select([
          'p.uuid',
          'p.published_at',
          'p.history_id',
          'p.snapshot',
          's.language',
          'a.company_id',
        ])
        .where('p.unpublished_at', 'is', null)
        .where('p.label', '!=', PREVIEW_LABEL)
        // Every publish and rollback since the cursor has an entry; a label published before
        // history was kept (or seeded) has none, and counts as the oldest of the first read.
        .$if(after !== undefined, (query) => query.where('p.history_id', '>', after as number))
        .orderBy(sql`coalesce(p.history_id, 0)`, after === undefined ? 'desc' : 'asc')
        .orderBy('p.id', after === undefined ? 'desc' : 'asc')
        .limit(limit)
        .execute();
      if (after === undefined) rows.reverse();
      return rows.map(({ snapshot, history_id, ...row }) => ({
        ...row,
        history_id: Number(history_id ?? 0),
        ...withLanguages(row.language, JSON.parse(snapshot) as ScenarioSnapshot),
      }));
    },
    async rollback(companyId, uuid, entryId, actor) {
      const { snapshot: _snapshot, id, ...found } = await find(companyId, uuid);
      const entry = await historyQuery(found.scenario_id)
        .select('h.snapshot')
        .where('h.id', '=', entryId)
        .executeTakeFirst();
      if (!entry?.snapshot)
        throw new HttpError(404, `no published snapshot ${entryId} of this scenario to go back to`);
      const snapshot = entry.snapshot;
      // A snapshot published before the key and address rules is not served again.
      const problems = voiceSettingProblems((JSON.parse(snapshot) as ScenarioSnapshot).voice);
      if (problems.length > 0) throw new HttpError(422, describeProblems(problems));
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('publications')
          .set({ snapshot, published_at: now, unpublished_at: null })
          .where('id', '=', id)
          .execute();
        await record(trx, id, {
          action: 'rollback',
          snapshot,
          actor,
          at: now,
          rollbackOf: entryId,
        });
      });
      const { snapshot: _after, id: _id, ...publication } = await find(companyId, uuid);
      return publication;
    },
  };
}

/** A history row as the admin API answers it. */
function historyFromRow(row: {
  id: number;
  publication_uuid: string;
  label: string;
  action: string;
  created_at: string;
  rollback_of: number | null;
  admin_id: number | null;
  admin_email: string | null;
  api_key_id: number | null;
  api_key_name: string | null;
  live_id: number | null;
  unpublished_at: string | null;
}): HistoryEntry {
  return {
    id: row.id,
    publication_uuid: row.publication_uuid,
    label: row.label,
    // Written only by this module, with these three values.
    action: row.action as HistoryEntry['action'],
    created_at: row.created_at,
    admin: row.admin_id !== null ? { id: row.admin_id, email: row.admin_email ?? '' } : null,
    api_key: row.api_key_id !== null ? { id: row.api_key_id, name: row.api_key_name ?? '' } : null,
    rollback_of: row.rollback_of,
    live: row.live_id === row.id && row.unpublished_at === null,
  };
}
